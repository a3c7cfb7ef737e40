import type { AiSuggestion, AppliedSuggestion, ApplySuggestionResult } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { conflict, forbidden, notFound } from "../../lib/errors";
import {
  authorizeGlobal,
  canChangeDocument,
  canGlobal,
  type Actor,
  type DocumentAction,
} from "../../policies/policy";
import { findLatestRound, findReviewers } from "../approvals/repository";
import { resolveAssignment } from "../approvals/assignment";
import { atLeast, type Level } from "../../policies/access";
import { categoryLevelsFor, listableDocumentsWhere } from "../../policies/documents-where";
import { authorizeDocumentById } from "../../policies/guard";
import { setArchived, updateMetadata } from "../documents/service";
import { withTransaction } from "../activity/command";
import { notifyUsers } from "../notifications/service";
import { trainedClassifier } from "./classifier";
import { listCategoryNames, markSuggestionResolved, resolvedSuggestionIds } from "./repository";
import { listSuggestionDocuments, type SuggestionSubject } from "./suggestion-repository";
import {
  miscategorised,
  nearDuplicates,
  staleDocuments,
  stuckInReview,
  type DerivedSuggestion,
  type SuggestionPlan,
} from "./suggestion-facts";
import { readAll } from "../../db/read-all";

/** What applying a plan changes, checked per document with the ordinary policy. */
function requiredChanges(plan: SuggestionPlan): Array<[SuggestionSubject, DocumentAction]> {
  switch (plan.kind) {
    case "move":
    case "notify-owner":
    case "notify-reviewers":
      return [[plan.document, "document.update"]];
    case "archive-duplicate":
      return [[plan.older, "document.archive"]];
    case "notify-duplicate":
      return [[plan.older, "document.update"]];
  }
}

/** The actor's levels by category (categoryLevelsFor), for the change rules on list entries. */
type Levels = Map<string, Level>;
const levelOf = (levels: Levels, categoryId: string): Level => levels.get(categoryId) ?? "none";

function canApply(actor: Actor, plan: SuggestionPlan, levels: Levels): boolean {
  if (!canGlobal(actor, "suggestion.apply")) return false;
  // A move files the document in another category: the same right as uploading there.
  if (plan.kind === "move" && !atLeast(levelOf(levels, plan.categoryId), "add")) return false;
  return requiredChanges(plan).every(([doc, action]) =>
    canChangeDocument(actor, action, doc, levelOf(levels, doc.categoryId)),
  );
}

/** Every open suggestion over the documents the actor may see, most confident first. */
async function deriveSuggestions(
  ctx: AppContext,
  actor: Actor,
): Promise<{ suggestions: DerivedSuggestion[]; levels: Levels }> {
  const [visible, levels] = await readAll(ctx.db, [
    () => listSuggestionDocuments(ctx.db, listableDocumentsWhere(actor)),
    () => categoryLevelsFor(ctx.db, actor),
  ]);
  const visibleIds = new Set(visible.map((d) => d.id));
  const now = ctx.clock.now();
  const [trained, names, resolved, stuck, duplicates] = await readAll(ctx.db, [
    () => trainedClassifier(ctx, "archive"),
    () => listCategoryNames(ctx.db),
    () => resolvedSuggestionIds(ctx.db),
    () => stuckInReview(ctx, visible, now),
    () => nearDuplicates(ctx, visible),
  ]);
  const moves = trained
    ? miscategorised(
        trained,
        trained.documents.filter((d) => visibleIds.has(d.id)),
        names,
        // Never name a category the actor cannot see.
      ).filter((s) => s.plan.kind !== "move" || atLeast(levelOf(levels, s.plan.categoryId), "view"))
    : [];
  const suggestions = [...moves, ...staleDocuments(visible, now), ...stuck, ...duplicates]
    .filter((s) => !resolved.has(s.suggestion.id))
    .sort(
      (a, b) =>
        b.suggestion.confidence - a.suggestion.confidence || a.suggestion.id.localeCompare(b.suggestion.id),
    );
  return { suggestions, levels };
}

