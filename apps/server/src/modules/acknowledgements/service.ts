import {
  SYSTEM_ACTOR_NAME,
  type AcknowledgeResult,
  type AcknowledgementReport,
  type AcknowledgementState,
  type StartAcknowledgementInput,
  type ToAcknowledgeList,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { readAll } from "../../db/read-all";
import { conflict, forbidden, notFound, unknownIds } from "../../lib/errors";
import { documentViewerIds, listableDocumentsWhere } from "../../policies/documents-where";
import type { LoadedDocument } from "../../policies/guard";
import { canChangeDocument, type Actor } from "../../policies/policy";
import { withTransaction, type RecordActivity } from "../activity/command";
import { appendActivity } from "../activity/repository";
import { lockDocument } from "../documents/repository";
import { notifyUsers, settleAcknowledgementRequests } from "../notifications/service";
import { presentCampaign, presentEntry } from "./presenter";
import {
  campaignAcknowledgements,
  campaignForVersion,
  campaignGroups,
  campaignMemberIds,
  closeCampaign,
  campaignsWaitingOn,
  documentHeadline,
  existingGroupIds,
  findAcknowledgement,
  insertAcknowledgement,
  insertCampaign,
  latestCampaign,
  openCampaign,
  usernamesOf,
  versionHashes,
  type CampaignRow,
} from "./repository";

/** The "To acknowledge" list holds at most this many, newest first; its count is exact up to it. */
const MINE_LIMIT = 200;

/**
 * Who a campaign asks now: the members of its groups (or everyone) who can open the document,
 * in name order. Membership and access are read when asked, so someone who joins a group is asked
 * and someone who lost access is not counted as owing anything.
 */
export async function campaignAudience(db: Database, campaign: CampaignRow): Promise<string[]> {
  const [members, viewers] = await readAll(db, [
    () => campaignMemberIds(db, campaign),
    () => documentViewerIds(db, campaign.documentId),
  ]);
  return viewers.filter((id) => members.has(id));
}

/** The audience split into who has acknowledged (by name, with their record) and who has not. */
async function splitAudience(db: Database, campaign: CampaignRow) {
  const [audience, given] = await readAll(db, [
    () => campaignAudience(db, campaign),
    () => campaignAcknowledgements(db, campaign.id),
  ]);
  const done = new Set(given.map((a) => a.userId));
  const pendingIds = audience.filter((id) => !done.has(id));
  const names = await usernamesOf(db, pendingIds);
  return {
    acknowledged: given,
    pendingIds,
    pending: pendingIds
      .map((id) => ({ name: names.get(id) ?? id }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

async function askAudience(
  ctx: AppContext,
  tx: Database,
  campaign: CampaignRow,
  title: string,
  except: string | null,
  now: Date,
): Promise<number> {
  const audience = (await campaignAudience(tx, campaign)).filter((id) => id !== except);
  return notifyUsers(
    tx,
    audience,
    {
      kind: "acknowledgement_requested",
      title: "Please read and acknowledge",
      body: `"${title}" version ${campaign.version}: read it and confirm you have`,
      message: { key: "acknowledgementRequested", params: { document: title, version: campaign.version } },
      documentId: campaign.documentId,
    },
    now,
    ctx.config.mail,
  );
}

/**
 * Opens a campaign on `version` of a document for an audience, with that version's hashes, tells
 * the audience, and records it. The caller holds the document's lock.
 */
async function openFor(
  ctx: AppContext,
  tx: Database,
  record: RecordActivity,
  spec: {
    documentId: string;
    title: string;
    version: number;
    everyone: boolean;
    groupIds: readonly string[];
    by: string | null;
    at: Date;
    previousVersion?: number;
  },
): Promise<CampaignRow> {
  const hashes = await versionHashes(tx, spec.documentId, spec.version);
  if (!hashes) throw notFound("Version");
  const campaign = await insertCampaign(
    tx,
    {
      documentId: spec.documentId,
      version: spec.version,
      everyone: spec.everyone,
      startedBy: spec.by,
      startedAt: spec.at,
      ...hashes,
    },
    spec.groupIds,
  );
  const asked = await askAudience(ctx, tx, campaign, spec.title, spec.by, spec.at);
  await record({
    action: "Started acknowledgement campaign",
    subjectType: "document",
    subjectId: spec.documentId,
    documentId: spec.documentId,
    data: {
      version: spec.version,
      everyone: spec.everyone,
      groupIds: [...spec.groupIds],
      asked,
      ...(spec.previousVersion ? { previousVersion: spec.previousVersion } : {}),
    },
  });
  return campaign;
}

/** The owner (or an Admin) asks groups, or everyone, to acknowledge the effective version. */
export async function startCampaign(
  ctx: AppContext,
  target: LoadedDocument,
  input: StartAcknowledgementInput,
): Promise<void> {
  const actor = target.actor;
  const now = ctx.clock.now();
  const everyone = input.everyone ?? false;
  const groupIds = everyone ? [] : [...new Set(input.groupIds ?? [])];
  await withTransaction(ctx, actor, async (tx, record) => {
    await lockDocument(tx, target.id);
    const doc = await documentHeadline(tx, target.id);
    if (!doc) throw notFound("Document");
    if (doc.effectiveVersion === null)
      throw conflict(
        "This document has no effective version yet: it needs an approved version to acknowledge",
      );
    const open = await openCampaign(tx, target.id);
    if (open)
      throw conflict(
        `A read-and-acknowledge campaign for version ${open.version} is already open on this document`,
      );
    if (await campaignForVersion(tx, target.id, doc.effectiveVersion))
      throw conflict(`Version ${doc.effectiveVersion} already had its read-and-acknowledge campaign`);
    const found = await existingGroupIds(tx, groupIds);
    const missing = groupIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw unknownIds("groupIds", missing);
    await openFor(ctx, tx, record, {
      documentId: target.id,
      title: doc.title,
      version: doc.effectiveVersion,
      everyone,
      groupIds,
      by: actor.id,
      at: now,
    });
  });
}

/**
 * The reader confirms they read the effective version. Only someone the open campaign asks may;
 * a second confirmation writes nothing and says so.
 */
export async function acknowledge(
  ctx: AppContext,
  target: LoadedDocument,
  version: number,
): Promise<AcknowledgeResult> {
  const actor = target.actor;
  const now = ctx.clock.now();
  return withTransaction(ctx, actor, async (tx, record) => {
    // Waits for a decision making a newer version effective, which closes this campaign.
    await lockDocument(tx, target.id);
    const campaign = await openCampaign(tx, target.id);
    if (!campaign) throw notFound("Open read-and-acknowledge campaign");
    if (version !== campaign.version)
      throw conflict(
        `Version ${version} is not the version to acknowledge: version ${campaign.version} is the effective one`,
      );
    const existing = await findAcknowledgement(tx, campaign.id, actor.id);
    if (existing)
      return { alreadyAcknowledged: true, acknowledgement: presentEntry(existing, actor.username) };
    const audience = await campaignAudience(tx, campaign);
    if (!audience.includes(actor.id))
      throw forbidden("You are not among the people this campaign asks to acknowledge this document");
    const row = {
      campaignId: campaign.id,
      documentId: target.id,
      version: campaign.version,
      userId: actor.id,
      originalSha256: campaign.originalSha256,
      markdownSha256: campaign.markdownSha256,
      acknowledgedAt: now,
    };
    // Two confirmations racing both pass the check above; the unique key keeps the first.
    const inserted = await insertAcknowledgement(tx, row);
    if (!inserted) {
      const first = await findAcknowledgement(tx, campaign.id, actor.id);
      return { alreadyAcknowledged: true, acknowledgement: presentEntry(first ?? row, actor.username) };
    }
    await record({
      action: "Acknowledged",
      subjectType: "document",
      subjectId: target.id,
      documentId: target.id,
      data: { version: campaign.version, markdownSha256: campaign.markdownSha256 },
    });
    await settleAcknowledgementRequests(tx, { userId: actor.id, documentId: target.id }, now);
    return { alreadyAcknowledged: false, acknowledgement: presentEntry(row, actor.username) };
  });
}

const mayReport = (target: LoadedDocument) =>
  canChangeDocument(target.actor, "document.readAcknowledgements", { ...target.facts }, target.level);

/** The campaign as the reader sees it: the open one (or for its owner, the last), and their own part. */
export async function acknowledgementState(
  ctx: AppContext,
  target: LoadedDocument,
): Promise<AcknowledgementState> {
  const report = mayReport(target);
  const abilities = {
    start: canChangeDocument(target.actor, "document.startAcknowledgement", target.facts, target.level),
    report,
    acknowledge: false,
  };
  const campaign = report ? await latestCampaign(ctx.db, target.id) : await openCampaign(ctx.db, target.id);
  const effective = target.facts.effectiveVersion ?? null;
  if (!campaign)
    return {
      campaign: null,
      asked: false,
      acknowledgedAt: null,
      counts: null,
      abilities: { ...abilities, start: abilities.start && effective !== null },
    };
  const open = campaign.closedAt === null;
  const [groups, mine, split] = await readAll(ctx.db, [
    () => campaignGroups(ctx.db, campaign.id),
    () => findAcknowledgement(ctx.db, campaign.id, target.actor.id),
    () => (report || open ? splitAudience(ctx.db, campaign) : Promise.resolve(null)),
  ]);
  const asked = open && (mine !== null || (split?.pendingIds.includes(target.actor.id) ?? false));
  // Once a version is acknowledged on this document, the owner may open the next campaign only with the next version.
  abilities.start = abilities.start && !open && effective !== null && campaign.version !== effective;
  abilities.acknowledge = asked && mine === null;
  return {
    campaign: presentCampaign(campaign, groups, await startedByName(ctx.db, campaign)),
    asked,
    acknowledgedAt: mine?.acknowledgedAt.toISOString() ?? null,
    counts:
      report && split ? { acknowledged: split.acknowledged.length, pending: split.pending.length } : null,
    abilities,
  };
}

async function startedByName(db: Database, campaign: CampaignRow): Promise<string> {
  if (!campaign.startedBy) return SYSTEM_ACTOR_NAME;
  return (await usernamesOf(db, [campaign.startedBy])).get(campaign.startedBy) ?? SYSTEM_ACTOR_NAME;
}

/** Who confirmed and who has not, for the owner: the document's newest campaign. */
export async function acknowledgementReport(
  ctx: AppContext,
  target: LoadedDocument,
): Promise<AcknowledgementReport> {
  const campaign = await latestCampaign(ctx.db, target.id);
  if (!campaign) throw notFound("Read-and-acknowledge campaign");
  const [groups, split, by] = await readAll(ctx.db, [
    () => campaignGroups(ctx.db, campaign.id),
    () => splitAudience(ctx.db, campaign),
    () => startedByName(ctx.db, campaign),
  ]);
  // A closed campaign asks no one any more: only its records remain.
  const pending = campaign.closedAt === null ? split.pending : [];
  return {
    campaign: presentCampaign(campaign, groups, by),
    acknowledged: split.acknowledged.map((a) => presentEntry(a, a.name)),
    pending,
    counts: { acknowledged: split.acknowledged.length, pending: pending.length },
  };
}

/** The open campaigns waiting on the actor, on documents they can read. */
export async function toAcknowledge(ctx: AppContext, actor: Actor): Promise<ToAcknowledgeList> {
  const rows = await campaignsWaitingOn(ctx.db, actor.id, listableDocumentsWhere(actor), MINE_LIMIT);
  const items = rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }));
  return { items, count: items.length };
}

/**
 * In the transaction that made `version` effective: the campaign of the version before closes and
 * one for `version` opens for the same audience (no campaign before, none now). Quire does this,
 * not the approver, so the history names it as Quire's.
 */
export async function carryCampaignForward(
  ctx: AppContext,
  tx: Database,
  event: { documentId: string; version: number; at: Date },
): Promise<void> {
  const open = await openCampaign(tx, event.documentId);
  if (!open || open.version >= event.version) return;
  const doc = await documentHeadline(tx, event.documentId);
  if (!doc) return;
  const groups = await campaignGroups(tx, open.id);
  const record: RecordActivity = (entry) =>
    appendActivity(tx, entry, { userId: null, system: true, ip: null, at: event.at });
  await closeCampaign(tx, open.id, event.at, event.version);
  await record({
    action: "Closed acknowledgement campaign",
    subjectType: "document",
    subjectId: event.documentId,
    documentId: event.documentId,
    data: { version: open.version, supersededByVersion: event.version },
  });
  await openFor(ctx, tx, record, {
    documentId: event.documentId,
    title: doc.title,
    version: event.version,
    everyone: open.everyone,
    groupIds: groups.map((g) => g.id),
    by: null,
    at: event.at,
    previousVersion: open.version,
  });
}
