import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { activity, documents } from "../../db/schema";

/** What the tags step reads and writes: a document's tags and the tags processing last found. */

/** The history entry of tags processing found in the text. */
export const FOUND_TAGS_ACTION = "Tagged from text";

/** Sets the tags while they are still `expected` (nobody changed them meanwhile); answers whether it did. */
export async function setTagsIfStill(
  db: Database,
  id: string,
  expected: readonly string[],
  tags: string[],
): Promise<boolean> {
  const set = await db
    .update(documents)
    .set({ tags })
    .where(and(eq(documents.id, id), sql`${documents.tags} = ${JSON.stringify(expected)}::jsonb`))
    .returning({ id: documents.id });
  return set.length > 0;
}

/** The tags processing last found in a document's text (its latest "Tagged from text" entry), or null. */
export async function lastFoundTags(db: Database, documentId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ data: activity.data })
    .from(activity)
    .where(
      and(
        eq(activity.subjectType, "document"),
        eq(activity.subjectId, documentId),
        eq(activity.action, FOUND_TAGS_ACTION),
      ),
    )
    .orderBy(desc(activity.id))
    .limit(1);
  const tags = row?.data?.tags;
  return Array.isArray(tags) && tags.every((t) => typeof t === "string") ? tags : null;
}
