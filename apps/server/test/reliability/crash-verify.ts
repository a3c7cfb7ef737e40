import type { SystemInfo } from "@quire/contracts";
import { and, eq, ne } from "drizzle-orm";
import { openDatabase, type Database } from "../../src/db/client";
import { approvalReviewers, approvals, blobs, jobs, versions } from "../../src/db/schema";
import { endedByKillLimit } from "../../src/jobs/queue";
import { loadModelHeader } from "../../src/modules/search/embeddings";
import { passagesBySpace } from "../support/embedding-spaces";
import { DbBlobStore, FsBlobStore, sha256Of } from "../../src/storage/blob-store";
import { sweepOrphanBlobs } from "../../src/storage/orphan-sweep";
import type { Ledger } from "./crash-workload";
import { sha256 } from "./crash-workload";

async function getJson<T>(
  baseUrl: string,
  cookie: string,
  route: string,
): Promise<{ status: number; body: T | null }> {
  const res = await fetch(`${baseUrl}${route}`, { headers: { cookie } });
  return { status: res.status, body: res.ok ? ((await res.json()) as T) : null };
}

async function originalSha(baseUrl: string, cookie: string, documentId: string, version: number) {
  const res = await fetch(`${baseUrl}/api/documents/${documentId}/versions/${version}/original`, {
    headers: { cookie },
  });
  return res.ok ? sha256(new Uint8Array(await res.arrayBuffer())) : `HTTP ${res.status}`;
}

type ApprovalView = {
  round: number;
  reviewers: Array<{ id: string; status: string }>;
  approverStatus: string;
};

/** Through the API of the restarted server, as an Admin: every acknowledged write is there, exactly. */
export async function verifyLedger(baseUrl: string, adminCookie: string, ledger: Ledger) {
  const lost: string[] = [];
  const corrupted: string[] = [];
  const checkOriginal = async (label: string, documentId: string, version: number, expected: string) => {
    const actual = await originalSha(baseUrl, adminCookie, documentId, version);
    if (actual.startsWith("HTTP")) lost.push(`${label}: ${actual}`);
    else if (actual !== expected) corrupted.push(`${label}: sha256 ${actual}, sent ${expected}`);
  };
  for (const u of ledger.uploads) await checkOriginal(`upload ${u.documentId}`, u.documentId, 1, u.sha256);
  for (const v of ledger.versions) {
    await checkOriginal(`version ${v.version} of ${v.documentId}`, v.documentId, v.version, v.sha256);
  }
  const approval = async (documentId: string) =>
    (await getJson<ApprovalView>(baseUrl, adminCookie, `/api/documents/${documentId}/approval`)).body;
  for (const s of ledger.submissions) {
    if (!(await approval(s.documentId))) lost.push(`submission of ${s.documentId}`);
  }
  // The API shows a document's latest round. A review or decision in an earlier round (a new
  // version restarted the review, or the document was approved and submitted again) is checked
  // in that round's own rows by verifyStorage, once the server has stopped.
  const superseded: Superseded = { reviews: [], decisions: [] };
  for (const r of ledger.reviews) {
    const a = await approval(r.documentId);
    if (a && a.round > r.round) superseded.reviews.push(r);
    else if (a?.round !== r.round || a.reviewers.find((x) => x.id === r.reviewerId)?.status !== "Approved")
      lost.push(reviewLabel(r));
  }
  for (const d of ledger.decisions) {
    const a = await approval(d.documentId);
    if (a && a.round > d.round) superseded.decisions.push(d);
    else if (a?.round !== d.round || a.approverStatus !== "Approved") lost.push(decisionLabel(d));
  }
  return { lost, corrupted, superseded };
}

type Superseded = Pick<Ledger, "reviews" | "decisions">;
const reviewLabel = (r: Ledger["reviews"][number]) =>
  `review of ${r.documentId} round ${r.round} by ${r.reviewerId}`;
const decisionLabel = (d: Ledger["decisions"][number]) => `decision on ${d.documentId} round ${d.round}`;

/** The acknowledged reviews and decisions of superseded rounds, read from those rounds' rows. */
async function verifySupersededRounds(db: Database, superseded: Superseded): Promise<string[]> {
  const lost: string[] = [];
  const roundOf = async (documentId: string, round: number) =>
    (
      await db
        .select({ id: approvals.id, approverStatus: approvals.approverStatus })
        .from(approvals)
        .where(and(eq(approvals.documentId, documentId), eq(approvals.round, round)))
    )[0];
  for (const r of superseded.reviews) {
    const row = await roundOf(r.documentId, r.round);
    const [mine] = row
      ? await db
          .select({ status: approvalReviewers.status })
          .from(approvalReviewers)
          .where(
            and(eq(approvalReviewers.approvalId, row.id), eq(approvalReviewers.reviewerId, r.reviewerId)),
          )
      : [];
    if (mine?.status !== "Approved") lost.push(reviewLabel(r));
  }
  for (const d of superseded.decisions) {
    if ((await roundOf(d.documentId, d.round))?.approverStatus !== "Approved") lost.push(decisionLabel(d));
  }
  return lost;
}

