import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { systemState } from "../db/schema";
import { enqueueMissingVersionFacts } from "../modules/ai/suggestion-signatures";
import { endStrandedRounds } from "../modules/approvals/stranded-rounds";
import { enqueueMissingThumbnails } from "../modules/documents/thumbnail-step";

/**
 * A repair of data an earlier release left in a state today's code never produces, where the
 * rows need the application's rules (activity entries, notifications), which an SQL migration
 * cannot apply. Each runs once per database, at start-up after the migrations and the first-start
 * set-up, and must be idempotent: its marker in system_state is written only when it has finished,
 * so one cut short runs again at the next start, and two processes starting together may both run
 * it. A database restored from an older backup brings that backup's markers, so it is repaired too.
 */
export interface Repair {
  /** The system_state key that marks it done; never reused. */
  key: string;
  /** Does the repair; returns how many things it changed, for the start-up log. */
  run(ctx: AppContext): Promise<number>;
}

export const REPAIRS: readonly Repair[] = [
  {
    // Access changes and disabling an account end the reviews waiting on the people they shut out
    // only since 2026-11-26; older databases can still hold such reviews, open forever.
    key: "repair:stranded-reviews",
    run: (ctx) => endStrandedRounds(ctx),
  },
  {
    // The dashboard's suggestions read each version's stored facts; versions processed before
    // those were kept get theirs computed by a job each.
    key: "repair:suggestion-facts",
    run: (ctx) => enqueueMissingVersionFacts(ctx.db, ctx.clock.now()),
  },
  {
    // Processing draws each version's first-page thumbnail; versions processed before that get
    // theirs drawn by a job each.
    key: "repair:version-thumbnails",
    run: (ctx) => enqueueMissingThumbnails(ctx.db, ctx.clock.now()),
  },
];

/** Runs the repairs this database has not had yet, in order; answers what each that ran changed. */
export async function runRepairs(
  ctx: AppContext,
  repairs: readonly Repair[] = REPAIRS,
): Promise<Array<{ key: string; changed: number }>> {
  const ran: Array<{ key: string; changed: number }> = [];
  for (const repair of repairs) {
    const [done] = await ctx.db
      .select({ key: systemState.key })
      .from(systemState)
      .where(eq(systemState.key, repair.key));
    if (done) continue;
    const changed = await repair.run(ctx);
    const at = ctx.clock.now();
    await ctx.db
      .insert(systemState)
      .values({ key: repair.key, value: { changed, at: at.toISOString() }, updatedAt: at })
      .onConflictDoNothing();
    ran.push({ key: repair.key, changed });
  }
  return ran;
}
