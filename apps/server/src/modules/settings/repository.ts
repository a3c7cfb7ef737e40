import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { settings } from "../../db/schema";

/**
 * The key-value settings table. Organisation settings, approval defaults and each user's saved
 * views are keys in it; every module reads and writes it through here.
 */
export type SettingRow = typeof settings.$inferSelect;

/** Settings key of the organisation's default reviewers and approver (Admin sets it in Settings). */
export const APPROVAL_DEFAULTS_KEY = "approvalDefaults";

/** The stored value of each of `keys` that has one. */
export async function readSettingValues(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The stored value, or undefined when the key has none. */
export async function readSettingValue(db: Database, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

/** Sets the key's value, whether it had one or not. */
export async function writeSetting(tx: Database, key: string, value: unknown, at: Date): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
}
