import { plainInline } from "./sections";
import { splitSentences } from "./sentences";
import { FRAMING_STEMS } from "./question";
import { stem, tokenize, toSearchTerms } from "./tokenize";

/**
 * Extractive question answering over retrieved passages: score every sentence by how much of
 * the question it covers (rare words weigh more), how close together the matched words sit, and
 * whether it has what the question type asks for (a time limit for "when", a figure for "how
 * much", steps for "how do I"); compose the best sentences with numbered citations; and give a
 * confidence that falls with weak coverage, so a question the archive cannot answer says so.
 */

export interface AnswerPassage {
  documentId: string;
  title: string;
  passageId: string;
  heading: string | null;
  text: string;
  /** Retrieval score, 0..1 (higher is better). */
  score: number;
}

export interface Citation {
  n: number;
  documentId: string;
  title: string;
  passageId: string;
  heading: string | null;
  quote: string;
}

export interface ComposedAnswer {
  answer: string;
  confidence: number;
  relevantDocuments: string[];
  citations: Citation[];
  /** True when nothing scored above the threshold: the answer says the archive does not hold it. */
  unanswered: boolean;
  /** What the confidence was computed from (null when no sentence matched at all). */
  features: AnswerFeatures | null;
}

/** Evidence for the best sentence, each 0..1, the inputs of the calibrated confidence. */
export interface AnswerFeatures {
  /** Weighted share of the question's terms in the sentence, its heading or its title. */
  coverage: number;
  /** ... in the sentence itself. */
  own: number;
  /** ... in its document's title. */
  titled: number;
  /** The passage's retrieval score. */
  retrieval: number;
  /** Lead of the best sentence's score over the best sentence of any other document. */
  margin: number;
  /** 1 when the best sentence's document is also retrieval's top document. */
  agrees: number;
}

export const FEATURE_NAMES = ["coverage", "own", "titled", "retrieval", "margin", "agrees"] as const;

/** Logistic calibration: confidence = sigmoid(bias + Σ weights[i] × feature i, in FEATURE_NAMES order). */
export interface Calibration {
  bias: number;
  weights: number[];
}

export type QuestionType = "time" | "quantity" | "procedure" | "person" | "general";

/** Below this confidence the archive is said not to hold the answer. */
export const ANSWER_THRESHOLD = 0.35;
const MAX_SENTENCES = 4;
const MAX_PER_PASSAGE = 2;

export function questionType(question: string): QuestionType {
  const q = question.toLowerCase();
  if (/\b(when|how long|how soon|deadline|how often|by what date|within)\b/.test(q)) return "time";
  if (/\b(how much|how many|limit|maximum|minimum|cost|amount|rate|percentage)\b/.test(q)) return "quantity";
  if (/\b(how (do|can|should|to)|steps?|process|procedure|submit|request|apply)\b/.test(q))
    return "procedure";
  if (/\b(who|whom|whose|contact|responsible)\b/.test(q)) return "person";
  return "general";
}

const CUES: Record<QuestionType, RegExp> = {
  time: /\b(within \d|\d+\s*(?:hours?|days?|weeks?|months?|years?)|no later than|by \d{1,2} \w+|every \d|immediately|annually|quarterly|monthly)\b/i,
  quantity: /(?:[£$€]\s?\d|\b\d[\d,.]*\s*(?:%|per|requests?|days?|characters?|GBP|USD|EUR)\b)/i,
  procedure: /\b(submit|complete|use|send|raise|attach|open|request|must|through|via|approve|step)\b/i,
  person: /\b(owner|officer|head of|lead|manager|counsel|team|director|responsible|contact)\b/i,
  general: /\b(must|shall|is|are)\b/i,
};

export function questionTerms(question: string): string[] {
  return [...new Set(toSearchTerms(question).filter((t) => !FRAMING_STEMS.has(t)))];
}

interface ScoredSentence {
  passage: AnswerPassage;
  text: string;
  score: number;
  /** Weighted share of the question's terms in the sentence, its heading or its document's title. */
  coverage: number;
  /** ... in the sentence itself. */
  own: number;
  /** ... in the document's title: the document is about what was asked. */
  titled: number;
}

/** Rarer question terms (in fewer retrieved passages) count more: IDF over the retrieved set. */
function termWeights(terms: string[], passages: readonly AnswerPassage[]): Map<string, number> {
  const weights = new Map<string, number>();
  const sets = passages.map((p) => new Set(toSearchTerms(`${p.title} ${p.heading ?? ""} ${p.text}`)));
  for (const term of terms) {
    const df = sets.filter((s) => s.has(term)).length;
    weights.set(term, Math.log((passages.length + 1) / (df + 0.5)) + 1);
  }
  return weights;
}

