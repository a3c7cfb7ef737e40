import { createCategoryBodySchema, roleSchema } from "@quire/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { categories, users } from "../../db/schema";
import { canGlobal, type Actor } from "../../policies/policy";
import { SYSTEM_ACTOR } from "../activity/command";
import { createCategory } from "../categories/service";

/**
 * What every way into the archive shares (the watched folder, `npm run import`): whose documents
 * they become, and which category a file goes to.
 */

/** Files directly in the folder (not in a sub-folder) go here unless told otherwise. */
export const ROOT_CATEGORY_DEFAULT = "General";

/** A file's category: the name of the top-level sub-folder it sits in, else the default. */
export function categoryNameFor(relativePath: string, fallback = ROOT_CATEGORY_DEFAULT): string {
  const parts = relativePath.split("/");
  return parts.length > 1 && parts[0] ? parts[0] : fallback;
}

/**
 * The owner of ingested documents: the user named, else the first Admin. Refused (with a sentence
 * to show) when they do not exist, are disabled or may not create documents.
 */
export async function resolveOwner(ctx: AppContext, username: string | undefined): Promise<Actor> {
  const where = username ? eq(users.username, username.toLowerCase()) : eq(users.role, "Admin");
  const [row] = await ctx.db.select().from(users).where(where).orderBy(asc(users.createdAt)).limit(1);
  if (!row) {
    throw new Error(
      username
        ? `No user named '${username}'`
        : "No Admin exists yet: create one with `npm run quire -- create-admin <username>`",
    );
  }
  const actor: Actor = {
    id: row.id,
    username: row.username,
    role: roleSchema.parse(row.role),
    via: "session",
  };
  if (row.disabledAt) throw new Error(`User '${row.username}' is disabled`);
  if (!canGlobal(actor, "document.create"))
    throw new Error(`User '${row.username}' is a ${row.role} and may not create documents`);
  return actor;
}

/**
 * Category ids by lower-cased name, created on first use by the system actor (names match
 * case-insensitively, as the API does). `created` collects the names of categories it made.
 */
export function categoryResolver(
  ctx: AppContext,
  created: string[] = [],
  description = "Created by bulk import",
): (name: string) => Promise<string> {
  const known = new Map<string, string>();
  return async (rawName) => {
    const { name, ...rest } = createCategoryBodySchema.parse({ name: rawName });
    const key = name.toLowerCase();
    const cached = known.get(key);
    if (cached) return cached;
    let id = await findCategoryId(ctx, key);
    if (!id) {
      try {
        id = (await createCategory(ctx, SYSTEM_ACTOR, { ...rest, name, description })).id;
        created.push(name);
      } catch (error) {
        // Another process made it a moment ago (two folder workers, the same new sub-folder).
        id = await findCategoryId(ctx, key);
        if (!id) throw error;
      }
    }
    known.set(key, id);
    return id;
  };
}

async function findCategoryId(ctx: AppContext, lowerName: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = ${lowerName}`)
    .limit(1);
  return row?.id;
}
