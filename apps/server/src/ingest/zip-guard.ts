import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { UnreadableFileError, damagedFile } from "./errors.js";
import { CONVERSION_LIMITS } from "./limits.js";

export interface ZipLimits {
  /** Total uncompressed size of all entries, in bytes. */
  maxUncompressedBytes: number;
  maxEntries: number;
  /** One XML part once unpacked: the DOCX reader holds its whole tree in memory. */
  maxXmlBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxEntries: 5_000,
  maxXmlBytes: CONVERSION_LIMITS.maxDocxXmlBytes,
};

function xmlTooLarge(name: string, limits: ZipLimits): UnreadableFileError {
  const mb = Math.round(limits.maxXmlBytes / (1024 * 1024));
  return new UnreadableFileError(
    `The part ${name} unpacks to more than ${mb} MB of XML; Quire converts documents whose text part is at most ${mb} MB`,
  );
}

function isXmlPart(name: string): boolean {
  return name.endsWith(".xml") || name.endsWith(".rels");
}

/** Small pushes keep the largest single inflated burst bounded (a 16 KB deflate block of zeros is ~16 MB). */
const PUSH_BYTES = 16 * 1024;

function tooLarge(limits: ZipLimits): UnreadableFileError {
  const mb = Math.round(limits.maxUncompressedBytes / (1024 * 1024));
  return new UnreadableFileError(
    `The file expands to more than ${mb} MB or ${limits.maxEntries} parts when unpacked; it is refused as a possible zip bomb`,
  );
}

/** What the central directory declares, inflating nothing. */
function declaredEntries(bytes: Uint8Array): { names: Set<string>; total: number } {
  const names = new Set<string>();
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        total += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw damagedFile("the DOCX archive is truncated or corrupt", error);
  }
  return { names, total };
}

/**
 * Inflates every entry once, counting the real output and stopping as soon as it passes the cap,
 * because declared sizes can lie and the DOCX reader would otherwise inflate a bomb in memory.
 */
function checkInflatedSize(bytes: Uint8Array, limits: ZipLimits): void {
  let total = 0;
  let entries = 0;
  let stop: UnreadableFileError | null = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxEntries) stop ??= tooLarge(limits);
    let partBytes = 0;
    const xml = isXmlPart(file.name);
    file.ondata = (error, chunk) => {
      if (error) stop ??= damagedFile(`the part ${file.name} cannot be unpacked`, error);
      total += chunk?.length ?? 0;
      partBytes += chunk?.length ?? 0;
      if (total > limits.maxUncompressedBytes) {
        stop ??= tooLarge(limits);
        file.terminate();
      } else if (xml && partBytes > limits.maxXmlBytes) {
        stop ??= xmlTooLarge(file.name, limits);
        file.terminate();
      }
    };
    if (!stop) file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !stop; offset += PUSH_BYTES) {
      unzip.push(bytes.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= bytes.length);
    }
  } catch (error) {
    stop ??= damagedFile("the DOCX archive is truncated or corrupt", error);
  }
  if (stop) throw stop;
}

/**
 * Refuses a DOCX before any reader inflates it when it is not a readable zip, lacks its main
 * part, or unpacks to more than the limits allow.
 */
export function assertSafeDocxArchive(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  const { names, total } = declaredEntries(bytes);
  if (names.size > limits.maxEntries || total > limits.maxUncompressedBytes) throw tooLarge(limits);
  if (!names.has("word/document.xml")) throw damagedFile("the DOCX has no word/document.xml part");
  checkInflatedSize(bytes, limits);
}
