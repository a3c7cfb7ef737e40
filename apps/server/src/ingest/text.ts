import { UnreadableFileError } from "./errors.js";

/** Decodes UTF-8 strictly, drops a byte-order mark and normalises line endings to "\n". */
export function decodeUtf8Text(bytes: Uint8Array): string {
  let text: string;
  try {
    // TextDecoder strips a leading BOM by default (ignoreBOM: false).
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    throw new UnreadableFileError(
      "The text is not valid UTF-8: save it with UTF-8 encoding and upload it again",
      { cause: error },
    );
  }
  return text.replace(/\r\n?/g, "\n");
}
