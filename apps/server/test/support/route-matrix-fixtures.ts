import { randomUUID } from "node:crypto";
import type { Role } from "@quire/contracts";
import { asc, eq, gt, max } from "drizzle-orm";
import { createCanvas } from "@napi-rs/canvas";
import { activity, documents } from "../../src/db/schema";
import { findThumbnailSubject, recordThumbnail } from "../../src/modules/documents/thumbnail-repository";
import type { InjectOptions } from "fastify";
import { json, multipart, type RequestOptions, type TestApp } from "./harness";
import { demoUserIds, draftInReview } from "./review-helpers";

/**
 * What the route matrix (route-matrix.ts, route-matrix-documents.ts) is written in: the shape of
 * an entry, each role's demo user, and the fresh objects its requests act on, each made for the
 * request that needs it.
 */

export const demoUserOf: Record<Role, string> = {
  Admin: "admin",
  Author: "author",
  Reviewer: "reviewer",
  Approver: "approver",
  Viewer: "viewer",
};

export interface MatrixEntry {
  method: string;
  /** The route as registered, e.g. /api/categories/:id */
  route: string;
  /** Roles that may act; every other role gets 403 (or 404 where existence is hidden). */
  allowed: readonly Role[] | "all";
  /** Builds a fresh, valid request for one attempt (a new target each time, so attempts do not interfere). */
  prepare?: (t: TestApp) => Promise<{ url?: string; body?: unknown; headers?: Record<string, string> }>;
  /** Expected success status. */
  ok?: number;
  /** What a role outside `allowed` gets: 403, or 404 where the target is hidden from it. */
  denied?: 403 | 404;
  /** An event stream never ends: read its status from a streamed response, then hang up. */
  stream?: boolean;
  /** A POST that computes and changes nothing (a question, a suggestion, a recomputed cache): no activity entry. */
  readOnly?: boolean;
  /** A GET an auditor needs (opening a document, downloading it): its first success writes this entry. */
  recordsRead?: string;
}

