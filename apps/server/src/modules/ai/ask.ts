import type { AiAnswer } from "@quire/contracts";
import {
  composeAnswer,
  questionTerms,
  tokenize,
  type AnswerPassage,
  type ComposedAnswer,
} from "@quire/textkit";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { searchPassages } from "../search/service";
import { askProvider } from "./provider";
import { followingPassage } from "./repository";

/** How many passages the assistant reads (one per document, best first). */
const PASSAGES = 6;
/** The model must answer within this; otherwise the local answer is given. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Retrieval for a question: its content words (framing like "show me the documentation for"
 * removed) through hybrid search; if that finds little, the same words OR-ed, since a question
 * rarely uses every word of the passage that answers it.
 */
export async function retrievePassages(
  ctx: AppContext,
  actor: Actor,
  question: string,
): Promise<AnswerPassage[]> {
  const unique = [...new Set(tokenize(question).filter((word) => questionTerms(word).length > 0))];
  if (unique.length === 0) return [];
  let found: AnswerPassage[] = await searchPassages(ctx, actor, unique.join(" "), {
    limit: PASSAGES,
    mode: "hybrid",
  });
  if (found.length < 3 && unique.length > 1) {
    const more = await searchPassages(ctx, actor, unique.join(" or "), { limit: PASSAGES, mode: "hybrid" });
    const seen = new Set(found.map((p) => p.passageId));
    found = [...found, ...more.filter((p) => !seen.has(p.passageId))].slice(0, PASSAGES);
  }
  return withOpeningText(ctx, found);
}

/** The top document of full-text search alone for the question's content words (the tie-breaker). */
export async function fullTextTop(
  ctx: AppContext,
  actor: Actor,
  question: string,
): Promise<string | undefined> {
  const unique = [...new Set(tokenize(question).filter((word) => questionTerms(word).length > 0))];
  if (unique.length === 0) return undefined;
  const [top] = await searchPassages(ctx, actor, question, { limit: 1, mode: "fulltext" });
  return top?.documentId;
}

/**
 * A document's first passage is often only its title and header fields, which match a question
 * well but say nothing quotable; the passage after it (the purpose or introduction) is read too.
 */
async function withOpeningText(ctx: AppContext, passages: AnswerPassage[]): Promise<AnswerPassage[]> {
  const result: AnswerPassage[] = [];
  for (const passage of passages) {
    result.push(passage);
    if (passage.heading !== null && passage.heading !== passage.title) continue;
    const next = await followingPassage(ctx.db, passage.passageId);
    if (next) result.push({ ...passage, passageId: next.id, heading: next.heading, text: next.text });
  }
  return result;
}

function fromLocal(local: ComposedAnswer): AiAnswer {
  return {
    answer: local.answer,
    confidence: local.confidence,
    relevantDocuments: local.relevantDocuments,
    citations: local.citations,
    source: "local",
  };
}

/**
 * The model rewrites the answer from the same passages; the confidence stays the local,
 * calibrated one (a model's own certainty is not calibrated), and citations point at the
 * passages the model's markers name.
 */
async function fromProvider(
  ctx: AppContext,
  question: string,
  passages: AnswerPassage[],
  local: ComposedAnswer,
): Promise<AiAnswer | null> {
  const config = ctx.config.ai;
  if (!config || passages.length === 0) return null;
  try {
    const answer = await askProvider(config, question, passages, PROVIDER_TIMEOUT_MS);
    if (!answer) return local.unanswered ? fromLocal(local) : null;
    const citations = answer.cited.map((n) => {
      const p = passages[n - 1] as AnswerPassage;
      const localQuote = local.citations.find((c) => c.passageId === p.passageId)?.quote;
      const quote = localQuote ?? (p.text.length > 280 ? `${p.text.slice(0, 279)}…` : p.text);
      return {
        n,
        documentId: p.documentId,
        title: p.title,
        passageId: p.passageId,
        heading: p.heading,
        quote,
      };
    });
    return {
      answer: answer.answer,
      confidence: local.unanswered ? Math.max(local.confidence, 0.3) : local.confidence,
      relevantDocuments: [...new Set(citations.map((c) => c.title))],
      citations,
      source: "provider",
    };
  } catch {
    // Timeout, network or a malformed reply: the offline answer is always there.
    return null;
  }
}

/** POST /api/ai/ask: an answer from the passages the actor may see, with numbered citations. */
export async function ask(ctx: AppContext, actor: Actor, question: string): Promise<AiAnswer> {
  const passages = await retrievePassages(ctx, actor, question);
  const preferDocumentId = (await fullTextTop(ctx, actor, question)) ?? passages[0]?.documentId;
  const local = composeAnswer(question, passages, preferDocumentId ? { preferDocumentId } : {});
  return (await fromProvider(ctx, question, passages, local)) ?? fromLocal(local);
}
