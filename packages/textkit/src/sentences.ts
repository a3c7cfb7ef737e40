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

const TERMINATOR = /[.!?\u2026]+["'\u201d\u2019)\]]*(?=\s)/g;

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

/** Splits the prose in text[start, end) into sentences. */
function splitProse(text: string, start: number, end: number, kind: SentenceKind): Sentence[] {
  const sentences: Sentence[] = [];
  const segment = text.slice(start, end);
  let sentenceStart = 0;
  for (const match of segment.matchAll(TERMINATOR)) {
    const terminatorEnd = match.index + match[0].length;
    const nextIndex = segment.slice(terminatorEnd).search(/\S/);
    const next = nextIndex === -1 ? "" : (segment[terminatorEnd + nextIndex] ?? "");
    if (endsSentence(segment, match.index, match[0], next)) {
      pushTrimmed(sentences, text, start + sentenceStart, start + terminatorEnd, kind);
      sentenceStart = terminatorEnd;
    }
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
