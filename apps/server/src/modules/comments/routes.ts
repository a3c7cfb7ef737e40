import {
  commentListSchema,
  commentParamsSchema,
  commentThreadSchema,
  createCommentSchema,
  idParamsSchema,
  mentionableQuerySchema,
  mentionableSchema,
  replyCommentSchema,
  updateCommentSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { loadedComment, loadedDocument } from "../../policies/guard";
import {
  createThread,
  deleteComment,
  editComment,
  listComments,
  mentionable,
  replyTo,
  setResolved,
} from "./service";

/**
 * Comments on a document: its threads as the reader sees them, starting one, replying, rewording
 * or deleting one's own, resolving and reopening, and whom one may mention.
 */
export async function commentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/documents/:id/comments",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: commentListSchema } },
    },
    async (request) => listComments(ctx, loadedDocument(request)),
  );

  r.get(
    "/documents/:id/comments/mentionable",
    {
      config: { document: "document.comment" },
      schema: {
        params: idParamsSchema,
        querystring: mentionableQuerySchema,
        response: { 200: mentionableSchema },
      },
    },
    async (request) => mentionable(ctx, loadedDocument(request), request.query),
  );

  r.post(
    "/documents/:id/comments",
    {
      config: { document: "document.comment" },
      schema: { params: idParamsSchema, body: createCommentSchema, response: { 201: commentThreadSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createThread(ctx, loadedDocument(request), request.body)),
  );

  r.post(
    "/documents/:id/comments/:commentId/replies",
    {
      config: { comment: "comment.reply" },
      schema: {
        params: commentParamsSchema,
        body: replyCommentSchema,
        response: { 201: commentThreadSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await replyTo(ctx, loadedComment(request), request.body)),
  );

  r.patch(
    "/documents/:id/comments/:commentId",
    {
      config: { comment: "comment.update" },
      schema: {
        params: commentParamsSchema,
        body: updateCommentSchema,
        response: { 200: commentThreadSchema },
      },
    },
    async (request) => editComment(ctx, loadedComment(request), request.body),
  );

  r.delete(
    "/documents/:id/comments/:commentId",
    { config: { comment: "comment.delete" }, schema: { params: commentParamsSchema } },
    async (request, reply) => {
      await deleteComment(ctx, loadedComment(request));
      return reply.code(204).send();
    },
  );

  r.post(
    "/documents/:id/comments/:commentId/resolve",
    {
      config: { comment: "comment.resolve" },
      schema: { params: commentParamsSchema, response: { 200: commentThreadSchema } },
    },
    async (request) => setResolved(ctx, loadedComment(request), true),
  );

  r.post(
    "/documents/:id/comments/:commentId/reopen",
    {
      config: { comment: "comment.resolve" },
      schema: { params: commentParamsSchema, response: { 200: commentThreadSchema } },
    },
    async (request) => setResolved(ctx, loadedComment(request), false),
  );
}
