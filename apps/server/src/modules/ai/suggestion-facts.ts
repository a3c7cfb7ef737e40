import { createHash } from "node:crypto";
import {
  confidenceLevel,
  reviewStateOn,
  type AiSuggestion,
  type AiSuggestionMessage,
} from "@quire/contracts";
import { nearDuplicateCandidates, sketchResemblance } from "@quire/textkit";
import type { AppContext } from "../../context";
import { utcDay } from "../../lib/clock";
import { findLatestRound } from "../approvals/repository";
import { neighbourCategories, predictStored, type TrainedClassifier } from "./classifier";
import type { ArchiveDocument } from "./repository";
import { loadSketches, type SuggestionDocument, type SuggestionSubject } from "./suggestion-repository";

/**
 * The facts behind each dashboard suggestion, derived from the archive's state. A suggestion's id
 * is a hash of the facts it stands on, so it stays the same until they change, and a suggestion
 * applied or dismissed once does not return unless something new makes it true again. They are
 * read from stored rows (documents and each current version's facts), never from a version's text.
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

/** Why a document is stale, as the suggestion and the owner's notification both state it. */
export type Staleness = Extract<AiSuggestionMessage, { key: "staleReviewDate" | "staleUnchanged" }>;

export type SuggestionPlan =
  | { kind: "move"; document: SuggestionSubject; categoryId: string }
  | { kind: "notify-owner"; document: SuggestionSubject; reason: string; stale: Staleness }
  | { kind: "notify-reviewers"; document: SuggestionSubject; days: number }
  | { kind: "archive-duplicate"; older: SuggestionSubject; newer: SuggestionSubject }
  | { kind: "notify-duplicate"; older: SuggestionSubject; newer: SuggestionSubject };

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
    const level = confidenceLevel(prediction.confidence);
    const agreeing = Math.round(agreement * 3);
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
        description: `Filed under ${current}, but the classifier trained on this archive places it in ${target} (${level} confidence), and ${agreeing} of its 3 most similar documents are in ${target}.`,
        action: `Move to ${target}`,
        message: {
          key: "move",
          params: { document: doc.title, current, target, confidence: level, agreeing },
        },
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

/**
 * The review date a document has passed, as shown and how many days ago; null when it has not. A
 * document under periodic review has one review date, the day its review is due, whatever its text
 * states; otherwise the date its text states counts (none for a version not yet processed).
 */
function passedReview(
  doc: SuggestionDocument,
  today: string,
  now: Date,
): { value: string; passed: number } | null {
  if (doc.nextReviewOn !== null) {
    if (reviewStateOn(today, doc.nextReviewOn) !== "overdue") return null;
    const due = new Date(`${doc.nextReviewOn}T00:00:00Z`);
    return { value: doc.nextReviewOn, passed: days(due, new Date(`${today}T00:00:00Z`)) };
  }
  const stated = doc.facts?.review;
  return stated?.date && stated.date < now ? { value: stated.value, passed: days(stated.date, now) } : null;
}

/**
 * Past its review date (passedReview), or with none untouched for over a year. A version not yet
 * processed has no facts and is left for the next look.
 */
export function staleDocuments(visible: readonly SuggestionDocument[], now: Date): DerivedSuggestion[] {
  const found: DerivedSuggestion[] = [];
  const today = utcDay(now);
  for (const doc of visible) {
    const review = passedReview(doc, today, now);
    let reason: string;
    let stale: Staleness;
    let fact: string;
    let confidence: number;
    if (review) {
      reason = `Its review date (${review.value}) passed ${review.passed} days ago.`;
      stale = {
        key: "staleReviewDate",
        params: { document: doc.title, reviewDate: review.value, days: review.passed },
      };
      fact = `review:${review.value}`;
      confidence = 0.95;
    } else if (
      doc.nextReviewOn === null &&
      doc.facts &&
      !doc.facts.review &&
      days(doc.updatedAt, now) > STALE_DAYS
    ) {
      const unchanged = days(doc.updatedAt, now);
      reason = `It states no review date and has not changed for ${unchanged} days.`;
      stale = { key: "staleUnchanged", params: { document: doc.title, days: unchanged } };
      fact = `stale:${doc.updatedAt.toISOString().slice(0, 10)}`;
      confidence = 0.7;
    } else continue;
    found.push({
      plan: { kind: "notify-owner", document: doc, reason, stale },
      suggestion: {
        id: suggestionId("update", [doc.id, fact, String(doc.currentVersion)]),
        title: `Review '${doc.title}'`,
        description: `${reason} Ask the owner to review it and confirm or update its content.`,
        action: "Notify owner",
        message: stale,
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
  visible: readonly SuggestionSubject[],
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
        message: {
          key: "stuckInReview",
          params: { document: doc.title, days: waited, targetDays: STUCK_REVIEW_DAYS },
        },
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
 * Near-duplicates by shingling, from each current version's stored sketch: candidates by LSH on
 * the MinHash signatures, then the resemblance of the candidates' sketches (exact for documents
 * of up to about a thousand words, estimated beyond). The newer document is taken to supersede the
 * older one. Applying archives the older copy (reversible: archive keeps every version and Restore
 * brings it back), but only once the newer one is Approved; until then it notifies both owners, so
 * the archive is never left without an approved version of the policy.
 */
export async function nearDuplicates(
  ctx: AppContext,
  visible: readonly SuggestionDocument[],
): Promise<DerivedSuggestion[]> {
  const processed = visible.filter((d) => d.facts !== null);
  const candidates = nearDuplicateCandidates(
    processed.map((d) => (d.facts && d.facts.shingles > 0 ? d.facts.signature : null)),
  );
  const involved = new Set(candidates.flat());
  const sketches = await loadSketches(
    ctx.db,
    [...involved].map((i) => (processed[i] as SuggestionDocument).versionId),
  );
  const pairs: Array<{ x: SuggestionDocument; y: SuggestionDocument; similarity: number }> = [];
  for (const [i, j] of candidates) {
    const [x, y] = [processed[i] as SuggestionDocument, processed[j] as SuggestionDocument];
    const [a, b] = [sketches.get(x.versionId), sketches.get(y.versionId)];
    if (!a || !b) continue;
    const similarity = sketchResemblance(a, b);
    if (similarity >= DUPLICATE_SIMILARITY) pairs.push({ x, y, similarity });
  }
  pairs.sort((p, q) => q.similarity - p.similarity || p.x.id.localeCompare(q.x.id));
  return pairs.map(({ x, y, similarity }) => duplicateSuggestion(x, y, similarity));
}

function duplicateSuggestion(
  x: SuggestionSubject,
  y: SuggestionSubject,
  similarity: number,
): DerivedSuggestion {
  const [older, newer] = x.updatedAt <= y.updatedAt ? [x, y] : [y, x];
  const archive = newer.status === "Approved";
  const percent = Math.round(similarity * 100);
  return {
    plan: archive ? { kind: "archive-duplicate", older, newer } : { kind: "notify-duplicate", older, newer },
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
      message: archive
        ? { key: "archiveDuplicate", params: { older: older.title, newer: newer.title, percent } }
        : {
            key: "notifyDuplicate",
            params: { older: older.title, newer: newer.title, percent, status: newer.status },
          },
      icon: "lightbulb",
      color: "yellow",
      type: "other",
      confidence: round2(similarity),
      documentIds: [older.id, newer.id],
    },
  };
}
