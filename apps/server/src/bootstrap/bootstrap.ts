import { count, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { categories, systemState, users } from "../db/schema";
import { DEMO_USERS } from "../modules/auth/service";
import { DEFAULT_CATEGORIES } from "./categories";

export type Seeder = (ctx: AppContext, tx: Database) => Promise<void>;

/**
 * First-start set-up, once per data directory or database: default categories always, demo users
 * (and whatever extra demo seeders add, e.g. documents) in demo mode. It runs in one transaction
 * that first claims a marker row, so two processes starting together seed once, and a crash
 * half-way leaves nothing behind and seeds again on the next start.
 */
export async function bootstrap(ctx: AppContext, demoSeeders: Seeder[] = []): Promise<{ seeded: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemState)
      .values({ key: "bootstrap", value: { demo: ctx.config.demo, at: ctx.clock.now().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: systemState.key });
    if (claimed.length === 0) return { seeded: false };

    const [existing] = await tx.select({ n: count() }).from(categories);
    if ((existing?.n ?? 0) === 0) await tx.insert(categories).values([...DEFAULT_CATEGORIES]);

    if (ctx.config.demo) {
      const passwordHash = await ctx.passwords.hash(ctx.config.demoPassword);
      for (const demoUser of DEMO_USERS) {
        const [found] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.username, demoUser.username));
        if (!found) await tx.insert(users).values({ ...demoUser, passwordHash });
      }
      for (const seed of demoSeeders) await seed(ctx, tx);
    }
    return { seeded: true };
  });
}

export async function userCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
