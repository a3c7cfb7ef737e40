import type { AiAnswer } from "@quire/contracts";
import {
  jaccard,
  quoteAnswer,
  shingle,
  type AnswerPassage,
  type QuotePassage,
  type QuoteTuning,
} from "@quire/textkit";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { ANSWER_THRESHOLD, CONFIDENCE, type ConfidenceModel } from "./ask-model";
import { askProvider } from "./provider";
import { DUPLICATE_SIMILARITY } from "./suggestion-facts";
import { retrieve, type RankedDocument, type RankedPassage, type Retrieval } from "./retrieve";

/** Passages (best per document) a provider reads. */
const PROVIDER_PASSAGES = 6;
/** The model must answer within this; otherwise the local answer is given. */
export const PROVIDER_TIMEOUT_MS = 15_000;
/**
 * Besides copies of the best document's passage, a document whose score is this close (in logit)
 * to the best one's, and whose own confidence clears the threshold, may answer as well: it is
 * cited beside the sentences it says too (quoteAnswer never quotes its other sentences). Chosen
 * on the fit half as the widest gap at which no answer cites a document that is neither the asked
 * one nor holds the fact (`npm run bench -- ai` prints the sweep): gaps 0.25, 0.5, 1, 2 and 3
 * cited two documents in 0, 0, 1, 1 and 3 of 90 answers, 1 of them one that does not hold the
 * fact (GPL 3 beside GPL 2 for the warranty sentence both say). When a later document's own best
 * sentences were quoted too, the same gaps gave 0, 3, 10, 17 and 26 such answers, 0, 1, 6, 10 and
 * 17 citing a document that did not answer, and requiring its sentences to match the question as
 * well as the first's still left half of them.
 */
export const SECOND_DOCUMENT_GAP = 0.5;
/**
 * The answering document's next best passages whose sentences may be quoted besides the best
 * passage and its neighbours (0, 1, 2, 4 tried on the fit half: facts held 30, 31, 31, 32 of 90;
 * with today's sentence scoring 2, 4, 5, 6, 7, 8, 10: 57, 62, 62, 64, 64, 63, 62).
 */
const MORE_PASSAGES = 6;

const NOT_FOUND =
  "I could not find an answer to that in the archive. No document you can see covers it closely enough to quote; try different words or ask the document owners.";

/**
 * What the confidence is computed from: the best document's score and its lead over the next
 * candidate, the share of the asked words the document holds, how much of its title the question
 * names, its best passage's re-ranker logit, and the share of asked words the archive never uses.
 */
export interface AnswerEvidence {
  score: number;
  lead: number;
  coverage: number;
  titleNamed: number;
  passage: number;
  unknown: number;
}

const MAX_LEAD = 4;

function evidenceFor(
  document: RankedDocument,
  next: RankedDocument | undefined,
  unknown: number,
): AnswerEvidence {
  return {
    unknown,
    score: document.score,
    lead: next ? Math.min(MAX_LEAD, document.score - next.score) : MAX_LEAD,
    coverage: document.features.coverage,
    titleNamed: document.features.titleNamed,
    passage: document.features.bestPassage,
  };
}

/** At most this many documents are quoted in one answer. */
const MAX_ANSWERING = 3;

interface Answering {
  documents: RankedDocument[];
  /** The first document after them: the answer's lead is over it. */
  next: RankedDocument | undefined;
  /** The best document's evidence, with that lead. */
  evidence: AnswerEvidence | null;
}

/**
 * The best document and those that may answer as well as it: copies of its best passage (as alike
 * as the near-duplicates the dashboard suggests archiving: a policy and its regional copy, two
 * versions of a licence) or documents within `gap` of its score. The lead is over the first of the
 * rest, not over a copy, which would make every duplicated fact a refusal.
 */
function answeringDocuments(retrieval: Retrieval, gap: number): Answering {
  const [best, ...rest] = retrieval.documents;
  if (!best) return { documents: [], next: undefined, evidence: null };
  const bestShingles = shingle(best.best.text);
  const documents = [best];
  let i = 0;
  for (; i < rest.length && documents.length < MAX_ANSWERING; i++) {
    const document = rest[i]!;
    const copy = jaccard(bestShingles, shingle(document.best.text)) >= DUPLICATE_SIMILARITY;
    if (!copy && document.score < best.score - gap) break;
    documents.push(document);
  }
  const next = rest[i];
  return { documents, next, evidence: evidenceFor(best, next, retrieval.unknownShare) };
}

export function evidenceOf(retrieval: Retrieval): AnswerEvidence | null {
  return answeringDocuments(retrieval, SECOND_DOCUMENT_GAP).evidence;
}

