import type { RoundReason } from "@quire/contracts";
import notifications from "@/locales/en/notifications.json";
import { addEnglish, i18n } from "@/lib/i18n";
import { formatDay } from "@/lib/format";
import { hasServerText, translateServerText } from "@/lib/server-texts";
import { stageName } from "@/lib/stage-name";

// The reasons' English lives beside the withdrawn-review notification they fill in (loaded once).
addEnglish("notifications", notifications);

const KEY = "notifications:reviewWithdrawn.reasons";

/** Names in the interface's language's list style ("a, b and c"); "an assignee" when none is known. */
function people(names: readonly string[]): string {
  if (names.length === 0) return translateServerText(`${KEY}.someone`);
  return new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(names);
}

function roleName(role: string): string {
  const key = `common:roles.${role}`;
  return hasServerText(key) ? translateServerText(key) : role;
}

/** What fills the reason's text in, each param already in the interface's language. */
function filled(reason: RoundReason): { replace: Record<string, string | number>; context?: string } {
  switch (reason.code) {
    case "roleChanged":
      return {
        replace: { user: reason.user ?? translateServerText(`${KEY}.someone`), role: roleName(reason.role) },
      };
    case "cannotOpen":
      return { replace: { users: people(reason.users) }, context: reason.cause };
    case "archived":
      return { replace: {} };
    case "overdue":
      return {
        replace: {
          stage: stageName(reason.stage),
          dueOn: formatDay(reason.dueOn),
          waiting: people(reason.waiting),
        },
        context: reason.waiting.length === 0 ? "nobody" : undefined,
      };
    default:
      return { replace: { version: reason.version, replaced: reason.replaced } };
  }
}

/**
 * Why a review round ended or started over, in the interface's language, written from the facts the
 * server keeps; `english` (the text it stored) when there are none (older entries) or the catalogue
 * lacks the code (a newer server).
 */
export function roundReasonText(reason: RoundReason | null | undefined, english: string): string {
  if (!reason) return english;
  const { replace, context } = filled(reason);
  const key = `${KEY}.${reason.code}`;
  if (!hasServerText(key, { context })) return english;
  return translateServerText(key, { replace, context });
}

const isInt = (value: unknown) => Number.isInteger(value);

/** Whether `value` has the fields its code's text fills in (the entry's details are not checked by a schema). */
function isRoundReason(value: unknown): value is RoundReason {
  if (value === null || typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  switch (r.code) {
    case "archived":
      return true;
    case "roleChanged":
      return (r.user === null || typeof r.user === "string") && typeof r.role === "string";
    case "cannotOpen":
      return (
        Array.isArray(r.users) && r.users.every((u) => typeof u === "string") && typeof r.cause === "string"
      );
    case "overdue":
      return (
        typeof r.stage === "string" &&
        typeof r.dueOn === "string" &&
        Array.isArray(r.waiting) &&
        r.waiting.every((u) => typeof u === "string")
      );
    case "replaced":
    case "replacedNobodyLeft":
    case "restarted":
      return isInt(r.version) && isInt(r.replaced);
    default:
      return false;
  }
}

/** The reason an activity entry's details keep (`data.reason`), when they keep a readable one. */
export function reasonInData(data: Record<string, unknown> | null | undefined): RoundReason | null {
  const reason = data?.reason;
  return isRoundReason(reason) ? reason : null;
}
