import nodemailer, { type Transporter } from "nodemailer";
import { uiLanguages, type UiLanguage } from "@quire/contracts";
import { z } from "zod";
import type { MailConfig } from "../../config";
import { cacheSlot, type AppContext } from "../../context";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define";
import { mailTexts, messageText, fill } from "./mail-texts";
import { documentLink, type NewNotification } from "./notification";

export const SEND_EMAIL_JOB = "send-email";

const emailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  // Absent on e-mails queued before they were written in the recipient's language.
  language: z.enum(uiLanguages).optional(),
});
export type Email = z.infer<typeof emailSchema>;

/**
 * The e-mail copy of a notification in the recipient's language: its title, its text and the link
 * that opens the document, written from the notification's message as the web writes the bell's.
 */
export function notificationEmail(
  mail: MailConfig,
  to: string,
  note: NewNotification,
  language: UiLanguage,
): Email {
  const link = `${mail.publicUrl}${note.link ?? documentLink(note.documentId)}`;
  const { title, body } = messageText(language, note.message);
  const texts = mailTexts[language].mail;
  return {
    to,
    // A document's title fills some subjects in: one line, whatever it holds.
    subject: title.replace(/\s+/g, " ").trim(),
    text: `${body}\n\n${fill(texts.open, { link })}\n\n${texts.why}`,
    language,
  };
}

/**
 * Sending happens in a job, never inside the transition's transaction: a slow or failing mail server
 * cannot hold a row lock or lose the transition, and failed sends are retried with backoff.
 */
export async function enqueueEmail(db: Database, email: Email, now: Date): Promise<void> {
  await sendEmailJob.enqueue(db, email, { runAt: now });
}

// One pooled connection per SMTP server and context, closed with the context.
const transportsSlot = cacheSlot(
  "SMTP transports",
  () => new Map<string, Transporter>(),
  (transports) => {
    for (const transport of transports.values()) transport.close();
  },
);
function transportFor(ctx: AppContext, mail: MailConfig): Transporter {
  const transports = ctx.caches.get(transportsSlot);
  let transport = transports.get(mail.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(mail.smtpUrl);
    transports.set(mail.smtpUrl, transport);
  }
  return transport;
}

export const sendEmailJob = defineJob({
  kind: SEND_EMAIL_JOB,
  payload: emailSchema,
  maxAttempts: 6,
  async run(ctx, email) {
    const mail = ctx.config.mail;
    // Queued while SMTP was configured, run after it was removed: nothing can be sent; say so.
    if (!mail) throw new Error("SMTP_URL is no longer configured; the e-mail was not sent");
    const { language, ...message } = email;
    await transportFor(ctx, mail).sendMail({
      from: mail.from,
      ...message,
      ...(language ? { headers: { "Content-Language": language } } : {}),
    });
  },
});
