import { useTranslation } from "react-i18next";
import "@/components/locale";

/**
 * An assistant answer as the server writes it: prose, and quoted table rows as a markdown table
 * (a header row, a separator, then rows whose last cell carries the citation). Only that shape is
 * read as a table; everything else is shown as text, so no markup from a document is interpreted.
 */

type Block = { kind: "text"; text: string } | { kind: "table"; header: string[]; rows: string[][] };

const SEPARATOR = /^\|(?:\s*:?-{3,}:?\s*\|)+$/;

/** Cells of a table line: split at unescaped pipes, outer pipes dropped, `\|` read as a pipe. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replaceAll("\\|", "|").trim());
}

export function answerBlocks(answer: string): Block[] {
  return answer.split(/\n{2,}/).map((part): Block => {
    const lines = part.trim().split("\n");
    const table =
      lines.length >= 2 && SEPARATOR.test(lines[1]!.trim()) && lines.every((l) => l.trim().startsWith("|"));
    if (!table) return { kind: "text", text: part };
    return { kind: "table", header: cellsOf(lines[0]!), rows: lines.slice(2).map(cellsOf) };
  });
}

export function AnswerText({ answer }: { answer: string }) {
  const { t } = useTranslation("shared");
  return (
    <div className="space-y-2 text-sm" data-testid="text-ai-answer">
      {answerBlocks(answer).map((block, i) =>
        block.kind === "text" ? (
          <p key={i} className="whitespace-pre-line">
            {block.text}
          </p>
        ) : (
          <div
            key={i}
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t("answer.quotedTable")}
          >
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr>
                  {block.header.map((cell, c) => (
                    <th key={c} className="border px-2 py-1 text-left font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c} className="border px-2 py-1 align-top">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ),
      )}
    </div>
  );
}
