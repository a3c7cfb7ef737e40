import { errorCodeForStatus, type ApiErrorBody, type ApiErrorCode } from "@quire/contracts";

/**
 * An error whose status and message are meant for the client. Anything else answers 500. Its code
 * (contracts' apiErrorCodes) is the status's unless a more specific one, with the params its text
 * fills in, is given.
 */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    code?: ApiErrorCode,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "HttpError";
    this.code = code ?? errorCodeForStatus(statusCode);
  }

  /** The answer's body. */
  body(): ApiErrorBody {
    return this.params
      ? { message: this.message, code: this.code, params: this.params }
      : { message: this.message, code: this.code };
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Authentication required: sign in first") =>
  new HttpError(401, message);
export const forbidden = (message = "Your role does not allow this action") => new HttpError(403, message);
/** "Not found" and "not allowed to see" are the same answer, so existence never leaks. */
export const notFound = (what = "Resource") => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** How many unknown ids a refusal names, and how much of each: the rest are counted. */
const NAMED_IDS = 5;
const ID_CHARS = 64;

/**
 * 400 for ids that name nothing: the first few (each cut to an id's length) and how many in all,
 * so a request of a thousand made-up ids is not echoed back whole.
 */
export function unknownIds(kind: string, ids: readonly string[]): HttpError {
  const shown = ids
    .slice(0, NAMED_IDS)
    .map((id) => (id.length > ID_CHARS ? `${id.slice(0, ID_CHARS)}…` : id))
    .join(", ");
  const rest = ids.length - NAMED_IDS;
  const more =
    rest > 0
      ? ` and ${rest.toLocaleString("en-US")} more (${ids.length.toLocaleString("en-US")} in all)`
      : "";
  return badRequest(`Unknown ${kind}: ${shown}${more}`);
}
