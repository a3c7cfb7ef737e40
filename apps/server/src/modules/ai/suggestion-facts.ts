import { createHash } from "node:crypto";
import type { AiSuggestion } from "@quire/contracts";
import { findNearDuplicates, readDocumentMetadata, shingle } from "@quire/textkit";
import type { AppContext } from "../../context";
import { findLatestRound } from "../approvals/repository";
import { neighbourCategories, predictStored, type TrainedClassifier } from "./classifier";
import type { ArchiveDocument } from "./repository";

/**
 * The facts behind each dashboard suggestion, derived from the archive's state. A suggestion's id
 * is a hash of the facts it stands on, so it stays the same until they change, and a suggestion
 * applied or dismissed once does not return unless something new makes it true again.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seed §2: a review that has waited longer than this is "stuck". */
export const STUCK_REVIEW_DAYS = 7;
/** A document with no review date that nobody has touched for this long is stale. */
export const STALE_DAYS = 365;
/** Posterior the classifier needs before it may propose a move (with the neighbour check below). */
const MOVE_CONFIDENCE = 0.8;
/** Shingle resemblance above which two documents are near-duplicates. */
export const DUPLICATE_SIMILARITY = 0.6;

export type SuggestionPlan =
  | { kind: "move"; document: ArchiveDocument; categoryId: string }
  | { kind: "notify-owner"; document: ArchiveDocument; reason: string }
  | { kind: "notify-reviewers"; document: ArchiveDocument; days: number }
  | { kind: "archive-duplicate"; older: ArchiveDocument; newer: ArchiveDocument }
  | { kind: "notify-duplicate"; older: ArchiveDocument; newer: ArchiveDocument };

export interface DerivedSuggestion {
  suggestion: Omit<AiSuggestion, "canApply">;
  plan: SuggestionPlan;
}

export function suggestionId(type: string, facts: readonly string[]): string {
  return `${type}-${createHash("sha256").update(facts.join("\u0000")).digest("hex").slice(0, 16)}`;
}

const days = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Likely miscategorised: the classifier (with the document left out) puts it elsewhere with high
 * confidence AND its two most similar documents are filed there too. Either signal alone proposes
 * too many moves on a small archive; together they point at documents filed against their peers.
 */
export function miscategorised(
  trained: TrainedClassifier,
  visible: readonly ArchiveDocument[],
  categoryNames: Map<string, string>,
): DerivedSuggestion[] {
  const found: DerivedSuggestion[] = [];
  for (const doc of visible) {
    const prediction = predictStored(trained, doc);
    if (prediction.label === doc.categoryId || prediction.confidence < MOVE_CONFIDENCE) continue;
    const neighbours = neighbourCategories(trained, doc, 3);
    if (neighbours.slice(0, 2).some((c) => c !== prediction.label)) continue;
    const agreement = neighbours.filter((c) => c === prediction.label).length / neighbours.length;
    const target = categoryNames.get(prediction.label) ?? "another category";
    const current = categoryNames.get(doc.categoryId) ?? "its category";
    found.push({
      plan: { kind: "move", document: doc, categoryId: prediction.label },
      suggestion: {
        id: suggestionId("reorganize", [
          doc.id,
          doc.categoryId,
          prediction.label,
          String(doc.currentVersion),
        ]),
        title: `Move '${doc.title}' to ${target}`,
        description: `Filed under ${current}, but the classifier trained on this archive places it in ${target} (${Math.round(prediction.confidence * 100)}%), and ${Math.round(agreement * 3)} of its 3 most similar documents are in ${target}.`,
        action: `Move to ${target}`,
        icon: "lightbulb",
        color: "yellow",
        type: "reorganize",
        confidence: round2((prediction.confidence + agreement) / 2),
        documentIds: [doc.id],
      },
    });
  }
  return found;
}