/** Fraction of the matched terms over the shortest window holding them all (1 = adjacent). */
function proximity(sentence: string, terms: Set<string>): number {
  const positions: Array<[number, string]> = [];
  tokenize(sentence).forEach((token, i) => {
    const s = stem(token);
    if (terms.has(s)) positions.push([i, s]);
  });
  const distinct = new Set(positions.map(([, s]) => s)).size;
  if (distinct <= 1) return distinct;
  let best = Infinity;
  for (let i = 0; i < positions.length; i++) {
    const seen = new Set<string>();
    for (let j = i; j < positions.length; j++) {
      seen.add(positions[j]![1]);
      if (seen.size === distinct) {
        best = Math.min(best, positions[j]![0] - positions[i]![0] + 1);
        break;
      }
    }
  }
  return distinct / best;
}

/** Table rows read as "Header: cell; Header: cell", so a fact held in a table can be quoted. */
function tableRows(table: string): string[] {
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => plainInline(c.trim()));
  const lines = table.split("\n").filter((l) => !/^\s*\|?[\s:|-]+\|?\s*$/.test(l));
  const [header, ...rows] = lines.map(cells);
  if (!header) return [];
  return rows.map((row) => row.map((cell, i) => (header[i] ? `${header[i]}: ${cell}` : cell)).join("; "));
}

/** Prose a reader can quote: not headings or code, nor header fields ("Owner: … · …"). */
function quotable(passage: AnswerPassage): string[] {
  return splitSentences(passage.text)
    .filter((u) => u.kind === "sentence" || u.kind === "list-item" || u.kind === "table")
    .flatMap((u) => (u.kind === "table" ? tableRows(u.text) : [plainInline(u.text)]))
    .filter((text) => text.split(/\s+/).length >= 4 && !text.includes(" · "));
}

function scoreSentences(question: string, passages: readonly AnswerPassage[]): ScoredSentence[] {
  const terms = questionTerms(question);
  if (terms.length === 0) return [];
  const weights = termWeights(terms, passages);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const share = (has: (term: string) => boolean) =>
    terms.reduce((sum, term) => sum + (has(term) ? (weights.get(term) ?? 0) : 0), 0) / total;
  const cue = CUES[questionType(question)];
  const scored: ScoredSentence[] = [];
  for (const passage of passages) {
    const title = new Set(toSearchTerms(passage.title));
    const context = new Set([...title, ...toSearchTerms(passage.heading ?? "")]);
    const titled = share((t) => title.has(t));
    // A document's opening sentence says what it is about: the answer to "what are our X?".
    const opening =
      passage.heading === null ||
      passage.heading === passage.title ||
      /^(?:\d+\.\s*)?(?:purpose|introduction|overview|scope)\b/i.test(passage.heading);
    for (const [index, text] of quotable(passage).entries()) {
      const words = new Set(toSearchTerms(text));
      const own = share((t) => words.has(t));
      const coverage = share((t) => words.has(t) || context.has(t));
      if (coverage === 0) continue;
      const near = proximity(text, new Set(terms));
      // Being in a document titled after the question weighs as much as stating every word.
      const score =
        0.4 * coverage +
        0.15 * own +
        0.3 * titled +
        0.1 * near +
        (cue.test(text) ? 0.05 : 0) +
        (opening && index === 0 ? 0.05 : 0) +
        0.05 * Math.min(1, passage.score);
      scored.push({ passage, text, score, coverage, own, titled });
    }
  }
  return scored.sort((a, b) => b.score - a.score);
}

/** Sentence scores this close count as a tie. */
const TIE = 0.05;

/**
 * On a near-tie, a sentence from the top document of full-text search (`preferDocumentId`, else
 * the first passage's) that covers the question as fully goes first: search ranked the whole
 * passage (heading included) best, which sentence scores miss.
 */
function preferRetrievalTop(scored: ScoredSentence[], top: string | undefined): ScoredSentence[] {
  const best = scored[0];
  if (!best || best.passage.documentId === top) return scored;
  const index = scored.findIndex((s) => s.passage.documentId === top);
  const candidate = scored[index];
  if (!candidate || candidate.score < best.score - TIE || candidate.coverage < best.coverage) return scored;
  return [candidate, ...scored.slice(0, index), ...scored.slice(index + 1)];
}

function pickSentences(scored: ScoredSentence[]): ScoredSentence[] {
  const best = scored[0];
  if (!best) return [];
  const chosen: ScoredSentence[] = [];
  const perPassage = new Map<string, number>();
  const documents = new Set<string>();
  for (const candidate of scored) {
    if (chosen.length >= MAX_SENTENCES || candidate.score < 0.75 * best.score) break;
    const used = perPassage.get(candidate.passage.passageId) ?? 0;
    if (used >= MAX_PER_PASSAGE || chosen.some((c) => c.text === candidate.text)) continue;
    if (!documents.has(candidate.passage.documentId) && documents.size >= 3) continue;
    chosen.push(candidate);
    perPassage.set(candidate.passage.passageId, used + 1);
    documents.add(candidate.passage.documentId);
  }
  return chosen;
}

