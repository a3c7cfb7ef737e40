import { SYSTEM_ACTOR_NAME } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { EventActor } from "../../events/catalog";
import { appendActivity, type ActivityInput } from "./repository";

/**
 * Who acts, as the activity log names them: a signed-in user, nobody (a public form), or Quire
 * itself (the system actor).
 */
export interface CommandActor {
  id: string | null;
  /** The request's address, when the change comes from a request. */
  ip?: string | undefined;
  /** Quire acting on its own (processing, import, schedules), not on a person's request. */
  system?: boolean | undefined;
}

export { SYSTEM_ACTOR_NAME };

/** Quire acting: no user id, named as the history names it (events carry it as their `by`). */
export interface SystemActor extends CommandActor {
  id: null;
  system: true;
  username: typeof SYSTEM_ACTOR_NAME;
}

/**
 * Quire itself: processing, import, demo seeding and schedules act as it. It is no account (no
 * user row), so it can never sign in, is never offered as someone to assign, and counts as no user.
 */
export const SYSTEM_ACTOR: SystemActor = Object.freeze({
  id: null,
  system: true,
  username: SYSTEM_ACTOR_NAME,
});

/** Who a command that raises events acts as: a person or Quire, with the name its events carry. */
export type NamedActor = CommandActor & EventActor;

/** Writes one activity entry inside the command's transaction. */
export type RecordActivity = (entry: ActivityInput) => Promise<void>;

/** Where a command runs: on its own, or as a step of an outer command (which writes the one entry). */
export interface CommandOptions {
  db?: Database;
  at?: Date;
  /**
   * The outer command's transaction: this command's change joins it and records nothing, since
   * one request leaves one entry and the outer command's entry says what was done (applying a
   * suggestion that archives a document is one change, "Applied suggestion", not two).
   */
  inside?: Database;
}

/**
 * Every state change runs through here (Outline's command style): one transaction holds the
 * change, its activity entry, the domain events it raises (events/catalog.ts) with the reactions
 * that run inside it, and the jobs and notifications it queues, so a change is never committed
 * without its trace and a refused one leaves none. `at` backdates entries for the
 * demo's history and imports; requests use the clock.
 */
export async function withTransaction<T>(
  ctx: AppContext,
  actor: CommandActor,
  run: (tx: Database, record: RecordActivity) => Promise<T>,
  options: CommandOptions = {},
): Promise<T> {
  const { inside } = options;
  if (inside) {
    if (ctx.events.inCommand(inside)) return run(inside, async () => {});
    // A plain database handle commits each statement as it runs: reactions after `run` come after.
    return ctx.events.command(async (enter) => {
      enter(inside);
      return run(inside, async () => {});
    });
  }
  const db = options.db ?? ctx.db;
  // Events raised in the transaction reach their in-transaction subscribers before it commits and
  // their after-commit ones once it has (never for a change that rolled back).
  return ctx.events.command((enter) =>
    db.transaction(async (tx) => {
      enter(tx);
      const record: RecordActivity = (entry) =>
        appendActivity(tx, entry, {
          userId: actor.id,
          system: actor.system ?? false,
          ip: actor.ip ?? null,
          at: options.at ?? ctx.clock.now(),
        });
      return run(tx, record);
    }),
  );
}
