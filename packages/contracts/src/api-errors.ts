/**
 * What an error answer carries besides its English `message` (for API clients and the log): a
 * stable `code` saying what kind of refusal it is, and for some codes the `params` its text fills
 * in, so the web can say it in the reader's language and fall back to `message` for codes it does
 * not know.
 */
export const apiErrorCodes = [
  // The request's fields or body were not accepted (400).
  "invalid",
  // Not signed in, or the session ended (401).
  "unauthenticated",
  // The role or the document's access does not allow it (403).
  "forbidden",
  // Nothing there, or nothing this user may see (404).
  "notFound",
  // The request clashes with the state of things (409).
  "conflict",
  // An edit started from a version that is no longer current (409): params current, expected.
  "staleVersion",
  // The upload or body is larger than the server takes (413).
  "tooLarge",
  // Too many requests from this user or address (429): params seconds.
  "rateLimited",
  // The server is busy with that kind of work and refused before doing any (503): params seconds.
  "busy",
  // Anything else the server could not do (5xx).
  "internal",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  params?: Record<string, string | number>;
}

/** The code an answer of this status carries when nothing more specific says what happened. */
export function errorCodeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "notFound";
    case 409:
      return "conflict";
    case 413:
      return "tooLarge";
    case 429:
      return "rateLimited";
    case 503:
      return "busy";
    default:
      return status >= 500 ? "internal" : "invalid";
  }
}
