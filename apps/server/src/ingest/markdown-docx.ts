import {
  AlignmentType,
  BorderStyle,
  Document,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  WidthType,
  type FileChild,
  type ILevelsOptions,
  type IStylesOptions,
} from "docx";
import type { List, ListItem, Root, RootContent, Table as MarkdownTable } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { DOCX_STYLES, inlineRuns, plainRun, xmlSafe } from "./markdown-docx-inline.js";

/**
 * Markdown → DOCX: the Word file of a version's text. Headings, paragraphs, emphasis, code, links,
 * nested lists, tables, block quotes and code blocks become their Word counterparts, written with
 * Word's own style names (Heading 1, Quote, HTML Preformatted, HTML Code) so Word shows them as
 * such and the DOCX converter (docx.ts) reads them back as the same markdown.
 */
export interface MarkdownDocxInput {
  markdown: string;
  title: string;
  /** A line before the text (the controlled-copy stamp), set apart from it. */
  preface?: string | null;
}

/** Twips across an A4 page inside Word's default margins: what a table's columns share. */
const TEXT_WIDTH_TWIPS = 9_026;
/** Word nests lists nine levels deep at most. */
const LIST_LEVELS = 9;
const INDENT_STEP = 720;

const HEADINGS = ["Heading1", "Heading2", "Heading3", "Heading4", "Heading5", "Heading6"] as const;

interface Blocks {
  /** Inside a block quote: paragraphs take the Quote style. */
  quote: boolean;
  /** How deep inside list items (0 outside any), for the indent of a list item's later paragraphs. */
  depth: number;
  /** Each ordered list is its own numbering instance, so every list counts from its own start. */
  nextInstance: { value: number };
}

function listLevels(format: "bullet" | "decimal"): ILevelsOptions[] {
  const bullets = ["•", "◦", "▪"];
  return Array.from({ length: LIST_LEVELS }, (_, level) => ({
    level,
    format: format === "bullet" ? LevelFormat.BULLET : LevelFormat.DECIMAL,
    text: format === "bullet" ? (bullets[level % bullets.length] ?? "•") : `%${level + 1}.`,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: INDENT_STEP * (level + 1), hanging: 360 } } },
  }));
}

function codeBlock(value: string, ctx: Blocks): Paragraph[] {
  // One paragraph a line, which the converter joins again; a blank line keeps a space so the
  // converter, which skips empty paragraphs, keeps it too.
  return value.split(/\r?\n/).map(
    (line) =>
      new Paragraph({
        style: DOCX_STYLES.codeBlock,
        children: [plainRun(line === "" ? " " : line)],
        indent: ctx.depth > 0 ? { left: INDENT_STEP * ctx.depth } : undefined,
      }),
  );
}

function table(node: MarkdownTable): Table {
  const columns = Math.max(1, ...node.children.map((row) => row.children.length));
  const width = Math.floor(TEXT_WIDTH_TWIPS / columns);
  const alignments = node.align ?? [];
  const rows = node.children.map((row, index) => {
    const header = index === 0;
    const cells = Array.from({ length: columns }, (_, column) => {
      const cell = row.children[column];
      const align = alignments[column];
      return new TableCell({
        width: { size: width, type: WidthType.DXA },
        children: [
          new Paragraph({
            children: cell ? inlineRuns(cell.children) : [],
            alignment:
              align === "center" ? AlignmentType.CENTER : align === "right" ? AlignmentType.RIGHT : undefined,
          }),
        ],
        // Shaded rather than bold, so the heading's text reads back as it was written.
        shading: header ? { type: ShadingType.CLEAR, color: "auto", fill: "E7E6E6" } : undefined,
      });
    });
    // Only the first row repeats on each page: a row with tableHeader false is still read as one.
    return new TableRow({ children: cells, ...(header ? { tableHeader: true } : {}) });
  });
  return new Table({
    rows,
    width: { size: width * columns, type: WidthType.DXA },
    columnWidths: Array.from({ length: columns }, () => width),
  });
}

function listItems(node: List, level: number, ctx: Blocks): FileChild[] {
  const instance = node.ordered ? ctx.nextInstance.value++ : 0;
  const reference = node.ordered ? "numbers" : "bullets";
  return node.children.flatMap((item) => listItem(item, { reference, instance, level }, ctx));
}

