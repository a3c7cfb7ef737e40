import { readFile } from "node:fs/promises";
import { roleSchema } from "@quire/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Seeder } from "../bootstrap/bootstrap";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { categories, documents, users } from "../db/schema";
import { seedDemoAccess } from "./access";
import { seedDemoCampaign } from "./acknowledgements";
import { seedDemoTemplateRound } from "./template-round";
import { createDocument } from "../modules/documents/create-document";
import { addVersion } from "../modules/documents/service";
import type { ValidatedFile } from "../modules/documents/upload";
import { setPeriodicReview } from "../modules/control/service";
import { authorizeDocumentById } from "../policies/guard";
import type { Actor } from "../policies/policy";
import { DbBlobStore } from "../storage/blob-store";
import {
  earlierOutcome,
  finalOutcome,
  markOldNotificationsRead,
  runDemoRound,
  type DemoPeople,
} from "./workflow";

const DAY_MS = 24 * 60 * 60 * 1000;
const contentRoot = new URL("./content/", import.meta.url);

const manifestSchema = z.array(
  z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    category: z.string().min(1),
    owner: z.string().min(1),
    tags: z.array(z.string()),
    status: z.enum(["Draft", "In Review", "Approved", "Rejected", "Changes Requested"]),
    /** The reviewer's request or the approver's reason, for Changes Requested and Rejected. */
    reason: z.string().min(1).optional(),
    /** For In Review: how many of the two reviews are in (2: waiting on the approver). */
    reviewsIn: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    /** Document control: the owner confirms an effective date this many days ago and a review interval. */
    periodicReview: z
      .object({
        intervalMonths: z.number().int().positive(),
        effectiveDaysAgo: z.number().int().nonnegative(),
      })
      .optional(),
    versions: z
      .array(
        z.object({
          file: z.string().regex(/^[\w.-]+\.md$/),
          changeNote: z.string().nullable(),
          author: z.string().min(1),
          daysAgo: z.number().nonnegative(),
        }),
      )
      .min(1),
  }),
);

export type DemoManifest = z.infer<typeof manifestSchema>;
type DemoDocument = DemoManifest[number];

export async function loadDemoManifest(): Promise<DemoManifest> {
  const text = await readFile(new URL("manifest.json", contentRoot), "utf8");
  return manifestSchema.parse(JSON.parse(text));
}

async function markdownFile(doc: DemoDocument, file: string): Promise<ValidatedFile> {
  const bytes = await readFile(new URL(`${doc.slug}/${file}`, contentRoot));
  // The demo texts are our own markdown: nothing to sniff or convert, and the download is named after the document.
  return {
    bytes,
    filename: `${doc.slug}.md`,
    mediaType: "text/markdown",
    markdown: bytes.toString("utf8"),
    pagesNeedingOcr: [],
  };
}

/**
 * The seeder writes through the ordinary document services so demo data is shaped exactly like
 * uploaded data, but everything must stay inside bootstrap's transaction: a context whose database
 * (and database blob store, if that is the configured one) is the transaction does that.
 */
function transactionContext(ctx: AppContext, tx: Database): AppContext {
  return { ...ctx, db: tx, blobs: ctx.blobs.kind === "db" ? new DbBlobStore(tx) : ctx.blobs };
}

async function loadActors(tx: Database, usernames: string[]): Promise<Map<string, Actor>> {
  const rows = await tx.select().from(users).where(inArray(users.username, usernames));
  return new Map(
    rows.map((u) => [
      u.username,
      { id: u.id, username: u.username, role: roleSchema.parse(u.role), via: "session" } satisfies Actor,
    ]),
  );
}

