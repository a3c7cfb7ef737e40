import type { NotificationMessageKey, Role, RoundReasonCode, roundReasonCauses } from "@quire/contracts";

/** The shape of one language's e-mail words (mail-texts.ts writes them; mail-texts-XX.ts hold them). */
export type MessageTexts = { title: string; body: string; body_comment?: string; body_nobody?: string };
export type ReasonKey =
  | Exclude<RoundReasonCode, "cannotOpen">
  | `cannotOpen_${(typeof roundReasonCauses)[number]}`
  | "overdue_nobody"
  | "someone";

export interface MailTexts {
  mail: { open: string; why: string };
  /** The default flow's stage names (Quire names them; an Admin's own names are sent as written). */
  stage: { Review: string; Approval: string };
  role: Record<Role, string>;
  messages: Record<Exclude<NotificationMessageKey, "reviewWithdrawn">, MessageTexts> & {
    reviewWithdrawn: MessageTexts & { reasons: Record<ReasonKey, string> };
  };
}
