import type { Role } from "@quire/contracts";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { abilityPhrase, forbiddenMessage } from "@/lib/forbidden";
import { i18n } from "@/lib/i18n";
import "../locale";

/**
 * What the failure toast says: a 403 names the role that may not upload (trying again would not
 * help); the server's own message for a file it refused (413 too large, 415 unsupported type, 422
 * unreadable) or a 400 naming a bad field; the seed's text otherwise.
 */
export function uploadErrorDescription(error: unknown, role?: Role): string {
  const generic = i18n.t("upload:report.generic");
  const status = errorStatus(error);
  if (status === 403) return forbiddenMessage(role, abilityPhrase("uploadDocuments"));
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return errorMessage(error, generic);
  }
  return generic;
}

/**
 * Whether sending the same file again could succeed: not when the server refused the file itself
 * (400 a bad field, 403 the role, 413 too large, 415 its type, 422 unreadable, empty or over a
 * limit); a network failure, a busy server (429) or a server error may pass next time.
 */
export function uploadRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return !(status === 400 || status === 403 || status === 413 || status === 415 || status === 422);
}
