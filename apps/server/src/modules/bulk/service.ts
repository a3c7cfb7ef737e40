import { setImmediate as nextTurn } from "node:timers/promises";
import {
  BULK_MAX_DOCUMENTS,
  bulkLimitMessage,
  featureOffMessages,
  MAX_TAGS,
  normaliseTags,
  roleSchema,
  type BulkItemResult,
  type BulkRequest,
  type BulkResult,
  type BulkSelection,
} from "@quire/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../lib/errors";
import { canSeeDocument, documentLevel, type AccessActor } from "../../policies/access";
import { loadAccessFacts, loadCategoryAccess, withGroups } from "../../policies/facts";
import type { LoadedDocument } from "../../policies/guard";
import {
  authorizeCreateIn,
  canCreateIn,
  canGlobal,
  documentRefusal,
  type Actor,
  type DocumentAction,
} from "../../policies/policy";
import { submitForReview } from "../approvals/service";
import { listVisibleDocumentIds } from "../documents/read";
import { documentTitles, findDocumentRow } from "../documents/repository";
import { changeOwner, setArchived, updateMetadata } from "../documents/service";
import { isFeatureOn } from "../settings/service";
import { findUser } from "../users/repository";

/**
 * Documents acted on between two turns of the event loop: each is its own command (a short
 * transaction), and other requests get their turn between chunks, so a selection of a thousand
 * never holds the server for its whole length.
 */
export const BULK_CHUNK = 20;

type Log = Pick<FastifyBaseLogger, "warn" | "error">;

/**
 * The documents a selection names: the ids given (each once, in their order), or every document
 * the list's filter returns for the actor, in the list's order. More than the cap is refused whole.
 */
export async function resolveSelection(
  ctx: AppContext,
  actor: Actor,
  selection: BulkSelection,
): Promise<string[]> {
  if (selection.ids) {
    const ids = [...new Set(selection.ids)];
    if (ids.length > BULK_MAX_DOCUMENTS) throw badRequest(bulkLimitMessage(ids.length));
    return ids;
  }
  const { ids, total } = await listVisibleDocumentIds(ctx, actor, selection.filter ?? {}, {
    sort: "updated",
    limit: BULK_MAX_DOCUMENTS,
  });
  if (total > BULK_MAX_DOCUMENTS) throw badRequest(bulkLimitMessage(total));
  return ids;
}

/** What happened to one document; a refusal is the error its own route would have answered. */
type Outcome = "done" | "unchanged";

interface Plan {
  /** The registry action each document is checked for, as its single-document route is. */
  action: DocumentAction;
  run(doc: LoadedDocument): Promise<Outcome>;
}

/**
 * The action's checks that do not depend on the document (the target category, the new owner,
 * the feature toggle) run once, and refuse the whole request; then the per-document step.
 */
