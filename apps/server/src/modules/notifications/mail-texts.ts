import type { NotificationMessage, Role, RoundReason, UiLanguage } from "@quire/contracts";
import { de } from "./mail-texts-de";
import type { MailTexts, MessageTexts } from "./mail-texts-shape";
import { en } from "./mail-texts-en";
import { fr } from "./mail-texts-fr";

export type { MailTexts } from "./mail-texts-shape";

/**
 * The words of the e-mail copy of a notification, in each language the interface speaks. The web
 * writes the bell's notifications from its own catalogues (apps/web/src/locales/…/notifications.json);
 * e-mail is written here, on the server, from the same facts and in the same key style: a message's
 * `title` and `body`, a variant as `body_comment` (a comment was given) or `body_nobody` (nobody
 * left to act), a withdrawn review's reasons by code (and cause). A test holds these to the web's
 * keys and placeholders.
 */
export const mailTexts: Record<UiLanguage, MailTexts> = { en, de, fr };

/**
 * `{{name}}` filled in from `params` in one pass, so a value that itself reads "{{document}}" stays
 * as it is. E-mail is plain text: values go in unescaped.
 */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const dayFormats = new Map<UiLanguage, Intl.DateTimeFormat>();

/** A calendar day ("2026-03-01") as the language writes it: 1. März 2026, 1 mars 2026, March 1, 2026. */
export function mailDay(language: UiLanguage, day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    dayFormats.set(language, format);
  }
  return format.format(date);
}

function stageName(texts: MailTexts, name: string): string {
  return Object.hasOwn(texts.stage, name) ? texts.stage[name as keyof MailTexts["stage"]] : name;
}

/** Why a review round ended, in the language, from its facts. */
function reasonText(language: UiLanguage, reason: RoundReason): string {
  const reasons = mailTexts[language].messages.reviewWithdrawn.reasons;
  const people = (names: readonly string[]) =>
    names.length === 0
      ? reasons.someone
      : new Intl.ListFormat(language, { type: "conjunction" }).format(names);
  switch (reason.code) {
    case "roleChanged": {
      const roles = mailTexts[language].role;
      const role = Object.hasOwn(roles, reason.role) ? roles[reason.role as Role] : reason.role;
      return fill(reasons.roleChanged, { user: reason.user ?? reasons.someone, role });
    }
    case "cannotOpen":
      return fill(reasons[`cannotOpen_${reason.cause}`], { users: people(reason.users) });
    case "archived":
      return reasons.archived;
    case "overdue": {
      const params = {
        stage: stageName(mailTexts[language], reason.stage),
        dueOn: mailDay(language, reason.dueOn),
      };
      if (reason.waiting.length === 0) return fill(reasons.overdue_nobody, params);
      return fill(reasons.overdue, { ...params, waiting: people(reason.waiting) });
    }
    default:
      return fill(reasons[reason.code], { version: reason.version, replaced: reason.replaced });
  }
}

/**
 * What fills a message's text in, each param in the language: days through Intl, the default
 * flow's stage names, a withdrawn review's reason from its facts (the stored English when the
 * notification was written before they were kept).
 */
function textParams(language: UiLanguage, message: NotificationMessage): Record<string, string | number> {
  const texts = mailTexts[language];
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (typeof value === "string" && name.endsWith("On")) params[name] = mailDay(language, value);
    else if (name === "stage" && typeof value === "string") params[name] = stageName(texts, value);
    else if (typeof value === "string" || typeof value === "number") params[name] = value;
  }
  if (message.key === "reviewWithdrawn" && message.params.why) {
    params.reason = reasonText(language, message.params.why);
  }
  return params;
}

/** A notification's title and body in `language`, written from its message. */
export function messageText(
  language: UiLanguage,
  message: NotificationMessage,
): { title: string; body: string } {
  const entry: MessageTexts = mailTexts[language].messages[message.key];
  const params = textParams(language, message);
  const raw: Record<string, unknown> = message.params;
  const variant =
    typeof raw.comment === "string" && raw.comment !== ""
      ? entry.body_comment
      : raw.waiting === ""
        ? entry.body_nobody
        : undefined;
  return { title: fill(entry.title, params), body: fill(variant ?? entry.body, params) };
}
