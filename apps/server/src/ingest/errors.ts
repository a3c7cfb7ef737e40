/** The answer for a 415: said the same way wherever a file is refused for its type. */
export const UNSUPPORTED_FILE_TYPE_MESSAGE =
  "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.";

/** The reason given when a PDF needs a password to be opened. */
export const PASSWORD_PROTECTED_REASON = "The PDF is password-protected";

/** A file of a supported type that cannot be converted; the caller answers 422 with `reason`. */
export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";

  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/** An UnreadableFileError for a truncated or corrupt file, saying what was found. */
export function damagedFile(detail: string, cause?: unknown): UnreadableFileError {
  return new UnreadableFileError(`The file is damaged or incomplete: ${detail}`, { cause });
}
