import {
  reviewStateOn,
  type Document,
  type DocumentControl,
  type DocumentStatus,
  type Version,
} from "@quire/contracts";
import type { Level } from "../../policies/access";
import { documentAbilities, type Actor } from "../../policies/policy";
import type { DocumentRecord } from "./repository";
import type { VersionRecord } from "./version-repository";

/**
 * Seed §3's Document, with processing state and what the actor may do with it; `level` is the
 * actor's level in the document's category (guard.ts for one document, categoryLevelsFor for lists).
 */
export function presentDocument(actor: Actor, r: DocumentRecord, level: Level, today: string): Document {
  const working = r.readVersion === r.doc.currentVersion;
  return {
    id: r.doc.id,
    title: r.doc.title,
    // A reader held to the effective version reads an approved text, whatever its revision's state.
    status: working ? (r.doc.status as DocumentStatus) : "Approved",
    categoryId: r.doc.categoryId,
    category: { ...r.category },
    owner: r.owner,
    ownerId: r.doc.ownerId,
    tags: r.doc.tags,
    createdAt: r.doc.createdAt.toISOString(),
    updatedAt: r.doc.updatedAt.toISOString(),
    versionCount: working ? Number(r.versionCount) : r.readVersion,
    currentVersionNumber: r.readVersion,
    currentVersion: { content: r.content, changeNote: r.changeNote },
    originalFilename: r.originalFilename,
    mediaType: r.mediaType,
    language: r.language,
    // The read version's own, so a reader held to the effective version sees that version's page.
    thumbnailUrl: r.hasThumbnail ? `/api/documents/${r.doc.id}/versions/${r.readVersion}/thumbnail` : null,
    processing: {
      state: r.doc.processingState as Document["processing"]["state"],
      error: r.doc.processingError,
    },
    archived: r.doc.archivedAt !== null,
    abilities: documentAbilities(
      actor,
      { ownerId: r.doc.ownerId, status: r.doc.status, archived: r.doc.archivedAt !== null },
      level,
    ),
    control: presentControl(r, working, today),
    autoFiled: r.doc.autoFiled,
  };
}

type RevisionStatus = NonNullable<DocumentControl["revision"]>["status"];

/** The effective version, the revision in progress (as far as the reader may know) and the periodic review. */
function presentControl(r: DocumentRecord, working: boolean, today: string): DocumentControl {
  const { doc } = r;
  const effective = doc.effectiveVersion;
  const revising = effective !== null && doc.currentVersion > effective && doc.status !== "Approved";
  // A private draft is not mentioned to the readers it is hidden from; a revision in review is.
  const told = revising && (working || doc.status !== "Draft");
  const interval = doc.reviewIntervalMonths ?? r.categoryReviewInterval;
  return {
    effectiveVersion: effective,
    effectiveAt: doc.effectiveAt?.toISOString() ?? null,
    readingEffective: !working,
    revision: told ? { version: doc.currentVersion, status: doc.status as RevisionStatus } : null,
    periodicReview: {
      effectiveOn: doc.effectiveOn,
      intervalMonths: interval,
      intervalSource: doc.reviewIntervalMonths ? "document" : r.categoryReviewInterval ? "category" : "none",
      nextReviewOn: doc.nextReviewOn,
      lastConfirmedAt: doc.reviewConfirmedAt?.toISOString() ?? null,
      state: effective === null ? "none" : reviewStateOn(today, doc.nextReviewOn),
    },
  };
}

/** When each approved version was approved, by version number (newest approval of each). */
export type ApprovedVersions = ReadonlyMap<number, Date>;

export function presentVersion(r: VersionRecord, approved: ApprovedVersions = new Map()): Version {
  const approvedAt = approved.get(r.version.version);
  const later = [...approved.keys()].filter((v) => v > r.version.version).sort((a, b) => a - b);
  return {
    approvedAt: approvedAt?.toISOString() ?? null,
    supersededBy: approvedAt ? (later[0] ?? null) : null,
    id: r.version.id,
    version: r.version.version,
    content: r.version.content,
    changeNote: r.version.changeNote,
    author: r.author,
    authorId: r.version.authorId,
    createdAt: r.version.createdAt.toISOString(),
    originalFilename: r.version.originalFilename,
    mediaType: r.version.mediaType,
    size: r.version.size,
    sha256: r.sha256,
    language: r.version.language,
    originalFromText: r.version.originalFromText,
  };
}
