import type { AiAnswer, Citation } from "@quire/contracts";
import {
  acronymMatch,
  answersKind,
  chooseSentences,
  jaccard,
  logisticProbability,
  quoteAnswer,
  shingle,
  stemmerOf,
  titleStems,
  tokenize,
  uncoveredWords,
  type AnswerPassage,
  type QuotePassage,
  type QuoteRequest,
  type QuoteTuning,
  type UncoveredWord,
} from "@quire/textkit";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { ANSWER_THRESHOLD, CONFIDENCE, type ConfidenceModel } from "./ask-model";
import { askProvider } from "./provider";
import { DUPLICATE_SIMILARITY } from "./suggestion-facts";
import { coverageNote } from "./coverage-note";
import { retrieve, type RankedDocument, type RankedPassage, type Retrieval } from "./retrieve";

/** Passages (best per document) a provider reads. */
const PROVIDER_PASSAGES = 6;
/** The model must answer within this; otherwise the local answer is given. */
export const PROVIDER_TIMEOUT_MS = 15_000;
/**
 * Besides copies of the best document's passage, a document whose score is this close (in logit)
 * to the best one's may answer as well: when its own confidence clears the threshold, it is cited
 * beside the sentences it says too (quoteAnswer never quotes its other sentences). Chosen on the fit half as the widest gap at which no answer
 * cites a document that is neither the asked one nor holds the fact (`npm run bench -- ai` prints
 * the sweep; in the fit half's snapshot of 2026-11-27 gaps 0.5, 1 and 3 cited two documents in 2, 3 and 6 of 90
 * answers, 0, 1 and 1 of them one that does not hold the fact: GPL 3 beside GPL 2 for the warranty
 * sentence both say). When a later document's own best sentences were quoted too, gaps 0.5, 1, 2
 * and 3 gave 3, 10, 17 and 26 such answers, 1, 6, 10 and 17 citing a document that did not
 * answer, and requiring its sentences to match the question as well as the first's still left
 * half of them.
 */
export const SECOND_DOCUMENT_GAP = 2;
/**
 * The answering document's next best passages whose sentences may be quoted besides the best
 * passage and its neighbours (0, 1, 2, 4 tried on the fit half: facts held 30, 31, 31, 32 of 90;
 * with today's sentence scoring 2, 4, 5, 6, 7, 8, 10: 57, 62, 62, 64, 64, 63, 62).
 */
const MORE_PASSAGES = 6;

const NOT_FOUND =
  "I could not find an answer to that in the archive. No document you can see covers it closely enough to quote; try different words or ask the document owners.";
/**
 * The confidence of an answer whose cited text leaves out what the question names (uncovered.ts):
 * below the answer threshold, so it reads as low wherever confidence is shown.
 */
export const NOT_COVERED_CONFIDENCE = 0.2;

/** The question's salient words the document's passages (those holding an asked word) and title never mention. */
function uncoveredBy(retrieval: Retrieval, question: string, document: RankedDocument): UncoveredWord[] {
  const { language } = document.best;
  const stem = stemmerOf(language);
  const cited = new Set(titleStems(document.best.title, language));
  const texts = [document.best.text];
  for (const passage of retrieval.byDocument.get(document.documentId) ?? [])
    texts.push(`${passage.heading ?? ""} ${passage.text}`);
  for (const text of texts) for (const token of tokenize(text)) cited.add(stem(token));
  return uncoveredWords({
    citedText: texts.join("\n\n"),
    question,
    asked: retrieval.analysis.asked,
    cited,
    synonyms: retrieval.synonyms,
    unseen: retrieval.unseen,
    idf: retrieval.idf,
    named: (word) => acronymMatch(document.best.title, [word]) > 0,
    title: document.best.title,
    language,
  });
}

/**
 * What the confidence is computed from: the best document's score and its lead over the next
 * candidate, the share of the asked words the document holds, how much of its title the question
 * names, its best passage's re-ranker logit, the share of asked words the archive never uses, and
 * whether the sentences it would quote give the kind of answer asked for (textkit's answersKind).
 */
