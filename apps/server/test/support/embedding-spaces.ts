import { sql } from "drizzle-orm";
import type { Database } from "../../src/db/client";
import { rowsOf } from "../../src/db/rows";
import { chunks } from "../../src/db/schema";

/**
 * Passages, and those embedded in a space other than `tag`'s (a refit cut short leaves some), read
 * from the tag each stored embedding begins with (encodeEmbedding's layout) without decoding any.
 */
export async function passagesBySpace(
  db: Database,
  tag: string,
): Promise<{ passages: number; elsewhere: number }> {
  const tagBytes = sql`convert_to(${tag}, 'UTF8')`;
  const [row] = rowsOf<{ passages: number | string; elsewhere: number | string }>(
    await db.execute(sql`select count(*) as passages,
      count(*) filter (where ${chunks.embedding} is not null
        and substring(${chunks.embedding} from 2 for octet_length(${tagBytes})) <> ${tagBytes}) as elsewhere
      from ${chunks}`),
  );
  return { passages: Number(row?.passages ?? 0), elsewhere: Number(row?.elsewhere ?? 0) };
}
