import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** Fails when the database does not answer: the health check's one question. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
