import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { waitlist } from "../../db/schema";

/** Stores the address once: a second sign-up with the same address changes nothing. */
export async function insertWaitlistEmail(db: Database, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(waitlist)
    .values({ email })
    .onConflictDoNothing({ target: waitlist.email })
    .returning({ id: waitlist.id });
  return { created: inserted.length > 0 };
}

export async function listWaitlist(db: Database): Promise<{ email: string; createdAt: Date }[]> {
  return db
    .select({ email: waitlist.email, createdAt: waitlist.createdAt })
    .from(waitlist)
    .orderBy(asc(waitlist.createdAt), asc(waitlist.email));
}
