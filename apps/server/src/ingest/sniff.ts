import { unzipSync } from "fflate";
import { fileTypeFromBuffer } from "file-type";
import { damagedFile } from "./errors.js";

export type SupportedKind = "pdf" | "docx" | "txt" | "md";

export interface SupportedType {
  kind: SupportedKind;
  mediaType: string;
}

export interface UnsupportedType {
  kind: "unsupported";
  /** Why, for logs and for the caller's message: which of bytes and name did not fit. */
  reason: string;
}

/**
 * A file whose name and bytes say it is one of the accepted kinds but that is too damaged to be
 * sniffed as one (a PDF cut short inside its header): the caller answers 422 with `reason`, as for
 * a file the conversion finds damaged, not 415, which would tell the person to convert it.
 */
export interface DamagedType {
  kind: "damaged";
  reason: string;
}

export const MEDIA_TYPES: Record<SupportedKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  md: "text/markdown",
};

const KIND_BY_EXTENSION: Record<string, SupportedKind> = {
  pdf: "pdf",
  docx: "docx",
  txt: "txt",
  md: "md",
  markdown: "md",
};

/**
 * What file-type's answer is called in a refusal, so a log says "an ELF executable" rather than
 * "not a PDF"; a type not named here is described by its extension and media type.
 */
const NAMES_BY_EXTENSION: Record<string, string> = {
  elf: "an ELF executable",
  exe: "a Windows executable",
  png: "a PNG image",
  jpg: "a JPEG image",
  gif: "a GIF image",
  gz: "a gzip archive",
  cfb: "a legacy Office (OLE) file",
  zip: "a zip archive",
  pdf: "a PDF",
  ai: "a PDF",
};
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

const PDF_MAGIC = "%PDF-";
/** Acrobat accepts the header anywhere in the first 1024 bytes; so do we. */
const PDF_HEADER_WINDOW = 1024;
const TEXT_SAMPLE_BYTES = 64 * 1024;

function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, PDF_HEADER_WINDOW)).includes(PDF_MAGIC);
}

/**
 * A PDF whose header did not survive: cut short inside "%PDF-", "%PDF" with a damaged version, or
 * the first block overwritten while its numbered objects ("12 0 obj … endobj") remain. Only asked
 * of bytes named .pdf that file-type does not know as something else, so an executable renamed
 * .pdf stays an unsupported type.
 */
function looksLikeDamagedPdf(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, PDF_MAGIC.length));
  if (head.length >= 2 && (PDF_MAGIC.startsWith(head) || head.startsWith("%PDF"))) return true;
  const text = latin1(bytes);
  return /\b\d+\s+\d+\s+obj\b/.test(text) && text.includes("endobj");
}

/** Names of the zip's entries from its central directory, inflating nothing; null if unreadable. */
function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        return false;
      },
    });
    return names;
  } catch {
    return null;
  }
}

/**
 * A zip holding the two parts every DOCX has. When the central directory is missing (a file cut
 * short), Word parts named in the local headers are enough: the conversion then refuses it as
 * damaged (422), which tells the person more than "unsupported type" would.
 */
function isDocx(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP_SIGNATURE)) return false;
  const names = zipEntryNames(bytes);
  if (!names) return latin1(bytes).includes("word/");
  return names.has("[Content_Types].xml") && names.has("word/document.xml");
}

/**
 * Plain text as far as the type goes: no NUL bytes and few control characters. Invalid UTF-8 is
 * left for the conversion to refuse (a Latin-1 text file is text, just in the wrong encoding).
 */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, TEXT_SAMPLE_BYTES);
  let controls = 0;
  for (const b of sample) {
    if (b === 0) return false;
    // Tab, line feed, vertical tab, form feed, carriage return and escape appear in real text.
    if (b < 0x20 && (b < 0x09 || b > 0x0d) && b !== 0x1b) controls++;
  }
  return controls <= sample.length * 0.01;
}

async function describeBytes(bytes: Uint8Array): Promise<string> {
  if (isDocx(bytes)) return "a DOCX document";
  // Zips are read here (central directory only): file-type would inflate entries of its own.
  if (startsWith(bytes, ZIP_SIGNATURE)) return "a zip archive";
  const known = await fileTypeFromBuffer(bytes);
  if (known) return NAMES_BY_EXTENSION[known.ext] ?? `a .${known.ext} file (${known.mime})`;
  if (looksLikePdf(bytes)) return "a PDF";
  return looksLikeText(bytes) ? "plain text" : "binary data of an unknown type";
}

/** file-type names "%PDF" (its signature, without the "-") a PDF, and an Illustrator file is one. */
async function knownAsPdfOrNothing(bytes: Uint8Array): Promise<boolean> {
  const known = await fileTypeFromBuffer(bytes);
  return !known || NAMES_BY_EXTENSION[known.ext] === "a PDF";
}

function detectKind(bytes: Uint8Array): SupportedKind | "text" | null {
  if (looksLikePdf(bytes)) return "pdf";
  if (isDocx(bytes)) return "docx";
  if (looksLikeText(bytes)) return "text";
  return null;
}

/**
 * Decides the type from the bytes and the file name together: both must agree on one of the
 * accepted kinds, or the file is unsupported (the caller answers 415), unless it is a damaged
 * file of the kind its name claims (422).
 */
export async function sniffFileType(
  bytes: Uint8Array,
  filename: string,
): Promise<SupportedType | UnsupportedType | DamagedType> {
  const extension = extensionOf(filename);
  const claimed = KIND_BY_EXTENSION[extension];
  if (!claimed) {
    const what = extension ? `".${extension}" files are not accepted` : "the file name has no extension";
    return { kind: "unsupported", reason: `${what} (the content is ${await describeBytes(bytes)})` };
  }
  const detected = detectKind(bytes);
  const agrees = detected === claimed || (detected === "text" && (claimed === "txt" || claimed === "md"));
  if (!agrees) {
    if (claimed === "pdf" && (await knownAsPdfOrNothing(bytes)) && looksLikeDamagedPdf(bytes)) {
      return {
        kind: "damaged",
        reason: damagedFile("its PDF header is missing or cut short, so the PDF could not be read").reason,
      };
    }
    return {
      kind: "unsupported",
      reason: `the name ends in ".${extension}" but the content is ${await describeBytes(bytes)}`,
    };
  }
  return { kind: claimed, mediaType: MEDIA_TYPES[claimed] };
}