function featuresOf(scored: ScoredSentence[], passages: readonly AnswerPassage[]): AnswerFeatures | null {
  const best = scored[0];
  if (!best) return null;
  const rival = scored.find((s) => s.passage.documentId !== best.passage.documentId);
  return {
    coverage: best.coverage,
    own: best.own,
    titled: best.titled,
    retrieval: Math.min(1, best.passage.score),
    margin: Math.min(1, Math.max(0, best.score - (rival?.score ?? 0))),
    agrees: passages[0]?.documentId === best.passage.documentId ? 1 : 0,
  };
}

/**
 * Fitted by `npm run bench -- ai` on half of its labelled demo questions (known-source and
 * absent-topic ones; "right" = the first citation is the source) and checked on the other half.
 */
export const DEFAULT_CALIBRATION: Calibration = {
  bias: -2.22,
  weights: [2.69, 1.5, 1.92, 0.66, 1.09, -0.83],
};

/** Probability that the answer's first citation is right, given the best sentence's features. */
export function calibratedConfidence(
  features: AnswerFeatures | null,
  calibration = DEFAULT_CALIBRATION,
): number {
  if (!features) return 0;
  const z = FEATURE_NAMES.reduce(
    (sum, name, i) => sum + (calibration.weights[i] ?? 0) * features[name],
    calibration.bias,
  );
  return Math.round((1 / (1 + Math.exp(-z))) * 100) / 100;
}

/**
 * Logistic regression of `right` on the features (gradient descent from zero, L2 on the weights):
 * deterministic, for a few dozen labelled questions.
 */
export function fitCalibration(
  samples: ReadonlyArray<{ features: AnswerFeatures | null; right: boolean }>,
  { l2 = 0.01, epochs = 3000, learningRate = 0.5 } = {},
): Calibration {
  const rows = samples.map((s) => ({
    x: FEATURE_NAMES.map((name) => s.features?.[name] ?? 0),
    y: s.right ? 1 : 0,
  }));
  const weights = FEATURE_NAMES.map(() => 0);
  let bias = 0;
  const n = Math.max(1, rows.length);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = weights.map(() => 0);
    let gradBias = 0;
    for (const { x, y } of rows) {
      const z = x.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), bias);
      const d = 1 / (1 + Math.exp(-z)) - y;
      x.forEach((v, i) => (grad[i] = (grad[i] ?? 0) + d * v));
      gradBias += d;
    }
    weights.forEach((w, i) => (weights[i] = w - learningRate * ((grad[i] ?? 0) / n + l2 * w)));
    bias -= (learningRate * gradBias) / n;
  }
  return { bias, weights };
}

function withMarker(sentence: string, n: number): string {
  const match = /([.!?:;]+)$/.exec(sentence);
  return match ? `${sentence.slice(0, match.index)} [${n}]${match[1]}` : `${sentence} [${n}].`;
}

/** Answers `question` from `passages` (best first), or says plainly that they do not hold it. */
export function composeAnswer(
  question: string,
  passages: readonly AnswerPassage[],
  {
    calibration = DEFAULT_CALIBRATION,
    threshold = ANSWER_THRESHOLD,
    preferDocumentId = passages[0]?.documentId,
  }: { calibration?: Calibration; threshold?: number; preferDocumentId?: string } = {},
): ComposedAnswer {
  const scored = preferRetrievalTop(scoreSentences(question, passages), preferDocumentId);
  const chosen = pickSentences(scored);
  const features = featuresOf(scored, passages);
  const confidence = calibratedConfidence(features, calibration);
  if (chosen.length === 0 || confidence < threshold) {
    return {
      answer:
        "I could not find an answer to that in the archive. No document you can see covers it closely enough to quote; try different words or ask the document owners.",
      confidence: Math.min(confidence, 0.2),
      relevantDocuments: [],
      citations: [],
      unanswered: true,
      features,
    };
  }
  const citations: Citation[] = [];
  const numberOf = new Map<string, number>();
  const sentences = chosen.map((c) => {
    let n = numberOf.get(c.passage.passageId);
    if (n === undefined) {
      n = citations.length + 1;
      numberOf.set(c.passage.passageId, n);
      const { documentId, title, passageId, heading } = c.passage;
      citations.push({ n, documentId, title, passageId, heading, quote: c.text });
    } else {
      const citation = citations[n - 1];
      if (citation) citation.quote = `${citation.quote} ${c.text}`;
    }
    return withMarker(c.text, n);
  });
  const relevantDocuments = [...new Set(citations.map((c) => c.title))];
  return {
    answer: sentences.join(" "),
    confidence,
    relevantDocuments,
    citations,
    unanswered: false,
    features,
  };
}
