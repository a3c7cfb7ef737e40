import { z } from "zod";
import { idSchema } from "./common";

/**
 * Comments on a document, beside its approval round: threads of a comment and its replies, each
 * made on one version (and shown with it), a thread optionally anchored to a passage of that
 * version's text. `@username` in a comment's text mentions a colleague who may read the document.
 */

/** The longest comment text accepted, in characters. */
export const COMMENT_MAX_LENGTH = 10_000;
/** The longest quoted passage a thread may be anchored to, and the longest section heading kept. */
export const COMMENT_QUOTE_MAX_LENGTH = 1_000;
export const COMMENT_SECTION_MAX_LENGTH = 200;
/** A comment mentions at most this many people. */
export const COMMENT_MAX_MENTIONS = 20;

/**
 * `@name` where the `@` does not follow a letter, digit or `@` (so e-mail addresses are no
 * mentions), the name in the characters usernames may hold; a trailing dot ends the sentence, not
 * the name.
 */
const MENTION = /(?<![\p{L}\p{N}_@.])@([A-Za-z0-9._-]*[A-Za-z0-9_-])/gu;

/** The usernames `@`-mentioned in a comment's text, each once, in order of first mention. */
export function mentionedUsernames(body: string): string[] {
  const seen = new Map<string, string>();
  for (const match of body.matchAll(MENTION)) {
    const name = match[1]!;
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** Splits a comment's text into plain text and mentions, for rendering (always as text, never HTML). */
export function commentParts(body: string): Array<{ text: string; mention: boolean }> {
  const parts: Array<{ text: string; mention: boolean }> = [];
  let last = 0;
  for (const match of body.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) parts.push({ text: body.slice(last, start), mention: false });
    parts.push({ text: match[0], mention: true });
    last = start + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last), mention: false });
  return parts;
}

const commentBodySchema = z
  .string()
  .trim()
  .min(1, "Write something first: a comment cannot be empty")
  .max(
    COMMENT_MAX_LENGTH,
    `A comment holds at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  );

/** The passage of the commented version a thread is about. */
export const commentAnchorSchema = z
  .object({
    quote: z
      .string()
      .trim()
      .min(1, "select the passage to comment on")
      .max(
        COMMENT_QUOTE_MAX_LENGTH,
        `quote at most ${COMMENT_QUOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
      ),
    /** The heading of the section the passage sits in, when known. */
    section: z.string().trim().max(COMMENT_SECTION_MAX_LENGTH).nullable().optional(),
  })
  .strict();
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

/** POST /api/documents/:id/comments: a new thread. */
export const createCommentSchema = z
  .object({
    body: commentBodySchema,
    /** The version commented on; the newest version the commenter may read when absent. */
    version: z.number().int().positive().optional(),
    anchor: commentAnchorSchema.nullable().optional(),
  })
  .strict();
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/** POST /api/documents/:id/comments/:commentId/replies: a reply to a thread. */
export const replyCommentSchema = z
  .object({ body: commentBodySchema, version: z.number().int().positive().optional() })
  .strict();
export type ReplyCommentInput = z.input<typeof replyCommentSchema>;

/** PATCH /api/documents/:id/comments/:commentId: one's own comment, reworded. */
export const updateCommentSchema = z.object({ body: commentBodySchema }).strict();
export type UpdateCommentInput = z.infer<typeof updateCommentSchema>;

export const commentParamsSchema = z.object({ id: idSchema, commentId: idSchema });

/** GET …/comments/mentionable?q=: who may be mentioned (people who may read the document). */
export const mentionableQuerySchema = z.object({
  q: z.string().trim().max(100).default(""),
  version: z.coerce.number().int().positive().optional(),
});
export const mentionableSchema = z.array(z.object({ id: z.string(), username: z.string() }));
export type Mentionable = z.infer<typeof mentionableSchema>;

export const commentSchema = z.object({
  id: z.string(),
  /** The thread's first comment; null for that comment itself. */
  threadId: z.string().nullable(),
  /** The version of the document the comment was made on. */
  version: z.number().int().positive(),
  author: z.string(),
  authorId: z.string(),
  /** Null once deleted: the thread keeps its place ("comment deleted") when it had replies. */
  body: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The usernames this comment mentions (each was told). */
  mentions: z.array(z.string()),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = z.object({
  id: z.string(),
  comment: commentSchema,
  anchor: z.object({ quote: z.string(), section: z.string().nullable() }).nullable(),
  replies: z.array(commentSchema),
  resolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  abilities: z.object({ reply: z.boolean(), resolve: z.boolean() }),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** GET /api/documents/:id/comments: the threads the reader may see, oldest first. */
export const commentListSchema = z.object({
  threads: z.array(commentThreadSchema),
  /** The newest version the reader reads: comments on older versions are marked as such. */
  readableVersion: z.number().int().positive(),
  abilities: z.object({ comment: z.boolean() }),
});
export type CommentList = z.infer<typeof commentListSchema>;