export async function listSuggestions(ctx: AppContext, actor: Actor): Promise<AiSuggestion[]> {
  const { suggestions, levels } = await deriveSuggestions(ctx, actor);
  return suggestions.map(({ suggestion, plan }) => ({
    ...suggestion,
    canApply: canApply(actor, plan, levels),
  }));
}

async function reviewersToRemind(db: Database, documentId: string): Promise<string[]> {
  const round = await findLatestRound(db, documentId);
  if (round?.stage === "Awaiting Approval") return [round.approverId];
  if (round?.stage === "Awaiting Review") {
    return (
      (await findReviewers(db, [round.id]))
        // The open stage's people only: later stages (the approver's among them) are not waited on yet.
        .filter((r) => r.status === "Pending" && r.stageIndex === round.step)
        .map((r) => r.reviewerId)
    );
  }
  // Set In Review without a recorded round (imported or seeded): the organisation's reviewers.
  return (await resolveAssignment(db, {})).reviewerIds;
}

type PlanOf<K extends SuggestionPlan["kind"]> = Extract<SuggestionPlan, { kind: K }>;
/** What was done: in English (the activity entry's comment) and as facts (the toast). */
interface Done {
  text: string;
  done: AppliedSuggestion;
}
type Performers = {
  [K in SuggestionPlan["kind"]]: (
    ctx: AppContext,
    actor: Actor,
    plan: PlanOf<K>,
    names: Map<string, string>,
  ) => Promise<Done>;
};

/** What each kind of plan does with the transaction's context; each says what was done, for the toast. */
const performers: Performers = {
  async move(ctx, actor, plan, names) {
    await updateMetadata(
      ctx,
      await authorizeDocumentById(ctx.db, actor, "document.update", plan.document.id),
      { categoryId: plan.categoryId },
      { inside: ctx.db },
    );
    const category = names.get(plan.categoryId) ?? "the suggested category";
    return {
      text: `Moved '${plan.document.title}' to ${category}`,
      done: { key: "moved", params: { document: plan.document.title, category } },
    };
  },
  async "notify-owner"(ctx, _actor, plan) {
    await notify(ctx, [plan.document.ownerId], {
      kind: "review_due",
      title: `Review due: ${plan.document.title}`,
      body: `${plan.reason} Please review it and confirm or update its content.`,
      message: plan.stale,
      documentId: plan.document.id,
    });
    return {
      text: `Asked the owner of '${plan.document.title}' to review it`,
      done: { key: "askedOwner", params: { document: plan.document.title } },
    };
  },
  async "notify-reviewers"(ctx, _actor, plan) {
    const recipients = await reviewersToRemind(ctx.db, plan.document.id);
    const reminded = await notify(ctx, recipients, {
      kind: "review_reminder",
      title: `Reminder: review '${plan.document.title}'`,
      body: `It has been waiting ${plan.days} days for your review.`,
      message: { key: "stuckReminder", params: { document: plan.document.title, days: plan.days } },
      documentId: plan.document.id,
    });
    const optedOut = recipients.length - reminded;
    const note = optedOut > 0 ? ` (${optedOut} turned review reminders off)` : "";
    return {
      text: `Reminded ${reminded} ${reminded === 1 ? "person" : "people"} to review '${plan.document.title}'${note}`,
      done: {
        key: "remindedReviewers",
        params: { document: plan.document.title, count: reminded, optedOut },
      },
    };
  },
  async "archive-duplicate"(ctx, actor, plan) {
    await setArchived(
      ctx,
      await authorizeDocumentById(ctx.db, actor, "document.archive", plan.older.id),
      true,
      { inside: ctx.db },
    );
    await notify(ctx, [plan.older.ownerId], {
      kind: "duplicate_archived",
      title: `Archived: ${plan.older.title}`,
      body: `Archived as a near-duplicate of '${plan.newer.title}', which supersedes it. Restore it from the document page if that is wrong.`,
      message: {
        key: "duplicateArchived",
        params: { document: plan.older.title, newer: plan.newer.title },
      },
      documentId: plan.older.id,
    });
    return {
      text: `Archived '${plan.older.title}'; '${plan.newer.title}' supersedes it`,
      done: { key: "archivedDuplicate", params: { older: plan.older.title, newer: plan.newer.title } },
    };
  },
  async "notify-duplicate"(ctx, _actor, plan) {
    await notify(ctx, [plan.older.ownerId, plan.newer.ownerId], {
      kind: "review_due",
      title: `Near-duplicate: ${plan.older.title}`,
      body: `'${plan.newer.title}' repeats most of it. Archive the older copy once the newer one is approved.`,
      message: { key: "nearDuplicate", params: { document: plan.older.title, newer: plan.newer.title } },
      documentId: plan.older.id,
    });
    return {
      text: `Told the owners that '${plan.newer.title}' supersedes '${plan.older.title}'`,
      done: { key: "toldOwners", params: { older: plan.older.title, newer: plan.newer.title } },
    };
  },
};

