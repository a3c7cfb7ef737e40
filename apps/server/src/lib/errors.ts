/** An error whose status and message are meant for the client. Anything else answers 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
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
