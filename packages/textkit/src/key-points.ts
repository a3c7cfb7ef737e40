import { plainInline } from "./sections";
import { splitSentences, type Sentence } from "./sentences";
import { toSearchTerms } from "./tokenize";

/**
 * Extractive key points, TextRank-style (Mihalcea & Tarau, 2004): sentences are nodes, edges are
 * weighted by shared terms normalised by the log of the sentences' lengths, and PageRank picks the
 * sentences the rest of the document "agrees with". The chosen ones are returned in document order.
 */

export interface KeyPoint {
  text: string;
  start: number;
  score: number;
}

export interface KeyPointOptions {
  /** At most this many points. Default 5. */
  max?: number;
  /** Offsets whose sentences are never chosen (boilerplate such as "How to apply these terms"). */
  exclude?: (offset: number) => boolean;
  /** Longer sentences are not candidates. Default 60 words. */
  maxWords?: number;
}

const DAMPING = 0.85;
const ITERATIONS = 40;
const MIN_WORDS = 6;
const MAX_WORDS = 60;
// TextRank compares every pair: on an 8,000-line manual that is millions of comparisons, and the
// first few hundred sentences (what the document is, its main sections) carry its main points.
const MAX_CANDIDATES = 400;

interface Candidate {
  unit: Sentence;
  text: string;
  terms: Set<string>;
}

/** Prose worth quoting: sentences and list items, not headings, tables, code or header fields. */
function candidates(text: string, options: KeyPointOptions): Candidate[] {
  const exclude = options.exclude ?? (() => false);
  const maxWords = options.maxWords ?? MAX_WORDS;
  return (
    splitSentences(text)
      .filter((u) => u.kind === "sentence" || u.kind === "list-item")
      .filter((u) => !exclude(u.start))
      // Header fields, and markdown link reference definitions ("[badge]: https://…").
      .filter(
        (u) =>
          !/^\*\*[^*]+:\*\*/.test(u.text) &&
          !u.text.includes(" · ") &&
          !/^\[[^\]\n]{1,200}\]:\s/.test(u.text),
      )
      .map((unit) => ({ unit, text: plainInline(unit.text), terms: new Set(toSearchTerms(unit.text)) }))
      // A unit cut inside markup (a badge's "](https://…)") is not a sentence a reader would see.
      .filter((c) => !/\]\(|!\[|\[!|\]\[/.test(c.text))
      .filter((c) => {
        const words = c.text.split(/\s+/).length;
        return words >= MIN_WORDS && words <= maxWords && c.terms.size >= 3;
      })
      .slice(0, MAX_CANDIDATES)
  );
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  if (shared === 0) return 0;
  return shared / (Math.log(a.size + 1) + Math.log(b.size + 1));
}

function pageRank(weights: number[][]): number[] {
  const n = weights.length;
  const outSums = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    for (let j = 0; j < n; j++) {
      const out = outSums[j] ?? 0;
      if (out === 0) continue;
      const share = (DAMPING * (scores[j] ?? 0)) / out;
      const row = weights[j] ?? [];
      for (let i = 0; i < n; i++) next[i] = (next[i] ?? 0) + share * (row[i] ?? 0);
    }
    scores = next;
  }
  return scores;
}

/** Every candidate sentence with its TextRank score (scores sum to 1), in document order. */
export function rankSentences(text: string, options: KeyPointOptions = {}): KeyPoint[] {
  const units = candidates(text, options);
  if (units.length === 0) return [];
  const weights = units.map((a, i) => units.map((b, j) => (i === j ? 0 : similarity(a.terms, b.terms))));
  const scores = pageRank(weights);
  return units.map((c, i) => ({ text: c.text, start: c.unit.start, score: scores[i] ?? 0 }));
}

/** The most central sentences of `text`, in document order. */
export function extractKeyPoints(text: string, options: KeyPointOptions = {}): KeyPoint[] {
  const max = options.max ?? 5;
  const seen = new Set<string>();
  const ranked = rankSentences(text, options)
    .sort((a, b) => b.score - a.score || a.start - b.start)
    .filter((p) => !seen.has(p.text) && seen.add(p.text));
  return ranked.slice(0, max).sort((a, b) => a.start - b.start);
}
