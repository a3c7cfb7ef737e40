import { errorMessage, errorStatus } from "@/lib/api-client";

const GENERIC = "There was an error uploading your document. Please try again.";

/**
 * What the failure toast says: the server's own message for a file it refused (413 too large,
 * 415 unsupported type, 422 unreadable) or a 400 naming a bad field; the seed's text otherwise.
 */
export function uploadErrorDescription(error: unknown): string {
  const status = errorStatus(error);
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return errorMessage(error, GENERIC);
  }
  return GENERIC;
}
