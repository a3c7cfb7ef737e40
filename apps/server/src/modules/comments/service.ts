import {
  COMMENT_MAX_MENTIONS,
  mentionedUsernames,
  type CommentList,
  type CommentThread,
  type CreateCommentInput,
  type Mentionable,
  type ReplyCommentInput,
  type Role,
  type UpdateCommentInput,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { raise } from "../../events/subscriber";
import { HttpError, notFound } from "../../lib/errors";
import { readableVersion } from "../../policies/access";
import { documentViewerIds } from "../../policies/documents-where";
import type { LoadedComment, LoadedDocument } from "../../policies/guard";
import { canOnDocument } from "../../policies/policy";
import { withTransaction, type RecordActivity } from "../activity/command";
import { sectionOf } from "./anchor";
import { presentThreads } from "./presenter";
import {
  activeUsersNamed,
  documentComments,
  documentTitle,
  findComment,
  insertComment,
  insertMentions,
  markCommentDeleted,
  type NewComment,
  mentionsOf,
  setThreadResolved,
  threadComments,
  updateCommentBody,
  usersByIds,
  versionText,
} from "./repository";

/** Mention suggestions list at most this many people. */
const MENTIONABLE_LIMIT = 10;

const readerOf = (target: LoadedDocument) => ({ actor: target.actor, doc: target.facts });

/** The newest version the actor reads of the loaded document. */
const readable = (target: LoadedDocument) => readableVersion(target.actor, target.facts);

/** GET …/comments: the threads the reader may see, with what they may do. */
export async function listComments(ctx: AppContext, target: LoadedDocument): Promise<CommentList> {
  const rows = await documentComments(ctx.db, target.id);
  const mentions = await mentionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    threads: presentThreads(readerOf(target), rows, mentions),
    readableVersion: readable(target),
    abilities: { comment: canOnDocument(target.actor, "document.comment", target.facts) },
  };
}

/** One thread as the reader sees it (after a change they made to it). */
async function presentThread(db: Database, target: LoadedDocument, threadId: string): Promise<CommentThread> {
  const rows = await threadComments(db, threadId);
  const mentions = await mentionsOf(
    db,
    rows.map((r) => r.id),
  );
  const [thread] = presentThreads(readerOf(target), rows, mentions);
  if (!thread) throw notFound("Comment");
  return thread;
}

/** The version a comment is made on: the one asked for, if the commenter reads it, else theirs. */
function versionFor(target: LoadedDocument, asked: number | undefined): number {
  const newest = readable(target);
  if (asked === undefined) return newest;
  if (asked > newest) throw notFound("Version");
  return asked;
}

/** Who reads version `version` of the document now: active users who may open it and that version. */
async function readersOf(db: Database, target: LoadedDocument, version: number) {
  const ids = await documentViewerIds(db, target.id);
  const people = await usersByIds(db, ids);
  return people.filter(
    (p) => readableVersion({ id: p.id, role: p.role as Role, groupIds: [] }, target.facts) >= version,
  );
}

/**
 * The people a comment's text mentions, each of whom may read the document and the version the
 * comment is seen from. Anyone else is refused by name, whether or not such an account exists: the
 * answer says no more than the user list already shows.
 */
async function mentionedReaders(
  db: Database,
  target: LoadedDocument,
  body: string,
  version: number,
): Promise<Array<{ id: string; username: string }>> {
  const names = mentionedUsernames(body);
  if (names.length === 0) return [];
  if (names.length > COMMENT_MAX_MENTIONS)
    throw new HttpError(422, `A comment mentions at most ${COMMENT_MAX_MENTIONS} people`);
  const [found, readers] = [await activeUsersNamed(db, names), await readersOf(db, target, version)];
  const readerIds = new Set(readers.map((r) => r.id));
  const people: Array<{ id: string; username: string }> = [];
  const refused: string[] = [];
  for (const name of names) {
    const candidates = found.filter((u) => u.username.toLowerCase() === name.toLowerCase());
    const person = candidates.find((u) => u.username === name) ?? candidates[0];
    if (person && readerIds.has(person.id)) people.push(person);
    else refused.push(`@${name}`);
  }
  if (refused.length > 0)
    throw new HttpError(
      422,
      `Cannot mention ${refused.join(", ")}: only people who may read this document can be mentioned`,
    );
  return people;
}