export interface AnswerEvidence {
  score: number;
  lead: number;
  coverage: number;
  titleNamed: number;
  passage: number;
  unknown: number;
  kind: number;
}

const MAX_LEAD = 4;

/** What quoteAnswer reads of a retrieval. */
function quoteRequest(retrieval: Retrieval, tuning?: QuoteTuning): QuoteRequest {
  // Equal weights: weighing the asked words by idf among the candidates chose worse sentences on the fit half.
  const weights = new Map(retrieval.analysis.asked.map((a) => [a.stem, 1]));
  const { asked, expects } = retrieval.analysis;
  return { asked, weights, synonyms: retrieval.synonyms, expects, tuning };
}

function evidenceFor(
  retrieval: Retrieval,
  document: RankedDocument,
  next: RankedDocument | undefined,
  tuning?: QuoteTuning,
): AnswerEvidence {
  const request = quoteRequest(retrieval, tuning);
  const sentences = chooseSentences(request, withNeighbours(retrieval, document.best)).map((u) => u.text);
  return {
    unknown: retrieval.unknownShare,
    kind: answersKind(request.expects, sentences),
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
  /** Each of those documents' evidence, the best's first. */
  evidence: AnswerEvidence[];
}

/**
 * The best document and those that may be cited beside it for the sentences they say too: copies
 * of its best passage (as alike as the near-duplicates the dashboard suggests archiving: a policy
 * and its regional copy, two versions of a licence) and documents within `gap` of its score. Each
 * one's lead is over the first document after it that is not a copy of the best: a copy would
 * make every duplicated fact a refusal, while a different document close behind is the doubt the
 * lead measures.
 */
function answeringDocuments(retrieval: Retrieval, gap: number, tuning?: QuoteTuning): Answering {
  const ranked = retrieval.documents;
  const best = ranked[0];
  if (!best) return { documents: [], evidence: [] };
  const bestShingles = shingle(best.best.text);
  const copy = ranked.map(
    (d, i) => i > 0 && jaccard(bestShingles, shingle(d.best.text)) >= DUPLICATE_SIMILARITY,
  );
  const nextAfter = (k: number) => ranked.find((_, i) => i > k && !copy[i]);
  const chosen = [0];
  for (let i = 1; i < ranked.length && chosen.length < MAX_ANSWERING; i++) {
    if (copy[i] || ranked[i]!.score >= best.score - gap) chosen.push(i);
    else break;
  }
  return {
    documents: chosen.map((i) => ranked[i]!),
    evidence: chosen.map((i) => evidenceFor(retrieval, ranked[i]!, nextAfter(i), tuning)),
  };
}

export function evidenceOf(retrieval: Retrieval): AnswerEvidence | null {
  return answeringDocuments(retrieval, SECOND_DOCUMENT_GAP).evidence[0] ?? null;
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
    evidence.kind,
  ];
  return Math.round(logisticProbability(model, x) * 100) / 100;
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

/** A passage quoted whole (a declined answer's pointer, a provider's citation) is cut to this many characters. */
const WHOLE_QUOTE = 280;
const quoteOf = (text: string) => (text.length > WHOLE_QUOTE ? `${text.slice(0, WHOLE_QUOTE - 1)}…` : text);

/**
 * The passage a declined answer points at: the best document's best passage, the one its note
 * names, with its sentences most like the question as an answer would quote them (or its start).
 */
function closestPassage(retrieval: Retrieval, document: RankedDocument, tuning?: QuoteTuning): Citation {
  const quoted = quoteAnswer(quoteRequest(retrieval, tuning), [[document.best]]);
  const first = quoted.citations[0];
  if (first) return { ...first, n: 1 };
  const { documentId, title, passageId, heading, text } = document.best;
  return { n: 1, documentId, title, passageId, heading, quote: quoteOf(text) };
}

export interface LocalAnswer {
  answer: AiAnswer;
  retrieval: Retrieval;
  evidence: AnswerEvidence | null;
  /** The question's salient words the answering document does not mention. */
  uncovered: UncoveredWord[];
}

/**
 * The offline answer: quoted sentences from the answering document(s), or a plain refusal. Either
 * names what the question asks that the closest document never mentions, and such an answer is
 * given with low confidence (NOT_COVERED_CONFIDENCE): it is the closest text, not an answer.
 */
export function localAnswer(
  retrieval: Retrieval,
  {
    threshold = ANSWER_THRESHOLD,
    confidence: model = CONFIDENCE,
    quote: tuning,
    secondDocumentGap = SECOND_DOCUMENT_GAP,
    question = retrieval.analysis.query,
  }: {
    threshold?: number;
    confidence?: ConfidenceModel;
    quote?: QuoteTuning;
    secondDocumentGap?: number;
    /** The question as asked (its capitals name things); the asked words otherwise. */
    question?: string;
  } = {},
): LocalAnswer {
  const answering = answeringDocuments(retrieval, secondDocumentGap, tuning);
  const evidence = answering.evidence[0] ?? null;
  const best = answering.documents[0];
  const uncovered = best ? uncoveredBy(retrieval, question, best) : [];
  const note = best && uncovered.length > 0 ? coverageNote(uncovered, best) : "";
  const notCovered = uncovered.length > 0 ? { notCovered: uncovered.map((u) => u.word) } : {};
  const confidence = Math.min(
    confidenceOf(evidence, model),
    uncovered.length > 0 ? NOT_COVERED_CONFIDENCE : 1,
  );
  const refuse = (): LocalAnswer => ({
    answer: {
      answer: note ? `${NOT_FOUND} ${note}` : NOT_FOUND,
      confidence: Math.min(confidence, 0.2),
      relevantDocuments: [],
      citations: [],
      source: "local",
      ...notCovered,
      ...(best ? { closest: closestPassage(retrieval, best, tuning) } : {}),
    },
    retrieval,
    evidence,
    uncovered,
  });
  // Below the threshold nothing is quoted (the note still says what the closest document lacks);
  // above it, an answer that leaves out what the question names is quoted with the note, low.
  if (!evidence || confidenceOf(evidence, model) < threshold) return refuse();
  // A later document is cited only when it answers on its own too, and then only beside the
  // sentences it says too (quoteAnswer).
  const groups = answering.documents
    .filter((_, i) => i === 0 || confidenceOf(answering.evidence[i] ?? null, model) >= threshold)
    .map((document) => withNeighbours(retrieval, document.best));
  const { answer, citations } = quoteAnswer(quoteRequest(retrieval, tuning), groups);
  if (citations.length === 0) return refuse();
  return {
    answer: {
      answer: note ? `${note} What it says:\n\n${answer}` : answer,
      confidence,
      relevantDocuments: [...new Set(citations.map((c) => c.title))],
      citations,
      source: "local",
      ...notCovered,
    },
    retrieval,
    evidence,
    uncovered,
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
      const quote = localQuote ?? quoteOf(p.text);
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

const NOT_IN_DOCUMENT =
  "I could not find an answer to that in this document. Try different words, or ask the whole archive from the search page.";

/**
 * POST /api/ai/ask: an answer from the passages the actor may see, with numbered citations; with
 * `documentId`, from that document only (the route has checked the actor may read it).
 */
export async function ask(
  ctx: AppContext,
  actor: Actor,
  question: string,
  { documentId }: { documentId?: string | undefined } = {},
): Promise<AiAnswer> {
  const retrieval = await retrieve(ctx, actor, question, undefined, undefined, { documentId });
  const local = localAnswer(retrieval, { question });
  if (documentId && local.answer.citations.length === 0)
    return { ...local.answer, answer: local.answer.answer.replace(NOT_FOUND, NOT_IN_DOCUMENT) };
  // What the archive does not cover is the answer: a model's rewrite would read as if it did.
  if (local.uncovered.length > 0) return local.answer;
  return (await fromProvider(ctx, question, local)) ?? local.answer;
}
