import type { AppAbilities, Role } from "@quire/contracts";
import { errorMessage, errorStatus } from "./api-client";
import { i18n } from "./i18n";
// The refusal's words live in the shared catalogue, which this module's callers on every page need.
import "@/components/locale";

/**
 * What a refusal can be about: an ability the server grants (the role may not use a whole page or
 * section), or one action on one document.
 */
export type ForbiddenDoing = keyof AppAbilities | "archiveDocument" | "editMetadata";

/**
 * What `doing` lets a person do, worded to finish "Your role (X) cannot …" in the interface's
 * language ("upload documents"; in German the zu-infinitive, "Dokumente hochzuladen").
 */
export function abilityPhrase(doing: ForbiddenDoing): string {
  return i18n.t(`shared:errors.doing.${doing}`);
}

/**
 * "Your role (Viewer) cannot upload documents.": a refusal explained, never "try again". `doing` is
 * a phrase from abilityPhrase; the role is named as the interface names it.
 */
export function forbiddenMessage(role: Role | undefined, doing: string): string {
  return role
    ? i18n.t("shared:errors.forbidden", { role: i18n.t(`common:roles.${role}`), doing })
    : i18n.t("shared:errors.forbiddenNoRole", { doing });
}

/**
 * The message for a failed action: a 403 names the role and what it cannot do (retrying would
 * not help); anything else is the server's own message or `fallback`.
 */
export function actionErrorMessage(
  error: unknown,
  { role, doing, fallback }: { role: Role | undefined; doing: string; fallback?: string },
): string {
  if (errorStatus(error) === 403) return forbiddenMessage(role, doing);
  return errorMessage(error, fallback);
}
