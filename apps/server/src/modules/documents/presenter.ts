import type { Document, DocumentStatus, Version } from "@quire/contracts";
import { canChangeDocument, type Actor } from "../../policies/policy";
import { presentCategory } from "../categories/service";
import type { DocumentRecord, VersionRecord } from "./repository";
import { canSubmitForReview } from "./lifecycle";

export function documentAbilities(
  actor: Actor,
  doc: { ownerId: string; status: DocumentStatus; archivedAt: Date | null },
) {
  const facts = { ownerId: doc.ownerId, status: doc.status, archived: doc.archivedAt !== null };
  return {
    update: canChangeDocument(actor, "document.update", facts),
    createVersion: canChangeDocument(actor, "document.createVersion", facts),
    submitForReview:
      canChangeDocument(actor, "document.submitForReview", facts) && canSubmitForReview(doc.status),
    archive: canChangeDocument(actor, "document.archive", facts),
  };
}

/** Seed §3's Document, with processing state and what the actor may do with it. */
export function presentDocument(actor: Actor, r: DocumentRecord): Document {
  return {
    id: r.doc.id,
    title: r.doc.title,
    status: r.doc.status as DocumentStatus,
    categoryId: r.doc.categoryId,
    category: presentCategory(r.category),
    owner: r.owner,
    ownerId: r.doc.ownerId,
    tags: r.doc.tags,
    createdAt: r.doc.createdAt.toISOString(),
    updatedAt: r.doc.updatedAt.toISOString(),
    versionCount: Number(r.versionCount),
    currentVersionNumber: r.doc.currentVersion,
    currentVersion: { content: r.content, changeNote: r.changeNote },
    originalFilename: r.originalFilename,
    mediaType: r.mediaType,
    processing: {
      state: r.doc.processingState as Document["processing"]["state"],
      error: r.doc.processingError,
    },
    archived: r.doc.archivedAt !== null,
    abilities: documentAbilities(actor, r.doc),
  };
}

export function presentVersion(r: VersionRecord): Version {
  return {
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
  };
}