export function confidenceOf(evidence: AnswerEvidence | null, model: ConfidenceModel = CONFIDENCE): number {
  if (!evidence) return 0;
  const x = [
    evidence.score,
    evidence.lead,
    evidence.coverage,
    evidence.titleNamed,
    evidence.passage,
    evidence.unknown,
  ];
  const z = x.reduce((sum, v, i) => sum + v * (model.weights[i] ?? 0), model.bias);
  return Math.round((1 / (1 + Math.exp(-z))) * 100) / 100;
}

/**
 * The best passage, the passages before and after it, and the document's next best passages: a
 * manual's option list is often not the passage the re-ranker liked best, and the sentence that
 * states the fact wins on its own words (the best passage's sentences still win ties).
 */
function withNeighbours(retrieval: Retrieval, passage: RankedPassage): QuotePassage[] {
  const all = retrieval.byDocument.get(passage.documentId) ?? [];
  const near = all.filter((p) => Math.abs(p.ordinal - passage.ordinal) === 1);
  const others = retrieval.ranked
    .filter(
      (p) =>
        p.documentId === passage.documentId &&
        p.passageId !== passage.passageId &&
        !near.some((n) => n.id === p.passageId),
    )
    .slice(0, MORE_PASSAGES);
  return [passage, ...near.map((p) => ({ ...p, passageId: p.id, title: passage.title })), ...others];
}

export interface LocalAnswer {
  answer: AiAnswer;
  retrieval: Retrieval;
  evidence: AnswerEvidence | null;
}

/** The offline answer: quoted sentences from the answering document(s), or a plain refusal. */
export function localAnswer(
  retrieval: Retrieval,
  {
    threshold = ANSWER_THRESHOLD,
    confidence: model = CONFIDENCE,
    quote: tuning,
    secondDocumentGap = SECOND_DOCUMENT_GAP,
  }: {
    threshold?: number;
    confidence?: ConfidenceModel;
    quote?: QuoteTuning;
    secondDocumentGap?: number;
  } = {},
): LocalAnswer {
  const { documents: answering, next, evidence } = answeringDocuments(retrieval, secondDocumentGap);
  const confidence = confidenceOf(evidence, model);
  const refuse = (): LocalAnswer => ({
    answer: {
      answer: NOT_FOUND,
      confidence: Math.min(confidence, 0.2),
      relevantDocuments: [],
      citations: [],
      source: "local",
    },
    retrieval,
    evidence,
  });
  if (!evidence || confidence < threshold) return refuse();
  const groups = answering
    .filter(
      (document, i) =>
        i === 0 || confidenceOf(evidenceFor(document, next, retrieval.unknownShare), model) >= threshold,
    )
    .map((document) => withNeighbours(retrieval, document.best));
  // Equal weights: weighing the asked words by idf among the candidates chose worse sentences on the fit half.
  const weights = new Map(retrieval.analysis.asked.map((a) => [a.stem, 1]));
  const { answer, citations } = quoteAnswer(
    {
      asked: retrieval.analysis.asked,
      weights,
      synonyms: retrieval.synonyms,
      expects: retrieval.analysis.expects,
      tuning,
    },
    groups,
  );
  if (citations.length === 0) return refuse();
  return {
    answer: {
      answer,
      confidence,
      relevantDocuments: [...new Set(citations.map((c) => c.title))],
      citations,
      source: "local",
    },
    retrieval,
    evidence,
  };
}

/**
 * The model rewrites the answer from the same passages; the confidence stays the local,
 * calibrated one (a model's own certainty is not calibrated), and citations point at the
 * passages the model's markers name. A question whose retrieval found nothing is never sent.
 */
async function fromProvider(ctx: AppContext, question: string, local: LocalAnswer): Promise<AiAnswer | null> {
  const config = ctx.config.ai;
  const passages: AnswerPassage[] = local.retrieval.documents
    .slice(0, PROVIDER_PASSAGES)
    .map(({ best: p }) => ({
      documentId: p.documentId,
      title: p.title,
      passageId: p.passageId,
      heading: p.heading,
      text: p.text,
      score: p.probability,
    }));
  if (!config || passages.length === 0) return null;
  try {
    const answer = await askProvider(config, question, passages, PROVIDER_TIMEOUT_MS);
    if (!answer) return local.answer.citations.length === 0 ? local.answer : null;
    const citations = answer.cited.map((n) => {
      const p = passages[n - 1] as AnswerPassage;
      const localQuote = local.answer.citations.find((c) => c.passageId === p.passageId)?.quote;
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
    const unanswered = local.answer.citations.length === 0;
    return {
      answer: answer.answer,
      confidence: unanswered ? Math.max(local.answer.confidence, 0.3) : local.answer.confidence,
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
  const local = localAnswer(await retrieve(ctx, actor, question));
  return (await fromProvider(ctx, question, local)) ?? local.answer;
}
