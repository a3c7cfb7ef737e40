// The ingest module: file type sniffing and conversion to markdown, free of HTTP and database.
export { sniffFileType, MEDIA_TYPES } from "./sniff.js";
export type { DamagedType, SupportedKind, SupportedType, UnsupportedType } from "./sniff.js";
export { convertToMarkdown } from "./convert.js";
export type { Conversion, ConvertOptions } from "./convert.js";
export { UnreadableFileError, UNSUPPORTED_FILE_TYPE_MESSAGE, PASSWORD_PROTECTED_REASON } from "./errors.js";
export { detectLanguage } from "./language.js";
export { ocrPdfPages } from "./ocr.js";
export type { OcrOptions, OcrPageText } from "./ocr.js";
export { fillOcrPages, ocrPlaceholder } from "./pdf.js";
export { DEFAULT_ZIP_LIMITS } from "./zip-guard.js";
export type { ZipLimits } from "./zip-guard.js";
export { THUMBNAIL_MEDIA_TYPE, THUMBNAIL_TEXT_CHARS, THUMBNAIL_WIDTH } from "./thumbnail.js";
export type { ThumbnailSource } from "./thumbnail.js";
