import { ACKNOWLEDGEMENT_REMINDER_DAYS } from "@quire/contracts";
import { z } from "zod";
import type { AppContext } from "../../context";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { lockDocument } from "../documents/repository";
import { notifyUsers } from "../notifications/service";
import {
  campaignAcknowledgements,
  campaignsOwingReminder,
  documentHeadline,
  findCampaign,
  markReminded,
} from "./repository";
import { campaignAudience } from "./service";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Reminds the people an open campaign still waits on, once every ACKNOWLEDGEMENT_REMINDER_DAYS
 * since it opened or last reminded; a run after a long pause sends one reminder, not one per
 * missed interval. Returns how many campaigns reminded someone.
 */
export async function sendAcknowledgementReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ACKNOWLEDGEMENT_REMINDER_DAYS * DAY_MS);
  let sent = 0;
  for (const { id } of await campaignsOwingReminder(ctx.db, before, 500)) {
    const told = await withTransaction(
      ctx,
      SYSTEM_ACTOR,
      async (tx, record) => {
        const campaign = await findCampaign(tx, id);
        if (!campaign || campaign.closedAt !== null) return 0;
        await lockDocument(tx, campaign.documentId);
        const doc = await documentHeadline(tx, campaign.documentId);
        if (!doc) return 0;
        // One connection in a transaction: one read at a time.
        const audience = await campaignAudience(tx, campaign);
        const given = await campaignAcknowledgements(tx, campaign.id);
        const done = new Set(given.map((a) => a.userId));
        const waiting = audience.filter((userId) => !done.has(userId));
        await markReminded(tx, campaign.id, now);
        if (waiting.length === 0) return 0;
        const notified = await notifyUsers(
          tx,
          waiting,
          {
            kind: "acknowledgement_reminder",
            title: "Reminder: read and acknowledge",
            body: `"${doc.title}" version ${campaign.version} still waits for your acknowledgment`,
            message: {
              key: "acknowledgementReminder",
              params: { document: doc.title, version: campaign.version },
            },
            documentId: campaign.documentId,
          },
          now,
          ctx.config.mail,
        );
        await record({
          action: "Sent acknowledgement reminders",
          subjectType: "document",
          subjectId: campaign.documentId,
          documentId: campaign.documentId,
          data: { version: campaign.version, waiting: waiting.length, notified },
        });
        return waiting.length;
      },
      { at: now },
    );
    if (told > 0) sent += 1;
  }
  return sent;
}

export const acknowledgementRemindersJob = defineJob({
  kind: "acknowledgement-reminders",
  payload: z.object({}),
  run: async (ctx) => {
    await sendAcknowledgementReminders(ctx);
  },
});

/** Hourly: a campaign's reminder goes out within the hour its interval comes round. */
export const acknowledgementRemindersSchedule = defineSchedule({
  name: "acknowledgement-reminders",
  rule: { cron: "23 * * * *" },
  job: acknowledgementRemindersJob,
  payload: {},
});
