import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { notFound, unauthorized } from "../lib/errors";
import { documentLevel, type AccessActor, type Level } from "./access";
import { loadAccessFacts, loadCommentFacts, withGroups } from "./facts";
import {
  authorizeComment,
  authorizeDocument,
  authorizeGlobal,
  type Actor,
  type CommentAction,
  type CommentFacts,
  type DocumentAction,
  type DocumentFacts,
  type GlobalAction,
} from "./policy";
import { readAll } from "../db/read-all";

/** One document, loaded and checked once for one action: what a document route's handler receives. */
export interface LoadedDocument {
  id: string;
  facts: DocumentFacts;
  /** The actor with their groups as loaded for this decision. */
  actor: Actor & AccessActor;
  /** The actor's level in the document's category (edit for Admins). */
  level: Level;
}

/** One comment, loaded and checked for one action, with its document. */
export interface LoadedComment {
  id: string;
  facts: CommentFacts;
  document: LoadedDocument;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The action this route performs on the document named by its `:id` (or `documentParam`)
     * parameter: the guard loads the document's facts once, answers 404 if the actor cannot
     * see it and 403 if they may not do this, and hands the loaded document to the handler.
     */
    document?: DocumentAction;
    documentParam?: string;
    /**
     * The document is named by this field of the JSON body instead, and may be absent: the route
     * then acts on no document (POST /api/ai/ask's optional `documentId`).
     */
    documentBodyField?: string;
    /**
     * The action this route performs on the comment named by its `:commentId` parameter, of the
     * document named by `:id`: the guard loads the document for reading, then the comment, answers
     * 404 if the actor cannot see either and 403 if they may not do this.
     */
    comment?: CommentAction;
    /**
     * The app-wide action this route performs (manage users, settings, categories…): the guard
     * answers 403 before the handler runs when the actor's role may not.
     */
    allow?: GlobalAction;
  }
  interface FastifyRequest {
    /** Set by the document guard on routes with `config.document` or `config.comment`. */
    document: LoadedDocument | null;
    /** Set by the document guard on routes with `config.comment`. */
    comment: LoadedComment | null;
  }
}

/** Loads and authorises one document for an action (the guard's work, also for CLI and jobs). */
export async function authorizeDocumentById(
  db: Database,
  actor: Actor,
  action: DocumentAction,
  documentId: string,
): Promise<LoadedDocument> {
  const [facts, accessActor] = await readAll(db, [
    () => loadAccessFacts(db, documentId),
    () => withGroups(db, actor),
  ]);
  if (!facts) throw notFound("Document");
  authorizeDocument(accessActor, action, facts);
  return { id: documentId, facts, actor: accessActor, level: documentLevel(accessActor, facts) };
}

export function registerDocumentGuard(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("document", null);
  app.decorateRequest("comment", null);
  app.addHook("preHandler", async (request) => {
    const allow = request.routeOptions.config.allow;
    if (allow) {
      if (!request.actor) throw unauthorized();
      authorizeGlobal(request.actor, allow);
    }
    const commentAction = request.routeOptions.config.comment;
    const action = request.routeOptions.config.document ?? (commentAction ? "document.read" : undefined);
    if (!action) return;
    if (!request.actor) throw unauthorized();
    const { documentParam, documentBodyField } = request.routeOptions.config;
    if (documentBodyField) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const named = body[documentBodyField];
      if (named === undefined) return;
      if (typeof named !== "string" || !named) throw notFound("Document");
      request.document = await authorizeDocumentById(ctx.db, request.actor, action, named);
      return;
    }
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const id = params[documentParam ?? "id"];
    if (!id) throw notFound("Document");
    request.document = await authorizeDocumentById(ctx.db, request.actor, action, id);
    if (!commentAction) return;
    const commentId = params.commentId;
    const facts = commentId ? await loadCommentFacts(ctx.db, id, commentId) : null;
    if (!commentId || !facts) throw notFound("Comment");
    const target = request.document;
    authorizeComment(target.actor, commentAction, facts, target.facts);
    request.comment = { id: commentId, facts, document: target };
  });
}

/** The comment the guard loaded for this route; a route without `config.comment` is a programming error. */
export function loadedComment(request: FastifyRequest): LoadedComment {
  if (!request.comment) throw new Error(`${request.routeOptions.url} has no config.comment`);
  return request.comment;
}

/** The document the guard loaded for this route; a route without `config.document` is a programming error. */
export function loadedDocument(request: FastifyRequest): LoadedDocument {
  if (!request.document) throw new Error(`${request.routeOptions.url} has no config.document`);
  return request.document;
}
