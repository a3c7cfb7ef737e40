import type { AiSuggestion, ApplySuggestionResult } from "@quire/contracts";
import { formatDayOrQuoted } from "@/lib/format";
import { fillIn, hasServerText, translateServerText, type MessageParams } from "@/lib/server-texts";
import "../locale";

export interface SuggestionText {
  title: string;
  description: string;
  /** The apply button's label. */
  action: string;
}

/**
 * A suggestion's title, description and button in the interface's language, written from its
 * message; the server's English when the catalogue lacks the message.
 */
export function suggestionText(
  suggestion: Pick<AiSuggestion, "title" | "description" | "action" | "message">,
): SuggestionText {
  const { message } = suggestion;
  const key = `dashboard:suggestions.messages.${message.key}`;
  if (!hasServerText(`${key}.title`)) {
    return { title: suggestion.title, description: suggestion.description, action: suggestion.action };
  }
  const params: MessageParams = { ...message.params };
  // Words the message names by value: a confidence level and a document status.
  if (message.key === "move") {
    params.confidence = translateServerText(`dashboard:suggestions.confidence.${message.params.confidence}`);
  }
  if (message.key === "notifyDuplicate") {
    params.status = translateServerText(`common:status.${message.params.status}`);
  }
  // A periodic review's due date comes as a calendar day; a date quoted from the text, as written.
  if (message.key === "staleReviewDate") params.reviewDate = formatDayOrQuoted(message.params.reviewDate);
  const filled = fillIn(params);
  return {
    title: translateServerText(`${key}.title`, filled),
    description: translateServerText(`${key}.description`, filled),
    action: translateServerText(`${key}.action`, filled),
  };
}

/** What applying a suggestion did, for the toast, in the interface's language; the server's English as a fallback. */
export function appliedText(result: Pick<ApplySuggestionResult, "message" | "done">): string {
  const { done } = result;
  const key = `dashboard:suggestions.done.${done.key}`;
  const optedOut = done.key === "remindedReviewers" && done.params.optedOut > 0;
  const options = { ...fillIn(done.params), context: optedOut ? "optedOut" : undefined };
  return hasServerText(key, options) ? translateServerText(key, options) : result.message;
}
