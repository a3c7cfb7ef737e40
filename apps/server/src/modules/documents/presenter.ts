import type { Document, DocumentStatus, Version } from "@quire/contracts";
import type { Level } from "../../policies/access";
import { documentAbilities, type Actor } from "../../policies/policy";
import type { DocumentRecord, VersionRecord } from "./repository";

/**
 * Seed §3's Document, with processing state and what the actor may do with it; `level` is the
 * actor's level in the document's category (guard.ts for one document, categoryLevelsFor for lists).
 */
export function presentDocument(actor: Actor, r: DocumentRecord, level: Level): Document {
  return {
    id: r.doc.id,
    title: r.doc.title,
    status: r.doc.status as DocumentStatus,
    categoryId: r.doc.categoryId,
    category: { ...r.category },
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
    abilities: documentAbilities(
      actor,
      { ownerId: r.doc.ownerId, status: r.doc.status, archived: r.doc.archivedAt !== null },
      level,
    ),
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
