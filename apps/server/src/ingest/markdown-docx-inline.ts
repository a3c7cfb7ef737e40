import { ExternalHyperlink, TextRun, type ParagraphChild } from "docx";
import type { PhrasingContent } from "mdast";

/** The style ids a Word rendition uses beyond docx's defaults (Word's own names, see markdown-docx.ts). */
export const DOCX_STYLES = {
  quote: "Quote",
  codeBlock: "HTMLPreformatted",
  code: "HTMLCode",
} as const;

interface Marks {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
}

/**
 * Text XML 1.0 can hold: control characters other than tab and line breaks, and halves of a
 * surrogate pair, make a file Word refuses to open ("unreadable content"), so they are left out.
 */
export function xmlSafe(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
  );
}

/** Link targets a Word file may carry: the web, mail and places inside a document, never script. */
const SAFE_LINK = /^(https?:|mailto:|#|\/|\.{0,2}\/?[^:]*$)/i;

/** One run of text; a soft line break inside a paragraph reads as the space markdown renders it as. */
export function plainRun(text: string, marks: Marks = {}): TextRun {
  return new TextRun({
    text: xmlSafe(text).replace(/\r?\n/g, " "),
    bold: marks.bold,
    italics: marks.italics,
    strike: marks.strike,
    style: marks.code ? DOCX_STYLES.code : marks.link ? "Hyperlink" : undefined,
  });
}

function textOf(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node) => ("value" in node ? node.value : "children" in node ? textOf(node.children) : ""))
    .join("");
}

/** A paragraph's runs: emphasis, strong, strikethrough and code as run properties, links as hyperlinks. */
export function inlineRuns(nodes: readonly PhrasingContent[], marks: Marks = {}): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case "text":
        return [plainRun(node.value, marks)];
      case "strong":
        return inlineRuns(node.children, { ...marks, bold: true });
      case "emphasis":
        return inlineRuns(node.children, { ...marks, italics: true });
      case "delete":
        return inlineRuns(node.children, { ...marks, strike: true });
      case "inlineCode":
        return [plainRun(node.value, { ...marks, code: true })];
      case "break":
        return [new TextRun({ break: 1 })];
      case "link":
        if (!SAFE_LINK.test(node.url)) return inlineRuns(node.children, marks);
        return [
          new ExternalHyperlink({
            link: xmlSafe(node.url),
            children: inlineRuns(node.children, { ...marks, link: true }),
          }),
        ];
      case "linkReference":
        return inlineRuns(node.children, marks);
      case "image":
      case "imageReference":
        // The rendition keeps text only, as the converter does: an image leaves its description.
        return node.alt ? [plainRun(node.alt, marks)] : [];
      case "html":
        return [plainRun(node.value, marks)];
      case "footnoteReference":
        return [plainRun(`[${node.label ?? node.identifier}]`, marks)];
      default: {
        // A kind the parser's extensions may add later: its text, unformatted.
        const other = node as { value?: string; children?: PhrasingContent[] };
        return [plainRun(other.value ?? textOf(other.children ?? []), marks)];
      }
    }
  });
}