export const ALL = "all" as const;
export const freshCategory = async (t: TestApp) => {
  const res = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Temp ${randomUUID()}` },
  });
  return json<{ id: string }>(res).id;
};
/** A mail account on a port where nothing listens (port 9 is discard, closed on test machines). */
export const mailAccountBody = () => ({
  name: `Matrix ${randomUUID()}`,
  host: "127.0.0.1",
  port: 9,
  tls: false,
  username: "matrix",
  password: "matrix-password",
  pollSeconds: 3600,
});
export const freshMailAccount = async (t: TestApp) => {
  const res = await t.request("POST", "/api/ingestion/mail/accounts", {
    as: "admin",
    body: mailAccountBody(),
  });
  return json<{ id: string }>(res).id;
};
export const freshUser = async (t: TestApp) => {
  const res = await t.request("POST", "/api/users", {
    as: "admin",
    body: { username: `u${randomUUID().slice(0, 8)}`, role: "Viewer" },
  });
  return json<{ id: string }>(res).id;
};

export const freshGroup = async (t: TestApp) => {
  const res = await t.request("POST", "/api/groups", {
    as: "admin",
    body: { name: `Group ${randomUUID()}` },
  });
  return json<{ id: string }>(res).id;
};

export const uploadBody = async (t: TestApp) => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  return multipart(
    { categoryId: categories[0]!.id, title: "Matrix document", allowDuplicate: "true" },
    { name: "matrix.md", bytes: Buffer.from("# Matrix\n\nBody text.\n") },
  );
};
/** An Approved document owned by the demo author: visible to every role, changeable by its owner and Admin. */
export const freshDocument = async (
  t: TestApp,
  opts: {
    archived?: boolean;
    failed?: boolean;
    effective?: boolean;
    autoFiled?: boolean;
    /** Version 1 has a thumbnail, as processing would have drawn it (a tiny WebP). */
    thumbnail?: boolean;
  } = {},
) => {
  const { body, headers } = await uploadBody(t);
  const id = json<{ id: string }>(
    await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
  ).id;
  await t.ctx.db
    .update(documents)
    .set({
      status: "Approved",
      ...(opts.archived ? { archivedAt: t.clock.now() } : {}),
      ...(opts.failed ? { processingState: "failed", processingError: "matrix" } : {}),
      // Filed by Quire without a category, waiting for its owner to confirm.
      ...(opts.autoFiled ? { autoFiled: true } : {}),
      // Effective, as its approval would have made it, with a yearly periodic review.
      ...(opts.effective
        ? {
            effectiveVersion: 1,
            effectiveAt: t.clock.now(),
            effectiveOn: t.clock.now().toISOString().slice(0, 10),
            reviewIntervalMonths: 12,
          }
        : {}),
    })
    .where(eq(documents.id, id));
  if (opts.thumbnail) await giveThumbnail(t, id);
  return id;
};

async function giveThumbnail(t: TestApp, documentId: string): Promise<void> {
  const subject = await findThumbnailSubject(t.ctx.db, documentId, 1);
  if (!subject) throw new Error(`no version 1 of ${documentId}`);
  const image = createCanvas(4, 4).encodeSync("webp");
  const sha256 = await t.ctx.blobs.put(image);
  await recordThumbnail(t.ctx.db, subject.id, { sha256, size: image.byteLength }, t.clock.now());
}
export const OWNER_OR_ADMIN: Role[] = ["Admin", "Author"];

/** An effective document with a read-and-acknowledge campaign open to everyone, started by an Admin. */
export const freshCampaign = async (t: TestApp) => {
  const id = await freshDocument(t, { effective: true });
  const res = await t.request("POST", `/api/documents/${id}/acknowledgement`, {
    as: "admin",
    body: { everyone: true },
  });
  if (res.statusCode !== 201) throw new Error(`campaign not started: ${res.statusCode} ${res.body}`);
  return id;
};

/**
 * A comment thread the demo author (the document's owner) opened on a fresh document every role
 * sees; `resolved` resolves it first. Answers the comment's URL.
 */
export const freshComment = async (t: TestApp, opts: { resolved?: boolean } = {}) => {
  const id = await freshDocument(t);
  const res = await t.request("POST", `/api/documents/${id}/comments`, {
    as: "author",
    body: { body: "Is the second clause still right?" },
  });
  if (res.statusCode !== 201) throw new Error(`comment not made: ${res.statusCode} ${res.body}`);
  const url = `/api/documents/${id}/comments/${json<{ id: string }>(res).id}`;
  if (opts.resolved) {
    const resolved = await t.request("POST", `${url}/resolve`, { as: "author" });
    if (resolved.statusCode !== 200) throw new Error(`not resolved: ${resolved.statusCode} ${resolved.body}`);
  }
  return url;
};

/** A document In Review (visible to every role): reviewer has approved, reviewer2 is still pending. */
export const inReview = async (t: TestApp) => {
  const doc = await draftInReview(t, await demoUserIds(t), `Matrix ${randomUUID()}`);
  await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "reviewer",
    body: { status: "Approved" },
  });
  return doc;
};

/** What an entry's `prepare` made for one attempt. */
export type Prepared = Awaited<ReturnType<NonNullable<MatrixEntry["prepare"]>>>;

/**
 * A request with the activity entries it wrote, oldest first. The user (`as`) signs in before the
 * count starts: a first sign-in is a change of its own, with its own entry.
 */
export async function requestWithEntries(
  t: TestApp,
  method: InjectOptions["method"],
  url: string,
  options: RequestOptions,
) {
  if (options.as) await t.cookieFor(options.as);
  const [before] = await t.ctx.db.select({ last: max(activity.id) }).from(activity);
  const res = await t.request(method, url, options);
  const written = await t.ctx.db
    .select({ action: activity.action, userId: activity.userId })
    .from(activity)
    .where(gt(activity.id, before?.last ?? 0))
    .orderBy(asc(activity.id));
  return { res, written };
}

/** The matrix entry's request as the role's demo user, with the activity entries it wrote. */
export async function attemptAs(t: TestApp, entry: MatrixEntry, role: Role, prepared: Prepared) {
  const user = demoUserOf[role];
  const { res, written } = await requestWithEntries(t, entry.method as "GET", prepared.url ?? entry.route, {
    as: user,
    body: prepared.body,
    ...(prepared.headers ? { headers: prepared.headers } : {}),
  });
  return { res, user, written };
}
