import { sql, type SQL } from "drizzle-orm";
import { categories } from "../db/schema";
import { categoryLevelAtLeast } from "./documents-where";
import { isAdministrator, type Actor } from "./policy";

/**
 * "category.read" where it applies, as SQL on `categories`: the categories the actor holds at
 * least view in (Admins: all). A category whose access list leaves someone out is not shown to
 * them at all, like its documents; unseen answers 404. access.ts's categoryLevel is its pure twin.
 */
export function visibleCategoriesWhere(actor: Pick<Actor, "id" | "role">): SQL {
  return isAdministrator(actor.role)
    ? sql`true`
    : categoryLevelAtLeast(actor.id, sql`${categories.id}`, "view");
}
