import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  acknowledgementCampaignGroups,
  acknowledgementCampaigns,
  acknowledgements,
  documents,
  groupMembers,
  groups,
  users,
  versions,
} from "../../db/schema";

/** Reads and writes of the campaigns and their acknowledgments; acknowledgments are only ever appended. */

export type CampaignRow = typeof acknowledgementCampaigns.$inferSelect;
export type AcknowledgementRow = typeof acknowledgements.$inferSelect;

/** The document's open campaign, if any. */
export async function openCampaign(db: Database, documentId: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(acknowledgementCampaigns)
    .where(
      and(eq(acknowledgementCampaigns.documentId, documentId), isNull(acknowledgementCampaigns.closedAt)),
    )
    .limit(1);
  return row ?? null;
}

/** The document's newest campaign, open or closed. */
export async function latestCampaign(db: Database, documentId: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(acknowledgementCampaigns)
    .where(eq(acknowledgementCampaigns.documentId, documentId))
    .orderBy(desc(acknowledgementCampaigns.version))
    .limit(1);
  return row ?? null;
}

export async function campaignForVersion(
  db: Database,
  documentId: string,
  version: number,
): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(acknowledgementCampaigns)
    .where(
      and(eq(acknowledgementCampaigns.documentId, documentId), eq(acknowledgementCampaigns.version, version)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A version's hashes, computed by the database: the original's sha256 is stored with the version,
 * the markdown's is taken there, so the text never travels to the server to be hashed.
 */
export async function versionHashes(
  db: Database,
  documentId: string,
  version: number,
): Promise<{ originalSha256: string; markdownSha256: string } | null> {
  const result = await db.execute<{ original: string; markdown: string }>(sql`
    select ${versions.blobSha256} as original,
      encode(sha256(convert_to(${versions.content}, 'UTF8')), 'hex') as markdown
    from ${versions}
    where ${versions.documentId} = ${documentId} and ${versions.version} = ${version}`);
  const [row] = rowsOf<{ original: string; markdown: string }>(result);
  return row ? { originalSha256: row.original, markdownSha256: row.markdown } : null;
}

export async function insertCampaign(
  tx: Database,
  row: typeof acknowledgementCampaigns.$inferInsert,
  groupIds: readonly string[],
): Promise<CampaignRow> {
  const [inserted] = await tx.insert(acknowledgementCampaigns).values(row).returning();
  if (!inserted) throw new Error("campaign not inserted");
  if (groupIds.length > 0)
    await tx
      .insert(acknowledgementCampaignGroups)
      .values(groupIds.map((groupId) => ({ campaignId: inserted.id, groupId })));
  return inserted;
}

export async function closeCampaign(
  tx: Database,
  campaignId: string,
  at: Date,
  supersededByVersion: number | null,
): Promise<void> {
  await tx
    .update(acknowledgementCampaigns)
    .set({ closedAt: at, supersededByVersion })
    .where(eq(acknowledgementCampaigns.id, campaignId));
}

export async function markReminded(tx: Database, campaignId: string, at: Date): Promise<void> {
  await tx
    .update(acknowledgementCampaigns)
    .set({ remindedAt: at })
    .where(eq(acknowledgementCampaigns.id, campaignId));
}

/** The campaign's groups by name (those still there: a deleted group leaves the audience). */
export async function campaignGroups(
  db: Database,
  campaignId: string,
): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(acknowledgementCampaignGroups)
    .innerJoin(groups, eq(groups.id, acknowledgementCampaignGroups.groupId))
    .where(eq(acknowledgementCampaignGroups.campaignId, campaignId))
    .orderBy(asc(groups.name));
}

/** Which of `groupIds` exist. */
export async function existingGroupIds(db: Database, groupIds: readonly string[]): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]));
  return new Set(rows.map((r) => r.id));
}