/** Notifies inside the transaction, at the context's time; answers how many were told. */
function notify(ctx: AppContext, userIds: string[], note: Parameters<typeof notifyUsers>[2]) {
  return notifyUsers(ctx.db, userIds, note, ctx.clock.now(), ctx.config.mail);
}

/** Performs the plan with the transaction's context; returns what was done, for the toast. */
function perform(
  ctx: AppContext,
  actor: Actor,
  plan: SuggestionPlan,
  names: Map<string, string>,
): Promise<Done> {
  // TypeScript cannot pair a union's member with its own entry of a mapped type; the map's type does.
  const run = performers[plan.kind] as (
    ctx: AppContext,
    actor: Actor,
    plan: SuggestionPlan,
    names: Map<string, string>,
  ) => Promise<Done>;
  return run(ctx, actor, plan, names);
}

async function findOpen(ctx: AppContext, actor: Actor, id: string): Promise<DerivedSuggestion> {
  const { suggestions, levels } = await deriveSuggestions(ctx, actor);
  const found = suggestions.find((s) => s.suggestion.id === id);
  // Already applied, dismissed, no longer true or about documents the actor cannot see: all "not found".
  if (!found) throw notFound("Suggestion");
  if (!canApply(actor, found.plan, levels)) throw forbidden();
  return found;
}

/** POST /api/ai/apply/:id: performs the suggestion and records it, in one transaction. */
export async function applySuggestion(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ApplySuggestionResult> {
  authorizeGlobal(actor, "suggestion.apply");
  const found = await findOpen(ctx, actor, id);
  const names = await listCategoryNames(ctx.db);
  // One entry for the whole change: a move or an archive the suggestion performs joins this
  // transaction without an entry of its own (the entry's comment says what was done).
  const { text, done } = await withTransaction(ctx, actor, async (tx, record) => {
    const txCtx: AppContext = { ...ctx, db: tx };
    const performed = await perform(txCtx, actor, found.plan, names);
    const text = performed.text;
    await record({
      action: "Applied suggestion",
      subjectType: "suggestion",
      subjectId: id,
      documentId: found.suggestion.documentIds[0] ?? null,
      comment: text,
      data: { kind: found.plan.kind },
    });
    const first = await markSuggestionResolved(
      tx,
      id,
      { outcome: "applied", by: actor.id, message: text },
      ctx.clock.now(),
    );
    if (!first) throw conflict("This suggestion was already applied or dismissed");
    return performed;
  });
  ctx.notifyJobs();
  return { id, applied: true, message: text, done };
}

/** Dismissing records the suggestion as handled without acting, so it stops showing for everyone. */
export async function dismissSuggestion(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  authorizeGlobal(actor, "suggestion.apply");
  const found = await findOpen(ctx, actor, id);
  await withTransaction(ctx, actor, async (tx, record) => {
    const first = await markSuggestionResolved(
      tx,
      id,
      { outcome: "dismissed", by: actor.id, message: "dismissed" },
      ctx.clock.now(),
    );
    if (!first) throw conflict("This suggestion was already applied or dismissed");
    await record({
      action: "Dismissed suggestion",
      subjectType: "suggestion",
      subjectId: id,
      documentId: found.suggestion.documentIds[0] ?? null,
      data: { kind: found.plan.kind },
    });
  });
}
