import { and, asc, count, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, "id">>;

/** Which users a query returns; each field narrows it. */
export interface UserFilter {
  id?: string;
  ids?: readonly string[];
  username?: string;
  role?: string;
  /** Only users who are not disabled. */
  active?: boolean;
  /** The account a single sign-on provider vouches for. */
  oidc?: { issuer: string; subject: string };
  usernameNotIn?: readonly string[];
}

function filterWhere(filter: UserFilter) {
  return and(
    filter.id !== undefined ? eq(users.id, filter.id) : undefined,
    filter.ids !== undefined ? inArray(users.id, [...filter.ids]) : undefined,
    filter.username !== undefined ? eq(users.username, filter.username) : undefined,
    filter.role !== undefined ? eq(users.role, filter.role) : undefined,
    filter.active ? isNull(users.disabledAt) : undefined,
    filter.oidc
      ? and(eq(users.oidcIssuer, filter.oidc.issuer), eq(users.oidcSubject, filter.oidc.subject))
      : undefined,
    filter.usernameNotIn?.length ? notInArray(users.username, [...filter.usernameNotIn]) : undefined,
  );
}

/** Users by username. */
export async function findUsers(db: Database, filter: UserFilter = {}): Promise<UserRow[]> {
  return db.select().from(users).where(filterWhere(filter)).orderBy(asc(users.username));
}

/** One user; `forUpdate` locks the row for the rest of the transaction. */
export async function findUser(db: Database, filter: UserFilter, forUpdate = false): Promise<UserRow | null> {
  const query = db.select().from(users).where(filterWhere(filter)).limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function countUsers(db: Database, filter: UserFilter = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(filterWhere(filter));
  return row?.n ?? 0;
}

export async function insertUser(tx: Database, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

/** The updated row, or null when there is no such user. */
export async function updateUser(tx: Database, id: string, changes: UserChanges): Promise<UserRow | null> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return row ?? null;
}
