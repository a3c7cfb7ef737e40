import { isStopWord, stemmerOf, tokenize, tokenizeWithOffsets, type TextLanguage } from "./tokenize";

export interface HighlightOptions {
  /** Most characters of source text in the excerpt (ellipses and markup not counted). Default 240. */
  maxChars?: number;
  /** The text's language: its words and the query's are stemmed and stopped as it reads them. */
  language?: TextLanguage;
}

interface Hit {
  start: number;
  end: number;
  /** Which query term matched, so a window with several different terms can be preferred. */
  term: string;
}

const DEFAULT_MAX_CHARS = 240;
/** Share of the window kept before its first hit, so a match does not open the excerpt cold. */
const LEAD_SHARE = 0.2;
/** A query term given as a stem prefix ("polic") matches stems at most this much longer. */
const MAX_STEM_PREFIX_SLACK = 2;
const MIN_STEM_PREFIX_LENGTH = 4;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for use in HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * A predicate telling which query term, if any, a lowercase word token matches: the same stem
 * ("policies" ~ "policy"), the term as given (a stem from the search engine, e.g. "polici"), or
 * a stem the term is a short prefix of ("polic" ~ "policy"). Stop words in the query are ignored
 * unless the query has nothing else.
 */
function termMatcher(terms: string[], language: TextLanguage): (token: string) => string | undefined {
  const stem = stemmerOf(language);
  const queryTokens = terms.flatMap((term) => tokenize(term, { splitHyphens: true }));
  const contentTokens = queryTokens.filter((token) => !isStopWord(token, language));
  const wanted = contentTokens.length > 0 ? contentTokens : queryTokens;
  const byStem = new Map<string, string>();
  for (const token of wanted) {
    byStem.set(stem(token), stem(token));
    byStem.set(token, stem(token));
  }
  const prefixes = wanted.filter((token) => token.length >= MIN_STEM_PREFIX_LENGTH);
  return (token) => {
    const tokenStem = stem(token);
    const exact = byStem.get(tokenStem) ?? byStem.get(token);
    if (exact !== undefined) return exact;
    const prefix = prefixes.find(
      (candidate) =>
        tokenStem.startsWith(candidate) && tokenStem.length - candidate.length <= MAX_STEM_PREFIX_SLACK,
    );
    return prefix === undefined ? undefined : stem(prefix);
  };
}

function findHits(text: string, terms: string[], language: TextLanguage): Hit[] {
  const matchTerm = termMatcher(terms, language);
  const hits: Hit[] = [];
  for (const span of tokenizeWithOffsets(text, { splitHyphens: true })) {
    const term = matchTerm(span.token);
    if (term !== undefined) hits.push({ start: span.start, end: span.end, term });
  }
  return hits;
}

/**
 * The start of the `maxChars` window holding the most hits (then the most different terms, then
 * the earliest), with a little context kept before its first hit.
 */
function bestWindowStart(hits: Hit[], textLength: number, maxChars: number): number {
  const lead = Math.floor(maxChars * LEAD_SHARE);
  const latestStart = Math.max(0, textLength - maxChars);
  let best = { start: 0, hits: 0, terms: 0 };
  const termCounts = new Map<string, number>();
  let last = 0; // hits[first..last) lie inside the current window
  for (let first = 0; first < hits.length; first++) {
    const hit = hits[first] as Hit;
    const start = Math.min(Math.max(0, hit.start - lead), latestStart);
    while (last < hits.length && (hits[last] as Hit).end <= start + maxChars) {
      const term = (hits[last] as Hit).term;
      termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
      last++;
    }
    const count = last - first;
    if (count > best.hits || (count === best.hits && termCounts.size > best.terms)) {
      best = { start, hits: count, terms: termCounts.size };
    }
    if (last <= first) {
      last = first + 1; // a single word longer than the window: it was never counted
      continue;
    }
    const leaving = termCounts.get(hit.term) ?? 0;
    if (leaving <= 1) termCounts.delete(hit.term);
    else termCounts.set(hit.term, leaving - 1);
  }
  return best.start;
}

/** Moves window ends off the middle of words: the start forward, the end back. */
function snapToWords(text: string, start: number, end: number): [number, number] {
  const words = tokenizeWithOffsets(text.slice(start, end));
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return [start, end];
  const cutsWordAtStart = start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] ?? "") && first.start === 0;
  const cutsWordAtEnd =
    end < text.length && /[\p{L}\p{N}]/u.test(text[end] ?? "") && last.end === end - start;
  const snappedStart = cutsWordAtStart ? start + (words[1]?.start ?? 0) : start;
  const snappedEnd = cutsWordAtEnd ? start + (words.at(-2)?.end ?? end - start) : end;
  return snappedStart < snappedEnd ? [snappedStart, snappedEnd] : [start, end];
}

/**
 * A short excerpt of `text` around the query terms, as safe HTML: every character of the text is
 * escaped, and the only markup is `<mark>…</mark>` around whole words that match a term
 * (case-insensitive, stemmed). "…" marks where the text was cut. Whitespace is collapsed.
 */
export function highlightExcerpt(text: string, terms: string[], opts: HighlightOptions = {}): string {
  const maxChars = Math.max(1, opts.maxChars ?? DEFAULT_MAX_CHARS);
  const flat = text.replace(/\s+/g, " ").trim();
  const hits = findHits(flat, terms, opts.language ?? "eng");
  let [start, end] = [0, flat.length];
  if (flat.length > maxChars) {
    start = bestWindowStart(hits, flat.length, maxChars);
    [start, end] = snapToWords(flat, start, start + maxChars);
  }
  let html = start > 0 ? "…" : "";
  let position = start;
  for (const hit of hits) {
    if (hit.start < start || hit.end > end) continue;
    html += `${escapeHtml(flat.slice(position, hit.start))}<mark>${escapeHtml(flat.slice(hit.start, hit.end))}</mark>`;
    position = hit.end;
  }
  html += escapeHtml(flat.slice(position, end));
  return end < flat.length ? `${html.trimEnd()}…` : html;
}
