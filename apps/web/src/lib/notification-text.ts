import type { Notification } from "@quire/contracts";
import notifications from "@/locales/en/notifications.json";
import { formatDayOrQuoted } from "@/lib/format";
import { addEnglish } from "@/lib/i18n";
import { fillIn, hasServerText, translateServerText, type MessageParams } from "@/lib/server-texts";
import { roundReasonText } from "@/lib/round-reason";
import { stageName } from "@/lib/stage-name";

// With the bell, which every signed-in page shows.
addEnglish("notifications", notifications);

type Message = NonNullable<Notification["message"]>;

/** The body's variant: with the reason given, or the overdue stage nobody can act on any more. */
function variant(message: Message): string | undefined {
  const params: Record<string, unknown> = message.params;
  if (typeof params.comment === "string" && params.comment !== "") return "comment";
  if (params.waiting === "") return "nobody";
  return undefined;
}

/**
 * The params a message's text fills in: a withdrawn review's reason written in the interface's
 * language from its facts (`why`), when it has them; a reminder's stage by its name in that language.
 */
function textParams(message: Message): MessageParams {
  if (message.key === "reviewWithdrawn") {
    const { why, ...params } = message.params;
    return { ...params, reason: roundReasonText(why, params.reason) };
  }
  if ("stage" in message.params) return { ...message.params, stage: stageName(message.params.stage) };
  // A periodic review's due date comes as a calendar day; a date quoted from the text, as written.
  if (message.key === "staleReviewDate")
    return { ...message.params, reviewDate: formatDayOrQuoted(message.params.reviewDate) };
  return message.params;
}

/**
 * A notification's title and body in the interface's language, written from its message; the
 * English the server stored when it has none (written before messages were kept) or the catalogue
 * lacks it.
 */
export function notificationText(notification: Pick<Notification, "title" | "body" | "message">): {
  title: string;
  body: string;
} {
  const { message } = notification;
  const key = `notifications:${message?.key}`;
  if (!message || !hasServerText(`${key}.title`)) {
    return { title: notification.title, body: notification.body };
  }
  const params = fillIn(textParams(message));
  return {
    title: translateServerText(`${key}.title`, params),
    body: translateServerText(`${key}.body`, { ...params, context: variant(message) }),
  };
}
