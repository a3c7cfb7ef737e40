import { roleSchema } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { documents, users } from "../db/schema";
import { latestCampaign } from "../modules/acknowledgements/repository";
import { acknowledge, startCampaign } from "../modules/acknowledgements/service";
import { authorizeDocumentById } from "../policies/guard";
import type { Actor } from "../policies/policy";

/** The demo's open read-and-acknowledge campaign: an approved policy everyone is asked to confirm. */
export const DEMO_CAMPAIGN = {
  title: "Acceptable Use Policy",
  owner: "author",
  acknowledgedBy: ["reviewer2"],
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

async function actor(ctx: AppContext, username: string): Promise<Actor | null> {
  const [u] = await ctx.db.select().from(users).where(eq(users.username, username)).limit(1);
  return u ? { id: u.id, username: u.username, role: roleSchema.parse(u.role), via: "session" } : null;
}

const at = (ctx: AppContext, when: Date): AppContext => ({
  ...ctx,
  clock: { ...ctx.clock, now: () => when },
});

/**
 * Its owner opens the campaign two days ago through the campaign service, and one colleague has
 * confirmed since, so the owner's report shows both who has and who has not. Seeded once: a
 * document that already has a campaign is left alone.
 */
export async function seedDemoCampaign(ctx: AppContext): Promise<void> {
  const owner = await actor(ctx, DEMO_CAMPAIGN.owner);
  if (!owner) return;
  const [doc] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.title, DEMO_CAMPAIGN.title), eq(documents.ownerId, owner.id)))
    .limit(1);
  if (!doc) return;
  const now = ctx.clock.now().getTime();
  const target = await authorizeDocumentById(ctx.db, owner, "document.startAcknowledgement", doc.id);
  if (await latestCampaign(ctx.db, doc.id)) return;
  await startCampaign(at(ctx, new Date(now - 2 * DAY_MS)), target, { everyone: true });
  for (const name of DEMO_CAMPAIGN.acknowledgedBy) {
    const reader = await actor(ctx, name);
    if (!reader) continue;
    const readerTarget = await authorizeDocumentById(ctx.db, reader, "document.acknowledge", doc.id);
    await acknowledge(at(ctx, new Date(now - DAY_MS)), readerTarget, target.facts.effectiveVersion ?? 1);
  }
}
