import type { NotificationKind, NotificationMessage } from "@quire/contracts";

/**
 * What a service asks to tell people; the notifications service writes it, e-mail copies it. The
 * English title and body and the message's facts say the same thing: the web and e-mail write the
 * message in the reader's language, API clients (and rows written before messages were kept) have
 * the English.
 */
export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  message: NotificationMessage;
  documentId: string;
  /** Where it opens, on this site; the document's page when absent. */
  link?: string;
}

/** Seed route of a document's page: every approval notification opens it. */
export const documentLink = (documentId: string) => `/document/${documentId}`;
