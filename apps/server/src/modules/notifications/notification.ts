import type { NotificationKind } from "@quire/contracts";

/** What a service asks to tell people; the notifications service writes it, e-mail copies it. */
export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  documentId: string;
  /** Where it opens, on this site; the document's page when absent. */
  link?: string;
}

/** Seed route of a document's page: every approval notification opens it. */
export const documentLink = (documentId: string) => `/document/${documentId}`;
