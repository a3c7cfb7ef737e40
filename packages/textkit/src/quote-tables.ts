import { plainInline } from "./sections";

/**
 * A markdown table's rows as the assistant quotes them: each body row is one quotable unit that
 * reads with its header ("Leave type: Paternity leave; Duration: 4 weeks"), so it can be chosen
 * like a sentence, and an answer quoting rows of one table shows them as a table again, header
 * first (markdown), instead of cells joined by separators.
 */

export interface QuotedRow {
  /** The row as a sentence: each cell after its header, "; " between them. */
  text: string;
  /** The table's header cells (empty when the table has none). */
  header: string[];
  cells: string[];
  /** Which table of the passage the row belongs to (its offset in the unit list). */
  table: number;
}

/**
 * A line of dashes between rows: markdown's "|---|---|", and the rules of a plain-text grid table
 * ("+------+------+", "|------+------|", "+======+") as manuals and specifications draw them.
 */
const SEPARATOR_ROW = /^\s*[|+]?[\s:|+=-]*[-=][\s:|+=-]*[|+]?\s*$/;

/** A row's cells: split at unescaped pipes, the outer pipes dropped, each cell as plain text. */
function cellsOf(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => plainInline(cell.replaceAll("\\|", "|")).trim());
}

/** The body rows of one markdown table (its text verbatim), each with the header it reads under. */
export function tableRows(table: string, index: number): QuotedRow[] {
  const all = table.split("\n").filter((line) => line.trim() !== "");
  // A grid table's top rule comes before its header.
  const first = all.findIndex((line) => !SEPARATOR_ROW.test(line));
  const lines = first < 0 ? [] : all.slice(first);
  const hasHeader = lines.length > 1 && SEPARATOR_ROW.test(lines[1]!);
  const header = hasHeader ? cellsOf(lines[0]!) : [];
  const body = (hasHeader ? lines.slice(2) : lines).filter((line) => !SEPARATOR_ROW.test(line));
  return body.map((line) => {
    const cells = cellsOf(line);
    const text = cells
      .map((cell, i) => (header[i] && cell ? `${header[i]}: ${cell}` : cell))
      .filter(Boolean)
      .join("; ");
    return { text, header, cells, table: index };
  });
}

/** A cell as markdown table text: pipes and line breaks cannot stand inside one. */
const asCell = (text: string) => text.replaceAll("|", "\\|").replace(/\s+/g, " ").trim();

/**
 * Rows of one table as a markdown table with its header, each row's citation markers in its last
 * cell, so every row carries its source.
 */
export function renderTable(rows: ReadonlyArray<{ row: QuotedRow; markers: string }>): string {
  const first = rows[0]?.row;
  if (!first) return "";
  const width = Math.max(first.header.length, ...rows.map(({ row }) => row.cells.length));
  const line = (cells: string[]) => `| ${cells.map(asCell).join(" | ")} |`;
  const pad = (cells: string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")];
  const out: string[] = [];
  if (first.header.length > 0) {
    out.push(line(pad(first.header)));
    out.push(`|${" --- |".repeat(width)}`);
  }
  for (const { row, markers } of rows) {
    const cells = pad(row.cells);
    cells[width - 1] = `${cells[width - 1] ?? ""} ${markers}`.trim();
    out.push(line(cells));
  }
  // A table without a header row is not a markdown table: it gets an empty header of its width.
  if (first.header.length === 0)
    out.unshift(line(Array<string>(width).fill("")), `|${" --- |".repeat(width)}`);
  return out.join("\n");
}