async function planFor(ctx: AppContext, actor: Actor & AccessActor, request: BulkRequest): Promise<Plan> {
  switch (request.action) {
    case "setCategory": {
      const { categoryId } = request.params;
      authorizeCreateIn(actor, await loadCategoryAccess(ctx.db, categoryId));
      return {
        action: "document.update",
        async run(doc) {
          if (doc.facts.categoryId === categoryId) return "unchanged";
          await updateMetadata(ctx, doc, { categoryId });
          return "done";
        },
      };
    }
    case "addTags":
    case "removeTags": {
      const tags = normaliseTags(request.params.tags);
      const adding = request.action === "addTags";
      return {
        action: "document.update",
        async run(doc) {
          const row = await findDocumentRow(ctx.db, doc.id);
          if (!row) throw notFound("Document");
          const next = adding
            ? [...new Set([...row.tags, ...tags])]
            : row.tags.filter((tag) => !tags.includes(tag));
          if (next.length === row.tags.length) return "unchanged";
          if (next.length > MAX_TAGS)
            throw conflict(`It would carry ${next.length} tags; a document carries at most ${MAX_TAGS}`);
          await updateMetadata(ctx, doc, { tags: next });
          return "done";
        },
      };
    }
    case "setOwner": {
      const found = await findUser(ctx.db, { id: request.params.ownerId, active: true });
      if (!found) throw badRequest("ownerId: no such active user");
      const owner = await withGroups(ctx.db, { id: found.id, role: roleSchema.parse(found.role) });
      if (!canGlobal(owner, "document.create"))
        throw badRequest(`ownerId: ${found.username} is a ${owner.role} and cannot own documents`);
      return {
        // Handing a document over is the same right as editing its details.
        action: "document.update",
        async run(doc) {
          if (doc.facts.ownerId === owner.id) return "unchanged";
          // The owner may not review their own document: the round's people were chosen for the old one.
          if (doc.facts.status === "In Review")
            throw conflict("Under review: change its owner once the review round is decided or withdrawn");
          if (!canCreateIn(owner, doc.facts.category))
            throw forbidden(`${found.username} may not add documents to its category, so cannot own it`);
          await changeOwner(ctx, doc, { id: found.id, username: found.username });
          return "done";
        },
      };
    }
    case "archive":
      return {
        action: "document.archive",
        async run(doc) {
          if (doc.facts.archived) return "unchanged";
          await setArchived(ctx, doc, true);
          return "done";
        },
      };
    case "submitForReview": {
      if (!(await isFeatureOn(ctx, "approvalWorkflows")))
        throw forbidden(featureOffMessages.approvalWorkflows);
      const body = request.params;
      return {
        action: "document.submitForReview",
        async run(doc) {
          await submitForReview(ctx, doc, body);
          return "done";
        },
      };
    }
  }
}

/**
 * One document, loaded and checked as the document guard checks it for the single route (404 when
 * unseen, 403 when not allowed, here with the rule that refused), then changed by the same command.
 */
async function actOnOne(
  ctx: AppContext,
  actor: Actor & AccessActor,
  plan: Plan,
  id: string,
  title: string | undefined,
  log: Log,
): Promise<BulkItemResult> {
  let seen = false;
  try {
    const facts = await loadAccessFacts(ctx.db, id);
    if (!facts || !canSeeDocument(actor, facts)) throw notFound("Document");
    seen = true;
    const refusal = documentRefusal(actor, plan.action, facts);
    if (refusal) throw forbidden(refusal);
    const outcome = await plan.run({ id, facts, actor, level: documentLevel(actor, facts) });
    return { id, title: title ?? null, outcome };
  } catch (error) {
    const known = error instanceof HttpError;
    if (!known) log.error({ err: error, documentId: id }, "bulk action failed on one document");
    return {
      id,
      // A document the caller cannot see is named by its id alone: existence never leaks.
      title: seen ? (title ?? null) : null,
      outcome: "refused",
      status: known ? error.statusCode : 500,
      reason: known ? error.message : "It could not be changed: an unexpected error (logged on the server)",
    };
  }
}

/**
 * The action on every document of the selection, each on its own: one document's refusal stops
 * none of the others, and each change is its own command with its own activity entry and events.
 */
export async function runBulkAction(
  ctx: AppContext,
  requester: Actor,
  request: BulkRequest,
  log: Log,
): Promise<BulkResult> {
  const actor = await withGroups(ctx.db, requester);
  const plan = await planFor(ctx, actor, request);
  const ids = await resolveSelection(ctx, actor, request);
  const titles = await documentTitles(ctx.db, ids);
  const results: BulkItemResult[] = [];
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    if (start > 0) await nextTurn();
    for (const id of ids.slice(start, start + BULK_CHUNK))
      results.push(await actOnOne(ctx, actor, plan, id, titles.get(id), log));
  }
  const count = (outcome: BulkItemResult["outcome"]) => results.filter((r) => r.outcome === outcome).length;
  return {
    action: request.action,
    total: results.length,
    done: count("done"),
    unchanged: count("unchanged"),
    refused: count("refused"),
    results,
  };
}
