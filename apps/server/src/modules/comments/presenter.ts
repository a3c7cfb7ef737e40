import type { Comment, CommentThread } from "@quire/contracts";
import type { AccessActor } from "../../policies/access";
import { canOnComment, canSeeComment, type CommentFacts, type DocumentFacts } from "../../policies/policy";
import type { CommentWithNames } from "./repository";

/**
 * API shapes of threads and comments, with what the reader may do with each (from the registry),
 * so the web shows Reply, Edit, Delete and Resolve from the answer alone. Deleted comments keep
 * their place without their text or mentions.
 */

interface Reader {
  actor: AccessActor;
  doc: DocumentFacts;
}

function factsOf(row: CommentWithNames, thread: CommentWithNames): CommentFacts {
  return {
    authorId: row.authorId,
    threadAuthorId: thread.authorId,
    isThread: row.threadId === null,
    deleted: row.deletedAt !== null,
    version: Math.max(row.version, thread.version),
  };
}

function presentComment(
  reader: Reader,
  row: CommentWithNames,
  thread: CommentWithNames,
  mentions: Map<string, string[]>,
): Comment {
  const facts = factsOf(row, thread);
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    threadId: row.threadId,
    version: row.version,
    author: row.author,
    authorId: row.authorId,
    body: deleted ? null : row.body,
    deleted,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    mentions: deleted ? [] : (mentions.get(row.id) ?? []),
    abilities: {
      edit: canOnComment(reader.actor, "comment.update", facts, reader.doc),
      delete: canOnComment(reader.actor, "comment.delete", facts, reader.doc),
    },
  };
}

/**
 * The threads the reader may see, oldest first: a thread whose first comment is on a version they
 * do not read is left out with its replies; a deleted reply is left out; a deleted first comment
 * stays ("comment deleted") while replies remain under it.
 */
export function presentThreads(
  reader: Reader,
  rows: readonly CommentWithNames[],
  mentions: Map<string, string[]>,
): CommentThread[] {
  const replies = new Map<string, CommentWithNames[]>();
  for (const row of rows)
    if (row.threadId !== null) replies.set(row.threadId, [...(replies.get(row.threadId) ?? []), row]);
  const threads: CommentThread[] = [];
  for (const root of rows) {
    if (root.threadId !== null || !canSeeComment(reader.actor, reader.doc, root)) continue;
    const shown = (replies.get(root.id) ?? []).filter(
      (r) => r.deletedAt === null && canSeeComment(reader.actor, reader.doc, factsOf(r, root)),
    );
    if (root.deletedAt !== null && shown.length === 0) continue;
    const rootFacts = factsOf(root, root);
    threads.push({
      id: root.id,
      comment: presentComment(reader, root, root, mentions),
      anchor: root.anchorQuote ? { quote: root.anchorQuote, section: root.anchorSection } : null,
      replies: shown.map((r) => presentComment(reader, r, root, mentions)),
      resolved: root.resolvedAt !== null,
      resolvedAt: root.resolvedAt?.toISOString() ?? null,
      resolvedBy: root.resolvedByName,
      abilities: {
        reply: canOnComment(reader.actor, "comment.reply", rootFacts, reader.doc),
        resolve: canOnComment(reader.actor, "comment.resolve", rootFacts, reader.doc),
      },
    });
  }
  return threads;
}