function pick<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo manifest names an unknown ${what}: '${key}'`);
  return value;
}

async function alreadySeeded(tx: Database, title: string, ownerId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.title, title), eq(documents.ownerId, ownerId)))
    .limit(1);
  return rows.length > 0;
}

interface SeedPeople {
  actors: Map<string, Actor>;
  reviewers: [Actor, Actor];
  approver: Actor;
}

/**
 * One manifest document: its first version, then for each later version the review round the
 * version before it went through (approved, or sent back with the change note as the request),
 * then the round that leaves the current version at the manifest's status. Every step is taken by
 * the demo user whose part it is, through the ordinary services, at its moment in the past.
 */
async function seedOne(
  ctx: AppContext,
  doc: DemoDocument,
  people: SeedPeople,
  categoryId: string,
  inReviewIndex: number,
): Promise<void> {
  const owner = pick(people.actors, doc.owner, "user");
  if (await alreadySeeded(ctx.db, doc.title, owner.id)) return;
  const now = ctx.clock.now();
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const [first, ...later] = doc.versions;
  if (!first) return;
  const id = await createDocument(ctx, owner, {
    title: doc.title,
    categoryId,
    tags: doc.tags,
    file: await markdownFile(doc, first.file),
    createdAt: at(first.daysAgo),
  });
  const roundPeople: DemoPeople = { owner, reviewers: people.reviewers, approver: people.approver };
  let current = 1;
  let writtenDaysAgo = first.daysAgo;
  for (const v of later) {
    const outcome = earlierOutcome(writtenDaysAgo - v.daysAgo, v.changeNote);
    await runDemoRound(ctx, id, roundPeople, outcome, { from: at(writtenDaysAgo), until: at(v.daysAgo) });
    const file = await markdownFile(doc, v.file);
    const author = pick(people.actors, v.author, "user");
    current = await addVersion(
      ctx,
      await authorizeDocumentById(ctx.db, author, "document.createVersion", id),
      {
        file,
        changeNote: v.changeNote,
        expectedVersion: current,
        createdAt: at(v.daysAgo),
      },
    );
    writtenDaysAgo = v.daysAgo;
  }
  const outcome = finalOutcome(doc.status, doc.reason, doc.reviewsIn ?? inReviewIndex);
  if (outcome) await runDemoRound(ctx, id, roundPeople, outcome, { from: at(writtenDaysAgo), until: now });
  if (doc.periodicReview) {
    // The owner confirms the dates the way a person does, so one review comes due and one lapses.
    await setPeriodicReview(ctx, await authorizeDocumentById(ctx.db, owner, "document.control", id), {
      effectiveOn: at(doc.periodicReview.effectiveDaysAgo).toISOString().slice(0, 10),
      intervalMonths: doc.periodicReview.intervalMonths,
    });
  }
}

/**
 * The demo archive: every manifest document with its versions, written by its owner and version
 * authors and backdated from the clock. Runs inside bootstrap (once per data directory); a document
 * that is already there (same title and owner) is left alone, so running it again adds nothing.
 * `DEMO_DOCUMENTS=false` leaves it out: demo people on an empty archive.
 */
export const seedDemoDocuments: Seeder = async (ctx, tx) => {
  if (!ctx.config.demoDocuments) return;
  const manifest = await loadDemoManifest();
  const seedCtx = transactionContext(ctx, tx);
  const usernames = [
    ...new Set(manifest.flatMap((d) => [d.owner, ...d.versions.map((v) => v.author)])),
    ...DEMO_REVIEWERS,
    DEMO_APPROVER,
    "admin",
  ];
  const actors = await loadActors(tx, usernames);
  const people: SeedPeople = {
    actors,
    reviewers: [pick(actors, DEMO_REVIEWERS[0], "user"), pick(actors, DEMO_REVIEWERS[1], "user")],
    approver: pick(actors, DEMO_APPROVER, "user"),
  };
  const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));
  let inReview = 0;
  for (const doc of manifest) {
    const index = doc.status === "In Review" ? inReview++ : 0;
    await seedOne(seedCtx, doc, people, pick(categoryIds, doc.category, "category"), index);
  }
  await seedDemoTemplateRound(seedCtx, {
    admin: pick(actors, "admin", "user"),
    owner: pick(actors, "author", "user"),
    assignees: [...people.reviewers, people.approver],
  });
  await markOldNotificationsRead(seedCtx);
  await seedDemoAccess(seedCtx);
  await seedDemoCampaign(seedCtx);
};

/** The demo users who review and approve every demo round. */
const DEMO_REVIEWERS = ["reviewer", "reviewer2"] as const;
const DEMO_APPROVER = "approver";
