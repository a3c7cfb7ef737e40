import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { schedules } from "../db/schema";
import type { ActiveSchedule } from "./schedule";

/**
 * Writes each active schedule's row: a new one starts counting from `now`; a changed rule (or a
 * first start) recomputes the next occurrence; the same rule keeps the stored one, so a restart
 * neither skips nor repeats an occurrence. Every process does this at its start; they agree.
 */
export async function syncSchedules(
  db: Database,
  active: readonly ActiveSchedule[],
  now: Date,
): Promise<void> {
  for (const schedule of active) {
    await db
      .insert(schedules)
      .values({
        name: schedule.name,
        rule: schedule.ruleText,
        nextRunAt: schedule.nextAfter(now),
        payload: schedule.payload,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: schedules.name,
        set: {
          rule: sql`excluded.rule`,
          payload: sql`excluded.payload`,
          nextRunAt: sql`case when ${schedules.rule} = excluded.rule then ${schedules.nextRunAt} else excluded.next_run_at end`,
          updatedAt: now,
        },
      });
  }
}

/**
 * Fires every due occurrence of the active schedules, once: the due rows are claimed with FOR
 * UPDATE SKIP LOCKED (another process ticking at the same moment skips them and, after this
 * commits, finds them no longer due), their next occurrence is moved past `now` (so any number of
 * missed occurrences fire as one) and their jobs are queued in the same transaction. Answers the
 * names fired.
 */
export async function fireDueSchedules(
  db: Database,
  active: readonly ActiveSchedule[],
  now: Date,
): Promise<string[]> {
  if (active.length === 0) return [];
  const byName = new Map(active.map((s) => [s.name, s]));
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(schedules)
      .where(and(inArray(schedules.name, [...byName.keys()]), lte(schedules.nextRunAt, now)))
      .orderBy(asc(schedules.nextRunAt))
      .for("update", { skipLocked: true });
    const fired: string[] = [];
    for (const row of due) {
      const schedule = byName.get(row.name);
      if (!schedule) continue;
      // Conditional on the occurrence claimed: a row moved on meanwhile is not fired twice.
      const moved = await tx
        .update(schedules)
        .set({ lastRunAt: now, nextRunAt: schedule.nextAfter(now), updatedAt: now })
        .where(and(eq(schedules.name, row.name), eq(schedules.nextRunAt, row.nextRunAt)))
        .returning({ name: schedules.name });
      if (moved.length === 0) continue;
      // While the last occurrence's job is still queued or running, a new one adds nothing.
      await schedule.enqueue(tx, row.payload as Record<string, unknown>, {
        runAt: now,
        dedupeKey: `schedule:${row.name}`,
      });
      fired.push(row.name);
    }
    return fired;
  });
}
