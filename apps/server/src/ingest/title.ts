import { usableTitle } from "@quire/textkit";
import { unzipSync } from "fflate";

// The first-heading rule is shared with the web (textkit title.ts).
export { firstHeading } from "@quire/textkit";

/** core.xml is a few hundred bytes; a larger one is not read (the archive guard has already run). */
const MAX_CORE_XML_BYTES = 64 * 1024;

/** PDF `Title` metadata (the Info dictionary), when it names the document. */
export function pdfMetadataTitle(info: unknown): string | null {
  const title = (info as { Title?: unknown } | null)?.Title;
  return typeof title === "string" ? usableTitle(title) : null;
}

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    const lower = entity.toLowerCase();
    if (named[lower]) return named[lower];
    const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** The DOCX core title (`docProps/core.xml`, `<dc:title>`); call after the archive guard. */
export function docxCoreTitle(bytes: Uint8Array): string | null {
  let xml: string;
  try {
    const files = unzipSync(bytes, {
      filter: (file) => file.name === "docProps/core.xml" && file.originalSize <= MAX_CORE_XML_BYTES,
    });
    const core = files["docProps/core.xml"];
    if (!core) return null;
    xml = new TextDecoder().decode(core);
  } catch {
    return null;
  }
  const open = xml.indexOf("<dc:title");
  if (open < 0) return null;
  const start = xml.indexOf(">", open);
  const end = xml.indexOf("</dc:title>", start);
  if (start < 0 || end < 0 || xml[start - 1] === "/") return null;
  return usableTitle(decodeXmlText(xml.slice(start + 1, end)));
}