/**
 * Stores a thread's first comment or a reply with its mentions, writes its activity entry and
 * raises `comment.posted` (the notifications module tells the people mentioned). Answers its id.
 */
async function post(
  ctx: AppContext,
  tx: Database,
  record: RecordActivity,
  target: LoadedDocument,
  p: {
    comment: Omit<NewComment, "documentId" | "authorId">;
    mentioned: Array<{ id: string; username: string }>;
    action: "Commented" | "Replied to comment";
    data: Record<string, unknown>;
  },
): Promise<string> {
  const actor = target.actor;
  const row = await insertComment(tx, { ...p.comment, documentId: target.id, authorId: actor.id });
  const told = await insertMentions(
    tx,
    row.id,
    p.mentioned.map((m) => m.id),
  );
  await record({
    action: p.action,
    subjectType: "document",
    subjectId: target.id,
    data: { commentId: row.id, ...p.data, mentioned: p.mentioned.map((m) => m.username) },
  });
  await raise(ctx, tx, {
    type: "comment.posted",
    by: { id: actor.id, username: actor.username },
    at: p.comment.createdAt,
    commentId: row.id,
    threadId: p.comment.threadId ?? row.id,
    documentId: target.id,
    documentTitle: await documentTitle(tx, target.id),
    version: p.comment.version,
    edited: false,
    mentionedIds: told.filter((userId) => userId !== actor.id),
  });
  return row.id;
}

/** POST …/comments: a new thread on a version the commenter reads, maybe about one passage of it. */
export async function createThread(
  ctx: AppContext,
  target: LoadedDocument,
  input: CreateCommentInput,
): Promise<CommentThread> {
  const actor = target.actor;
  const version = versionFor(target, input.version);
  const body = input.body.trim();
  const id = await withTransaction(ctx, actor, async (tx, record) => {
    const at = ctx.clock.now();
    const mentioned = await mentionedReaders(tx, target, body, version);
    let anchor: { quote: string; section: string | null } | null = null;
    if (input.anchor) {
      const text = await versionText(tx, target.id, version);
      if (text === null) throw notFound("Version");
      const found = sectionOf(text, input.anchor.quote);
      anchor = {
        quote: input.anchor.quote.trim(),
        section: found.found ? found.section : input.anchor.section?.trim() || null,
      };
    }
    return post(ctx, tx, record, target, {
      comment: {
        threadId: null,
        version,
        body,
        anchorQuote: anchor?.quote ?? null,
        anchorSection: anchor?.section ?? null,
        createdAt: at,
      },
      mentioned,
      action: "Commented",
      data: {
        version,
        ...(anchor ? { passage: anchor.quote.slice(0, 200), section: anchor.section } : {}),
      },
    });
  });
  return presentThread(ctx.db, target, id);
}

/** POST …/comments/:commentId/replies: a reply in a thread the replier sees. */
export async function replyTo(
  ctx: AppContext,
  loaded: LoadedComment,
  input: ReplyCommentInput,
): Promise<CommentThread> {
  const target = loaded.document;
  const actor = target.actor;
  const version = versionFor(target, input.version);
  const body = input.body.trim();
  await withTransaction(ctx, actor, async (tx, record) => {
    const at = ctx.clock.now();
    // Seen with its thread: who is mentioned must read the thread's version too.
    const mentioned = await mentionedReaders(tx, target, body, Math.max(version, loaded.facts.version));
    await post(ctx, tx, record, target, {
      comment: { threadId: loaded.id, version, body, createdAt: at },
      mentioned,
      action: "Replied to comment",
      data: { threadId: loaded.id, version },
    });
  });
  return presentThread(ctx.db, target, loaded.id);
}

/** The thread a loaded comment belongs to (itself, for a thread's first comment). */
async function threadOf(db: Database, loaded: LoadedComment): Promise<string> {
  if (loaded.facts.isThread) return loaded.id;
  const row = await findComment(db, loaded.id);
  if (!row?.threadId) throw notFound("Comment");
  return row.threadId;
}