/** Past its stated review date, or (with none stated) untouched for over a year. */
export function staleDocuments(visible: readonly ArchiveDocument[], now: Date): DerivedSuggestion[] {
  const found: DerivedSuggestion[] = [];
  for (const doc of visible) {
    const review = readDocumentMetadata(doc.content).reviewDate;
    let reason: string;
    let fact: string;
    let confidence: number;
    if (review?.date && review.date < now) {
      reason = `Its review date (${review.value}) passed ${days(review.date, now)} days ago.`;
      fact = `review:${review.value}`;
      confidence = 0.95;
    } else if (!review && days(doc.updatedAt, now) > STALE_DAYS) {
      reason = `It states no review date and has not changed for ${days(doc.updatedAt, now)} days.`;
      fact = `stale:${doc.updatedAt.toISOString().slice(0, 10)}`;
      confidence = 0.7;
    } else continue;
    found.push({
      plan: { kind: "notify-owner", document: doc, reason },
      suggestion: {
        id: suggestionId("update", [doc.id, fact, String(doc.currentVersion)]),
        title: `Review '${doc.title}'`,
        description: `${reason} Ask the owner to review it and confirm or update its content.`,
        action: "Notify owner",
        icon: "sync",
        color: "blue",
        type: "update",
        confidence,
        documentIds: [doc.id],
      },
    });
  }
  return found;
}

/** In Review with no review activity for more than seven days (since the round last moved, or the status was set). */
export async function stuckInReview(
  ctx: AppContext,
  visible: readonly ArchiveDocument[],
  now: Date,
): Promise<DerivedSuggestion[]> {
  const found: DerivedSuggestion[] = [];
  for (const doc of visible.filter((d) => d.status === "In Review")) {
    const round = await findLatestRound(ctx.db, doc.id);
    const since = round && round.stage.startsWith("Awaiting") ? round.updatedAt : doc.updatedAt;
    const waited = days(since, now);
    if (waited <= STUCK_REVIEW_DAYS) continue;
    found.push({
      plan: { kind: "notify-reviewers", document: doc, days: waited },
      suggestion: {
        id: suggestionId("compliance", [doc.id, since.toISOString()]),
        title: `'${doc.title}' is stuck in review`,
        description: `It has been In Review for ${waited} days, over the ${STUCK_REVIEW_DAYS}-day target. Remind the pending reviewers or approver.`,
        action: "Remind reviewers",
        icon: "exclamation-triangle",
        color: "orange",
        type: "compliance",
        confidence: round2(Math.min(0.99, 0.7 + waited / 100)),
        documentIds: [doc.id],
      },
    });
  }
  return found;
}

/**
 * Near-duplicates by shingling. The newer document is taken to supersede the older one. Applying
 * archives the older copy (reversible: archive keeps every version and Restore brings it back),
 * but only once the newer one is Approved; until then it notifies both owners, so the archive is
 * never left without an approved version of the policy.
 */
export function nearDuplicates(visible: readonly ArchiveDocument[]): DerivedSuggestion[] {
  const byId = new Map(visible.map((d) => [d.id, d]));
  const shingled = visible.map((d) => ({ id: d.id, shingles: shingle(d.content) }));
  return findNearDuplicates(shingled, DUPLICATE_SIMILARITY).map((pair) => {
    const [x, y] = [byId.get(pair.a) as ArchiveDocument, byId.get(pair.b) as ArchiveDocument];
    const [older, newer] = x.updatedAt <= y.updatedAt ? [x, y] : [y, x];
    const archive = newer.status === "Approved";
    const percent = Math.round(pair.similarity * 100);
    return {
      plan: archive
        ? { kind: "archive-duplicate", older, newer }
        : { kind: "notify-duplicate", older, newer },
      suggestion: {
        id: suggestionId("other", [
          older.id,
          newer.id,
          String(older.currentVersion),
          String(newer.currentVersion),
          newer.status,
        ]),
        title: `Merge '${older.title}' into '${newer.title}'`,
        description: archive
          ? `${percent}% of their text is the same. '${newer.title}' is newer and approved: archive the older copy so readers find one version.`
          : `${percent}% of their text is the same. '${newer.title}' is newer but ${newer.status}: tell both owners, and archive the older copy once the newer one is approved.`,
        action: archive ? "Archive older copy" : "Notify owners",
        icon: "lightbulb",
        color: "yellow",
        type: "other",
        confidence: round2(pair.similarity),
        documentIds: [older.id, newer.id],
      },
    };
  });
}