/** Waits until no acknowledged document is still processing (its jobs ran after the restarts). */
export async function waitForProcessing(baseUrl: string, cookie: string, ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let pending = [...new Set(ids)];
  while (pending.length > 0 && Date.now() < deadline) {
    const states = await Promise.all(
      pending.map(async (id) => {
        const { body } = await getJson<{ processing: { state: string } }>(
          baseUrl,
          cookie,
          `/api/documents/${id}`,
        );
        return body?.processing.state === "processing" ? id : null;
      }),
    );
    pending = states.filter((id): id is string => id !== null);
    if (pending.length > 0) await new Promise((r) => setTimeout(r, 1000));
  }
  return pending;
}

/**
 * Waits, bounded, until the restarted server has no job waiting or running: jobs a killed process
 * was running are taken back within seconds (worker liveness), then need time to finish.
 */
export async function waitForJobs(baseUrl: string, adminCookie: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await getJson<SystemInfo>(baseUrl, adminCookie, "/api/system");
    const busy = body?.jobs ? body.jobs.queued + body.jobs.running : Number.POSITIVE_INFINITY;
    if (busy === 0 || Date.now() >= deadline) return busy;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const describeJob = (j: {
  kind: string;
  payload: unknown;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}) =>
  `job ${j.kind} ${JSON.stringify(j.payload)} ${j.status} after ${j.attempts}/${j.maxAttempts} attempts: ${j.lastError ?? ""}`;

/**
 * The search model as the run left it (information, not a verdict: a refit that ended failed by
 * the kill limit after its last round leaves an older model by rule): how many passages it was
 * fitted on, of how many, and how many passages are embedded in another model's space.
 */
async function searchModelState(db: Database) {
  const header = await loadModelHeader(db);
  const { passages, elsewhere } = await passagesBySpace(db, header?.tag ?? "");
  return { fittedOn: header?.passagesAtFit ?? null, passages, inAnotherModel: elsewhere };
}

/**
 * With the server stopped, straight from the database and the blob store: every job finished
 * (or ended failed by the kill limit: its process was killed during its last attempt, which is the
 * rule that lets a restart come up, so such a job is counted apart and is not a failure here),
 * every original matches its sha256, after the sweep no stored file is unclaimed, and the reviews
 * and decisions of superseded rounds are in those rounds.
 */
export async function verifyStorage(
  target: { databaseUrl?: string; dataDir: string; blobStore: "fs" | "db" },
  superseded: Superseded = { reviews: [], decisions: [] },
) {
  const database = await openDatabase(
    target.databaseUrl ? { url: target.databaseUrl } : { dataDir: target.dataDir },
  );
  try {
    const store =
      target.blobStore === "db" ? new DbBlobStore(database.db) : new FsBlobStore(`${target.dataDir}/blobs`);
    const unfinished = await database.db
      .select({
        kind: jobs.kind,
        payload: jobs.payload,
        status: jobs.status,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        lastError: jobs.lastError,
      })
      .from(jobs)
      .where(ne(jobs.status, "done"))
      .orderBy(jobs.id);
    const killed = unfinished.filter(endedByKillLimit);
    const stuckOrFailed = unfinished.filter((j) => !endedByKillLimit(j));
    const swept = await sweepOrphanBlobs({ db: database.db, blobs: store }, 0);
    const claimed = new Set(
      (await database.db.select({ sha256: blobs.sha256 }).from(blobs)).map((r) => r.sha256),
    );
    const referenced = new Set(
      (await database.db.select({ sha256: versions.blobSha256 }).from(versions)).map((r) => r.sha256),
    );
    const stored = await store.list();
    const corrupted: string[] = [];
    for (const hash of stored)
      if (sha256Of(await store.get(hash)) !== hash) corrupted.push(`original ${hash}`);
    const storedSet = new Set(stored);
    return {
      lost: await verifySupersededRounds(database.db, superseded),
      unfinishedJobs: stuckOrFailed.length,
      unfinishedDetails: stuckOrFailed.map(describeJob),
      killLimitFailures: killed.length,
      killLimitDetails: killed.map(describeJob),
      searchModel: await searchModelState(database.db),
      orphansSwept: swept.deleted,
      orphansLeft: stored.filter((h) => !claimed.has(h)).length,
      missingOriginals: [...referenced].filter((h) => !storedSet.has(h)).length,
      corrupted,
    };
  } finally {
    await database.close();
  }
}