function listItem(
  item: ListItem,
  numbering: { reference: string; instance: number; level: number },
  ctx: Blocks,
): FileChild[] {
  const inner: Blocks = { ...ctx, depth: numbering.level + 1 };
  const out: FileChild[] = [];
  let numbered = false;
  const level = Math.min(numbering.level, LIST_LEVELS - 1);
  for (const child of item.children) {
    if (child.type === "list") {
      out.push(...listItems(child, numbering.level + 1, inner));
    } else if (child.type === "paragraph" && !numbered) {
      numbered = true;
      const check = item.checked === true ? "☒ " : item.checked === false ? "☐ " : "";
      out.push(
        new Paragraph({
          numbering: { reference: numbering.reference, level, instance: numbering.instance },
          children: [...(check ? [plainRun(check)] : []), ...inlineRuns(child.children)],
        }),
      );
    } else {
      out.push(...blocks([child], inner));
    }
  }
  return out;
}

function block(node: RootContent, ctx: Blocks): FileChild[] {
  const indent = ctx.depth > 0 ? { left: INDENT_STEP * ctx.depth } : undefined;
  switch (node.type) {
    case "heading":
      return [new Paragraph({ style: HEADINGS[node.depth - 1], children: inlineRuns(node.children) })];
    case "paragraph":
      return [
        new Paragraph({
          style: ctx.quote ? DOCX_STYLES.quote : undefined,
          indent,
          children: inlineRuns(node.children),
        }),
      ];
    case "blockquote":
      return blocks(node.children, { ...ctx, quote: true });
    case "list":
      return listItems(node, 0, ctx);
    case "code":
      return codeBlock(node.value, ctx);
    case "table":
      return [table(node)];
    case "thematicBreak":
      return [
        new Paragraph({
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } },
        }),
      ];
    case "html":
      return [new Paragraph({ indent, children: [plainRun(node.value)] })];
    case "footnoteDefinition":
      return blocks(node.children, ctx);
    default:
      // Link definitions and front matter carry nothing a reader sees.
      return [];
  }
}

function blocks(nodes: readonly RootContent[], ctx: Blocks): FileChild[] {
  return nodes.flatMap((node) => block(node, ctx));
}

const STYLES: IStylesOptions = {
  default: { document: { run: { font: "Calibri", size: 22 } } },
  paragraphStyles: [
    {
      id: DOCX_STYLES.quote,
      name: "Quote",
      basedOn: "Normal",
      next: "Normal",
      quickFormat: true,
      run: { italics: true, color: "404040" },
      paragraph: {
        indent: { left: INDENT_STEP },
        border: { left: { style: BorderStyle.SINGLE, size: 12, color: "BFBFBF", space: 8 } },
      },
    },
    {
      id: DOCX_STYLES.codeBlock,
      name: "HTML Preformatted",
      basedOn: "Normal",
      run: { font: "Consolas", size: 20 },
      paragraph: { spacing: { before: 0, after: 0 } },
    },
  ],
  characterStyles: [
    { id: DOCX_STYLES.code, name: "HTML Code", basedOn: "DefaultParagraphFont", run: { font: "Consolas" } },
  ],
};

/** The markdown as a parsed tree (CommonMark with GitHub's tables, strikethrough and task lists). */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** The DOCX bytes of `markdown`, titled `title` in its properties (File › Properties in Word). */
export async function markdownToDocx(input: MarkdownDocxInput): Promise<Uint8Array> {
  const ctx: Blocks = { quote: false, depth: 0, nextInstance: { value: 1 } };
  const body = blocks(parseMarkdown(input.markdown).children, ctx);
  const preface = input.preface
    ? [new Paragraph({ children: [plainRun(input.preface, { italics: true })] }), new Paragraph({})]
    : [];
  const document = new Document({
    title: xmlSafe(input.title),
    creator: "Quire",
    styles: STYLES,
    numbering: {
      config: [
        { reference: "bullets", levels: listLevels("bullet") },
        { reference: "numbers", levels: listLevels("decimal") },
      ],
    },
    sections: [{ children: [...preface, ...body] }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
