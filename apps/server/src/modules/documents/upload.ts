import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "@quire/contracts";
import type { FastifyRequest } from "fastify";
import { sniffFileType, UnreadableFileError, UNSUPPORTED_FILE_TYPE_MESSAGE } from "../../ingest";
import type { Converter } from "../../ingest/convert-pool";
import type { SupportedType } from "../../ingest";
import { badRequest, HttpError } from "../../lib/errors";

// The upload rules the web shares (contracts/uploads.ts).
export { MAX_UPLOAD_BYTES, titleFromFilename } from "@quire/contracts";
export const FILE_TOO_LARGE_MESSAGE = `File too large: the limit is ${MAX_UPLOAD_LABEL}`;

export interface ReceivedUpload {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

/** A file that passed every check: its real type, its markdown, and pages left for OCR. */
export interface ValidatedFile {
  bytes: Buffer;
  filename: string;
  mediaType: string;
  markdown: string;
  pagesNeedingOcr: number[];
  /** The document's own title (metadata or first heading), when it has one. */
  title?: string | null;
}

/** Where an upload waits while it arrives: a fresh folder in the system's temporary directory. */
export const SPOOL_PREFIX = "quire-upload-";

/**
 * Streams the file part to a temporary file, the cap enforced as it streams (busboy stops the part
 * at MAX_UPLOAD_BYTES and marks it truncated), and reads it back only once it arrived whole: a slow
 * client's upload costs a file on disk while it trickles in, not memory, and an oversized one is
 * cut off at the cap, never held.
 */
async function spool(part: Readable & { truncated?: boolean }, dir: string): Promise<Buffer> {
  const target = path.join(dir, "upload");
  await pipeline(part, createWriteStream(target, { mode: 0o600 }));
  if (part.truncated) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
  return readFile(target);
}

/**
 * Reads a multipart upload: one file (streamed to a temporary file with a hard cap, see spool)
 * and small text fields, in any order. The temporary file is removed whatever happens.
 */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest("Send the file as multipart/form-data with a 'file' field");
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  const dir = await mkdtemp(path.join(tmpdir(), `${SPOOL_PREFIX}${process.pid}-`));
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          part.file.resume();
          throw badRequest(`Unexpected file field '${part.fieldname}': send the file as 'file'`);
        }
        file = { bytes: await spool(part.file, dir), filename: safeFilename(part.filename) };
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translateMultipartError(error);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!file) throw badRequest("file is required");
  return { ...file, fields };
}

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, FILE_TOO_LARGE_MESSAGE);
  if (code === "FST_FILES_LIMIT_REACHED") return badRequest("Send one file per upload");
  if (code === "FST_FIELDS_LIMIT_REACHED" || code === "FST_PARTS_LIMIT_REACHED")
    return badRequest("Too many form fields");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return badRequest("Send the file as multipart/form-data");
  if (error instanceof HttpError) return error;
  // busboy reports a cut-off or garbled body as a plain Error with no code.
  if (error instanceof Error && !code && /multipart|part header|end of form|boundary/i.test(error.message)) {
    return badRequest("The upload could not be read: the multipart body is malformed");
  }
  if (code?.startsWith("FST_"))
    return badRequest("The upload could not be read: the multipart body is malformed");
  return error;
}

/** The name a browser or client sent, reduced to a plain file name (never a path) for Content-Disposition. */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim();
  return shortenKeepingExtension(cleaned, 200) || "document";
}

/** The file's real type, from its bytes (415 when not accepted, 422 when empty or too damaged to tell): no conversion. */
export async function acceptedType(bytes: Buffer, filename: string): Promise<SupportedType> {
  if (bytes.length === 0) throw new HttpError(422, "The file is empty");
  const type = await sniffFileType(bytes, filename);
  if (type.kind === "unsupported") throw new HttpError(415, UNSUPPORTED_FILE_TYPE_MESSAGE);
  if (type.kind === "damaged") throw new HttpError(422, type.reason);
  return type;
}

/**
 * Sniffs the real type (415 when not accepted, 422 when too damaged to tell) and converts to
 * markdown (422 when unreadable, or past a conversion limit), in a worker thread: the request
 * waits, the server does not.
 */
export async function validateFile(
  converter: Converter,
  bytes: Buffer,
  filename: string,
): Promise<ValidatedFile> {
  const type = await acceptedType(bytes, filename);
  try {
    const converted = await converter.convert(bytes, type.kind);
    return {
      bytes,
      filename,
      mediaType: type.mediaType,
      markdown: converted.markdown,
      pagesNeedingOcr: converted.pagesNeedingOcr,
      title: converted.title,
    };
  } catch (error) {
    if (error instanceof UnreadableFileError) throw new HttpError(422, error.reason);
    throw error;
  }
}

/** A long name loses characters before its extension, never the extension that names its type. */
function shortenKeepingExtension(name: string, max: number): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  return name.slice(0, max - extension.length).trimEnd() + extension;
}

/** Where a scanned page's OCR text goes: a character offset into the stored markdown. */
export interface OcrAnchor {
  page: number;
  offset: number;
}

/** How a pending page's placeholder starts (in versions stored before placeholders were kept out). */
export const OCR_MARKER_START = "<!-- quire:ocr-pending page=";
const OCR_MARKER_END = " -->";

/**
 * The markdown as it may be shown (no `<!-- quire:ocr-pending … -->` placeholder, which every
 * view would otherwise show as text while OCR runs), and where each pending page's text goes.
 * Found with indexOf: linear.
 */
export function withoutOcrPlaceholders(markdown: string): { content: string; anchors: OcrAnchor[] } {
  const anchors: OcrAnchor[] = [];
  let content = "";
  let from = 0;
  for (;;) {
    const start = markdown.indexOf(OCR_MARKER_START, from);
    if (start < 0) break;
    // A page number has at most 7 digits: the end is looked for that far only, never to the end of the text.
    const digits = start + OCR_MARKER_START.length;
    const end = markdown.slice(digits, digits + 7 + OCR_MARKER_END.length).indexOf(OCR_MARKER_END) + digits;
    const number = end < digits ? "" : markdown.slice(digits, end);
    const page = /^\d{1,7}$/.test(number) ? Number(number) : NaN;
    if (!Number.isInteger(page)) {
      content += markdown.slice(from, start + OCR_MARKER_START.length);
      from = start + OCR_MARKER_START.length;
      continue;
    }
    content += markdown.slice(from, start);
    anchors.push({ page, offset: content.length });
    from = end + OCR_MARKER_END.length;
  }
  return { content: content + markdown.slice(from), anchors };
}

/** The inverse of withoutOcrPlaceholders: the placeholders back at their anchors, for fillOcrPages. */
export function withOcrPlaceholders(content: string, anchors: OcrAnchor[]): string {
  let out = "";
  let from = 0;
  for (const { page, offset } of [...anchors].sort((a, b) => a.offset - b.offset)) {
    const at = Math.min(Math.max(offset, from), content.length);
    out += `${content.slice(from, at)}${OCR_MARKER_START}${page}${OCR_MARKER_END}`;
    from = at;
  }
  return out + content.slice(from);
}