/** PATCH …/comments/:commentId: the author rewords their comment; people it newly mentions are told. */
export async function editComment(
  ctx: AppContext,
  loaded: LoadedComment,
  input: UpdateCommentInput,
): Promise<CommentThread> {
  const target = loaded.document;
  const actor = target.actor;
  const body = input.body.trim();
  const threadId = await threadOf(ctx.db, loaded);
  await withTransaction(ctx, actor, async (tx, record) => {
    const at = ctx.clock.now();
    const row = await findComment(tx, loaded.id);
    if (!row || row.deletedAt !== null) throw notFound("Comment");
    const mentioned = await mentionedReaders(tx, target, body, loaded.facts.version);
    await updateCommentBody(tx, loaded.id, body, at);
    const told = await insertMentions(
      tx,
      loaded.id,
      mentioned.map((m) => m.id),
    );
    const newly = mentioned.filter((m) => told.includes(m.id));
    await record({
      action: "Edited comment",
      subjectType: "document",
      subjectId: target.id,
      data: { commentId: loaded.id, version: row.version, mentioned: newly.map((m) => m.username) },
    });
    await raise(ctx, tx, {
      type: "comment.posted",
      by: { id: actor.id, username: actor.username },
      at,
      commentId: loaded.id,
      threadId,
      documentId: target.id,
      documentTitle: await documentTitle(tx, target.id),
      version: row.version,
      edited: true,
      mentionedIds: told.filter((userId) => userId !== actor.id),
    });
  });
  return presentThread(ctx.db, target, threadId);
}

/** DELETE …/comments/:commentId: the author takes their comment back; its text is gone. */
export async function deleteComment(ctx: AppContext, loaded: LoadedComment): Promise<void> {
  const target = loaded.document;
  const actor = target.actor;
  const threadId = await threadOf(ctx.db, loaded);
  await withTransaction(ctx, actor, async (tx, record) => {
    const at = ctx.clock.now();
    const row = await findComment(tx, loaded.id);
    if (!row || row.deletedAt !== null) throw notFound("Comment");
    await markCommentDeleted(tx, loaded.id, at);
    await record({
      action: "Deleted comment",
      subjectType: "document",
      subjectId: target.id,
      data: { commentId: loaded.id, ...(loaded.facts.isThread ? {} : { threadId }), version: row.version },
    });
    await raise(ctx, tx, {
      type: "comment.changed",
      by: { id: actor.id, username: actor.username },
      at,
      commentId: loaded.id,
      threadId,
      documentId: target.id,
      change: "deleted",
    });
  });
}

/** POST …/resolve and …/reopen: the thread's author or an editor of the document settles it. */
export async function setResolved(
  ctx: AppContext,
  loaded: LoadedComment,
  resolved: boolean,
): Promise<CommentThread> {
  const target = loaded.document;
  const actor = target.actor;
  await withTransaction(ctx, actor, async (tx, record) => {
    const at = ctx.clock.now();
    const changed = await setThreadResolved(tx, loaded.id, resolved ? { userId: actor.id, at } : null);
    if (!changed)
      throw new HttpError(409, resolved ? "This thread is already resolved" : "This thread is not resolved");
    await record({
      action: resolved ? "Resolved comment thread" : "Reopened comment thread",
      subjectType: "document",
      subjectId: target.id,
      data: { commentId: loaded.id },
    });
    await raise(ctx, tx, {
      type: "comment.changed",
      by: { id: actor.id, username: actor.username },
      at,
      commentId: loaded.id,
      threadId: loaded.id,
      documentId: target.id,
      change: resolved ? "resolved" : "reopened",
    });
  });
  return presentThread(ctx.db, target, loaded.id);
}

/**
 * GET …/comments/mentionable: who may be mentioned in a comment on `version` (the reader's newest
 * by default): people who may read the document and that version, matching `q`, oneself left out.
 */
export async function mentionable(
  ctx: AppContext,
  target: LoadedDocument,
  query: { q: string; version?: number | undefined },
): Promise<Mentionable> {
  const version = versionFor(target, query.version);
  const q = query.q.replace(/^@/, "").toLowerCase();
  const readers = await readersOf(ctx.db, target, version);
  const matching = readers.filter((r) => r.id !== target.actor.id && r.username.toLowerCase().includes(q));
  // Names that start with what was typed come first, then the rest, each in name order.
  matching.sort(
    (a, b) =>
      Number(!a.username.toLowerCase().startsWith(q)) - Number(!b.username.toLowerCase().startsWith(q)) ||
      a.username.localeCompare(b.username),
  );
  return matching.slice(0, MENTIONABLE_LIMIT).map((r) => ({ id: r.id, username: r.username }));
}
