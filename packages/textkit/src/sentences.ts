import { readMarkdownBlocks } from "./markdown-blocks";

/**
 * Sentence splitting for plain text and markdown. Headings, list items, fenced code and tables
 * are units of their own (never merged with the prose around them), so a caller choosing
 * sentences for a summary or an answer can keep or drop them by kind.
 */

export type SentenceKind = "sentence" | "heading" | "list-item" | "code" | "table";

export interface Sentence {
  /** The unit's text: whitespace collapsed for prose; code and tables verbatim. */
  text: string;
  kind: SentenceKind;
  /** UTF-16 offsets of the unit in the input (end exclusive), for citing and highlighting. */
  start: number;
  end: number;
}

// Abbreviations after which a full stop does not end a sentence even before a capital letter.
const ALWAYS_ABBREVIATIONS = new Set(
  `mr mrs ms mx dr prof rev hon st mt gen col lt sgt capt sen rep gov messrs mme mlle
  e.g i.e cf vs viz al approx ca incl esp resp dept est`.split(/\s+/),
);
// Abbreviations that do not end a sentence when a number follows ("No. 5", "Fig. 3", "Jan. 12").
const NUMBER_ABBREVIATIONS = new Set(
  `no nos nr fig figs vol vols art arts sec ch chap p pp para eq ref tel op
  jan feb mar apr jun jul aug sep sept oct nov dec`.split(/\s+/),
);

/**
 * Unicode sentence boundaries (UAX #29, ICU's rules) propose where a sentence may end; the rules
 * below veto the ones an English reader would not take (abbreviations, initials, acronyms).
 * ICU's own abbreviation suppressions cannot be asked for through Intl, and it knows no "e.g.".
 */
const SEGMENTER = new Intl.Segmenter("en", { granularity: "sentence" });
/** The terminator closing a proposed sentence, with any closing quotes or brackets after it. */
const TERMINATOR_AT_END = /[.!?\u2026]+["'\u201d\u2019)\]]*$/;
/** UAX #29 ends a sentence at every line break; inside a block a break is soft wrapping. */
const LINE_BREAKS = /[\n\r\u0085\u2028\u2029]/g;

function wordBefore(text: string, position: number): string {
  return /[\p{L}\p{N}.'\u2019-]*$/u.exec(text.slice(Math.max(0, position - 40), position))?.[0] ?? "";
}

function endsSentence(text: string, terminatorAt: number, terminator: string, next: string): boolean {
  if (next === "" || /[\p{Ll},;:]/u.test(next)) return false;
  if (/[!?\u2026]|\.\./.test(terminator)) return true;
  const word = wordBefore(text, terminatorAt);
  const lower = word.toLowerCase();
  if (ALWAYS_ABBREVIATIONS.has(lower)) return false;
  if (NUMBER_ABBREVIATIONS.has(lower) && /\p{N}/u.test(next)) return false;
  // A single capital is an initial ("J. Smith"); letters joined by dots are an acronym ("U.S.").
  if (/^\p{Lu}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return false;
  return true;
}

/**
 * V8's sentence iterator slows down quadratically with the length of the string it walks (20,000
 * short sentences: 2.7 s), so it walks windows of this many characters: each window restarts at
 * the last boundary of the one before (a sentence longer than a window only loses its start from
 * the segmenter's view; the vetoes below still read the whole text).
 */
const SEGMENTER_WINDOW = 1_000;

/** Offsets (> 0) where the segmenter proposes that a sentence starts, in order. Linear. */
function* proposedBoundaries(segment: string): Generator<number> {
  let from = 0;
  while (from < segment.length) {
    const last = segment.length - from <= SEGMENTER_WINDOW;
    const window = segment.slice(from, from + SEGMENTER_WINDOW);
    let lastBoundary = 0;
    for (const { index } of SEGMENTER.segment(window)) {
      if (index === 0) continue;
      yield from + index;
      lastBoundary = index;
    }
    if (last) return;
    from += lastBoundary > 0 ? lastBoundary : SEGMENTER_WINDOW;
  }
}

/** Whether the segmenter's boundary at `at` (after the spaces that follow a sentence) stands. */
function boundaryStands(segment: string, at: number): boolean {
  // "**Hours.** Standard hours…": UAX #29 cuts before the closing "**", but a bold run-in label
  // belongs to the sentence it introduces (and a cut there would leave "** Standard…").
  if (/[*_~`]/.test(segment[at] ?? "") && !/\s/.test(segment[at - 1] ?? "")) return false;
  // The tail is bounded: a terminator run longer than this reads as an ending whatever it is.
  const tailStart = Math.max(0, at - 64);
  const tail = segment.slice(tailStart, at).trimEnd();
  const terminator = TERMINATOR_AT_END.exec(tail);
  // A boundary without Latin punctuation ("。", "؟", "।") is the segmenter's call alone.
  if (!terminator) return true;
  return endsSentence(segment, tailStart + terminator.index, terminator[0], segment[at] ?? "");
}

/** Splits the prose in text[start, end) into sentences. */
function splitProse(text: string, start: number, end: number, kind: SentenceKind): Sentence[] {
  const sentences: Sentence[] = [];
  // Same length as the source, so the segmenter's indexes are offsets into it.
  const segment = text.slice(start, end).replace(LINE_BREAKS, " ");
  let sentenceStart = 0;
  for (const index of proposedBoundaries(segment)) {
    if (!boundaryStands(segment, index)) continue;
    pushTrimmed(sentences, text, start + sentenceStart, start + index, kind);
    sentenceStart = index;
  }
  pushTrimmed(sentences, text, start + sentenceStart, end, kind);
  return sentences;
}

function pushTrimmed(into: Sentence[], text: string, start: number, end: number, kind: SentenceKind) {
  const raw = text.slice(start, end);
  const leading = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed === "") return;
  const unitText = kind === "code" || kind === "table" ? trimmed : trimmed.replace(/\s+/g, " ");
  into.push({
    text: unitText,
    kind,
    start: start + leading,
    end: start + leading + trimmed.length,
  });
}

/**
 * Splits text (plain or markdown) into sentences and structural units, in document order.
 * Abbreviations ("e.g.", "Mr.", "No. 5"), initials, acronyms and decimals do not end a sentence;
 * a line break inside a paragraph does not either (it is taken as soft wrapping).
 */
export function splitSentences(text: string): Sentence[] {
  const units: Sentence[] = [];
  for (const block of readMarkdownBlocks(text)) {
    if (block.kind === "paragraph" || block.kind === "list-item") {
      const kind = block.kind === "paragraph" ? "sentence" : "list-item";
      units.push(...splitProse(text, block.start, block.end, kind));
    } else {
      pushTrimmed(units, text, block.start, block.end, block.kind);
    }
  }
  return units;
}