/** Active users who belong to one of the campaign's groups (or every active user when it asks everyone). */
export async function campaignMemberIds(db: Database, campaign: CampaignRow): Promise<Set<string>> {
  const member: SQL = campaign.everyone
    ? sql`true`
    : sql`exists (select 1 from ${groupMembers}
        join ${acknowledgementCampaignGroups} on ${acknowledgementCampaignGroups.groupId} = ${groupMembers.groupId}
        where ${acknowledgementCampaignGroups.campaignId} = ${campaign.id} and ${groupMembers.userId} = ${users.id})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.disabledAt), member));
  return new Set(rows.map((r) => r.id));
}

/** The campaign's acknowledgments with their signers' names, oldest first. */
export async function campaignAcknowledgements(db: Database, campaignId: string) {
  return db
    .select({
      userId: acknowledgements.userId,
      name: users.username,
      version: acknowledgements.version,
      originalSha256: acknowledgements.originalSha256,
      markdownSha256: acknowledgements.markdownSha256,
      acknowledgedAt: acknowledgements.acknowledgedAt,
    })
    .from(acknowledgements)
    .innerJoin(users, eq(users.id, acknowledgements.userId))
    .where(eq(acknowledgements.campaignId, campaignId))
    .orderBy(asc(acknowledgements.acknowledgedAt), asc(users.username));
}

export async function findAcknowledgement(
  db: Database,
  campaignId: string,
  userId: string,
): Promise<AcknowledgementRow | null> {
  const [row] = await db
    .select()
    .from(acknowledgements)
    .where(and(eq(acknowledgements.campaignId, campaignId), eq(acknowledgements.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Appends an acknowledgment unless the person already gave one for the campaign; answers whether it did. */
export async function insertAcknowledgement(
  tx: Database,
  row: typeof acknowledgements.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(acknowledgements)
    .values(row)
    .onConflictDoNothing({ target: [acknowledgements.campaignId, acknowledgements.userId] })
    .returning({ id: acknowledgements.id });
  return inserted.length > 0;
}

export async function usernamesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * Open campaigns on documents `listable` admits that ask `userId` (everyone, or a group of theirs)
 * and that they have not acknowledged, newest first.
 */
export async function campaignsWaitingOn(db: Database, userId: string, listable: SQL, limit: number) {
  const c = acknowledgementCampaigns;
  return db
    .select({ documentId: documents.id, title: documents.title, version: c.version, startedAt: c.startedAt })
    .from(c)
    .innerJoin(documents, eq(documents.id, c.documentId))
    .where(
      and(
        isNull(c.closedAt),
        listable,
        sql`(${c.everyone} or exists (select 1 from ${acknowledgementCampaignGroups}
          join ${groupMembers} on ${groupMembers.groupId} = ${acknowledgementCampaignGroups.groupId}
          where ${acknowledgementCampaignGroups.campaignId} = ${c.id} and ${groupMembers.userId} = ${userId}))`,
        sql`not exists (select 1 from ${acknowledgements}
          where ${acknowledgements.campaignId} = ${c.id} and ${acknowledgements.userId} = ${userId})`,
      ),
    )
    .orderBy(desc(c.startedAt), asc(documents.id))
    .limit(limit);
}

/** Open campaigns whose last reminder (or opening) is at or before `before`. */
export async function campaignsOwingReminder(db: Database, before: Date, limit: number) {
  const c = acknowledgementCampaigns;
  return db
    .select({ id: c.id })
    .from(c)
    .where(and(isNull(c.closedAt), lte(sql`coalesce(${c.remindedAt}, ${c.startedAt})`, before)))
    .orderBy(asc(c.startedAt))
    .limit(limit);
}

export async function findCampaign(db: Database, campaignId: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(acknowledgementCampaigns)
    .where(eq(acknowledgementCampaigns.id, campaignId))
    .limit(1);
  return row ?? null;
}

export async function documentHeadline(db: Database, documentId: string) {
  const [row] = await db
    .select({
      title: documents.title,
      ownerId: documents.ownerId,
      effectiveVersion: documents.effectiveVersion,
    })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row ?? null;
}
