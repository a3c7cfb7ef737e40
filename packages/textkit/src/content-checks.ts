import { readMarkdownBlocks } from "./markdown-blocks";
import { isGovernedDocument, readDocumentMetadata, type DocumentMetadata } from "./metadata";
import { describePersonalData, findPersonalData } from "./personal-data";
import { describeSections, headingOutline, plural, sectionNamer } from "./sections";
import { splitSentences } from "./sentences";
import { tokenize } from "./tokenize";

/**
 * Content checks: each rule looks at the text alone and, when it fires, says what it found and
 * in which sections. Summaries (risk notes) and improvement suggestions are built from these.
 */

export type ContentRule =
  | "missing-owner"
  | "missing-effective-date"
  | "missing-review-date"
  | "past-review-date"
  | "personal-data"
  | "unresolved-todo"
  | "undefined-acronym"
  | "long-sentence"
  | "skipped-heading-level"
  | "broken-link";

export interface ContentFinding {
  rule: ContentRule;
  /** What fired, e.g. "2 e-mail addresses and 2 phone numbers" or "SOC, PHI". */
  detail: string;
  /** Sections where it fired, in document order, each once ("the introduction" before any heading). */
  sections: string[];
  /** The matched strings (deduplicated, in order; card numbers and IBANs masked). */
  matches: string[];
  count: number;
}

export interface ContentCheckOptions {
  title?: string;
  /** Today, for the past-review-date rule; without it that rule is skipped. */
  now?: Date;
  /** Over this many words a sentence is flagged. Default 40. */
  maxSentenceWords?: number;
}

interface Hit {
  value: string;
  start: number;
}

const MAX_SENTENCE_WORDS = 40;
// Widely understood abbreviations that a reader is not expected to see spelled out.
const KNOWN_ACRONYMS = new Set(
  `UK US USA EU UN IT HR PR CEO CTO CFO COO CIO VP ID OK AI UTC GMT BST HTTP HTTPS URL URI URIs API
  APIs JSON XML HTML CSS PDF CSV SQL USB TODO TBD TBC FAQ GET POST PUT PATCH DELETE HEAD UTF UUID IP
  TLS SSL VPN AWS PC PCs TV AM PM NB PS CC BCC Q1 Q2 Q3 Q4 ASAP FYI ETA DIY LTD LLC PLC INC GBP USD
  EUR VAT II III IV VI VII VIII IX XI XII`.split(/\s+/),
);

function uniqueInOrder(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function finding(rule: ContentRule, detail: string, hits: readonly Hit[], name: (o: number) => string) {
  return {
    rule,
    detail,
    sections: uniqueInOrder(hits.map((h) => name(h.start))),
    matches: uniqueInOrder(hits.map((h) => h.value)),
    count: hits.length,
  } satisfies ContentFinding;
}

/** Offsets covered by fenced code and inline code spans: checks for prose skip them. */
function codeRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = readMarkdownBlocks(text)
    .filter((b) => b.kind === "code")
    .map((b) => [b.start, b.end]);
  for (const match of text.matchAll(/`[^`\n]+`/g)) ranges.push([match.index, match.index + match[0].length]);
  return ranges;
}

function inRanges(ranges: Array<[number, number]>, offset: number): boolean {
  return ranges.some(([start, end]) => offset >= start && offset < end);
}

function metadataFindings(
  title: string,
  metadata: DocumentMetadata,
  now: Date | undefined,
): ContentFinding[] {
  const findings: ContentFinding[] = [];
  const none: string[] = [];
  const missing = (rule: ContentRule, detail: string) =>
    findings.push({ rule, detail, sections: none, matches: none, count: 1 });
  if (!metadata.owner) missing("missing-owner", "No owner is named in the document's header");
  if (isGovernedDocument(title, metadata)) {
    if (!metadata.effective) missing("missing-effective-date", "No effective date is stated");
    if (!metadata.reviewDate) missing("missing-review-date", "No review date is stated");
  }
  const review = metadata.reviewDate;
  if (now && review?.date && review.date.getTime() < now.getTime()) {
    findings.push({
      rule: "past-review-date",
      detail: `Review date ${review.value} has passed`,
      sections: none,
      matches: [review.value],
      count: 1,
    });
  }
  return findings;
}

function todoHits(text: string, code: Array<[number, number]>): Hit[] {
  const hits: Hit[] = [];
  for (const match of text.matchAll(/\b(TODO|TBD|TBC|FIXME|XXX)\b/g)) {
    if (!inRanges(code, match.index)) hits.push({ value: match[0], start: match.index });
  }
  return hits;
}

/** An acronym counts as defined when it stands in parentheses or is followed by one, or "means"/"stands for". */
function definedAcronyms(text: string): Set<string> {
  const defined = new Set<string>();
  for (const match of text.matchAll(/\(([A-Z][A-Za-z0-9&]{1,9})\)/g)) defined.add(match[1] ?? "");
  for (const match of text.matchAll(
    /\b([A-Z][A-Z0-9&]{1,9})s?\s+(?:\((?=[A-Za-z])|(?:means|stands for)\b)/g,
  )) {
    defined.add(match[1] ?? "");
  }
  return defined;
}

// Words written in capitals that are not abbreviations: RFC 2119's normative words, and the
// short function words that all-caps notices are made of ("THERE IS NO WARRANTY FOR THE PROGRAM").
const CAPITALISED_WORDS = new Set(
  `MUST SHALL SHOULD MAY NOT REQUIRED RECOMMENDED OPTIONAL NEED WILL CAN IS ARE BE BEEN WAS WERE
  AND OR NOR FOR THE TO OF IN ON AT BY AS AN IF SO NO YES ALL ANY ONLY ALSO BUT WITH FROM THIS THAT
  THESE THOSE THERE HERE WHEN WHERE WHICH WHO WHAT HOW WHY DO DOES DONE NEW OLD SEE NOTE NOTES
  WARNING CAUTION IMPORTANT END EXCEPT UNLESS YOU YOUR WE OUR US IT ITS ONE TWO ITEM TRUE FALSE NULL NONE`.split(
    /\s+/,
  ),
);
const WORD = /[A-Za-z][A-Za-z0-9&'-]*/g;
const SHOUTING_RUN = 3;

interface Word {
  text: string;
  start: number;
  capitals: boolean;
}

/** Every word, and whether it is written in capitals ("A" and "I" count, to join runs). */
function readWords(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    text: m[0],
    start: m.index,
    capitals: /^[A-Z][A-Z0-9&'-]*$/.test(m[0]),
  }));
}

/**
 * Offsets of words inside all-caps runs of three or more words ("TERMS AND CONDITIONS", "NO
 * WARRANTY OF ANY KIND", a manual's "SYNOPSIS" line among others): such text is a notice or a
 * heading set in capitals, not abbreviations to spell out. Linear: one pass over the words.
 */
function shoutedOffsets(words: readonly Word[]): Set<number> {
  const shouted = new Set<number>();
  let runStart = 0;
  for (let i = 0; i <= words.length; i++) {
    if (i < words.length && words[i]?.capitals) continue;
    if (i - runStart >= SHOUTING_RUN) for (let j = runStart; j < i; j++) shouted.add(words[j]?.start ?? -1);
    runStart = i + 1;
  }
  return shouted;
}

/** A line of one to three capitalised words on its own ("NAME", "SEE ALSO") is a heading. */
function headingLineOffsets(text: string): Set<number> {
  const offsets = new Set<number>();
  for (const line of text.matchAll(/^[ \t]{0,3}([A-Z][A-Z0-9 &-]{1,40})[ \t]*$/gm)) {
    if ((line[1] ?? "").trim().split(/\s+/).length <= 3)
      offsets.add(line.index + line[0].indexOf(line[1] ?? ""));
  }
  return offsets;
}

function acronymHits(text: string, code: Array<[number, number]>): Hit[] {
  const defined = definedAcronyms(text);
  const words = readWords(text);
  // A capitalised word the document also writes in lower case is a word set in capitals for
  // emphasis or as a label ("FILE", "NAME"), not an abbreviation.
  const lowerCase = new Set(words.filter((w) => /^[a-z]/.test(w.text)).map((w) => w.text));
  const shouted = shoutedOffsets(words);
  const headings = headingLineOffsets(text);
  const hits: Hit[] = [];
  for (const match of text.matchAll(/(?<![#\w&-])([A-Z][A-Z]{1,5})(s?)(?![\w&-])/g)) {
    const acronym = match[1] ?? "";
    if (
      KNOWN_ACRONYMS.has(acronym) ||
      CAPITALISED_WORDS.has(acronym) ||
      defined.has(acronym) ||
      lowerCase.has(acronym.toLowerCase()) ||
      shouted.has(match.index) ||
      headings.has(match.index) ||
      inRanges(code, match.index)
    ) {
      continue;
    }
    hits.push({ value: acronym, start: match.index });
  }
  return hits;
}

function longSentenceHits(text: string, maxWords: number): Hit[] {
  return splitSentences(text)
    .filter((s) => (s.kind === "sentence" || s.kind === "list-item") && tokenize(s.text).length > maxWords)
    .map((s) => ({
      value: `${s.text.split(/\s+/).slice(0, 8).join(" ")}… (${tokenize(s.text).length} words)`,
      start: s.start,
    }));
}

function headingLevelHits(text: string): Hit[] {
  const hits: Hit[] = [];
  let previous = 0;
  for (const heading of headingOutline(text)) {
    if (previous > 0 && heading.level > previous + 1) {
      hits.push({ value: `H${previous} → H${heading.level} at "${heading.text}"`, start: heading.start });
    }
    previous = heading.level;
  }
  return hits;
}

/** GitHub-style heading anchors, for checking "#section" links. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
}

/** Why a link target is broken, or null when it looks usable. */
function linkProblem(target: string, anchors: Set<string>): string | null {
  if (target === "") return "empty link";
  if (target.startsWith("#")) return anchors.has(target.slice(1).toLowerCase()) ? null : "no such section";
  if (/^(?:mailto|tel):/i.test(target))
    return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$|^tel:\+?[\d ()-]+$/i.test(target) ? null : "malformed address";
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (!/^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]*$|^https?:\/\/localhost/i.test(target)) return "malformed URL";
    try {
      new URL(target);
      return null;
    } catch {
      return "malformed URL";
    }
  }
  if (/^www\./i.test(target)) return "URL without a scheme";
  // The archive stores documents, not a file tree: a relative path points at nothing a reader can open.
  if (/^\/(?:document|doc|clean|category)\/[\w-]+/.test(target)) return null;
  return "relative link to a file outside the archive";
}

function linkHits(text: string, code: Array<[number, number]>): Hit[] {
  const anchors = new Set(headingOutline(text).map((h) => anchorOf(h.text)));
  const hits: Hit[] = [];
  for (const match of text.matchAll(/(?<!!)\[([^[\]\n]{0,500})\]\(([^()\n]{0,2000})\)/g)) {
    if (inRanges(code, match.index)) continue;
    const target = (match[2] ?? "").trim().split(/\s+"/)[0] ?? "";
    const problem = linkProblem(target, anchors);
    if (problem) hits.push({ value: `${target || "(empty)"}: ${problem}`, start: match.index });
  }
  return hits;
}

/** Runs every content rule over a document; a rule that does not fire is absent from the result. */
export function checkContent(text: string, options: ContentCheckOptions = {}): ContentFinding[] {
  const name = sectionNamer(text);
  const code = codeRanges(text);
  const metadata = readDocumentMetadata(text);
  const findings = metadataFindings(options.title ?? "", metadata, options.now);
  const personal = findPersonalData(text);
  if (personal.length > 0) {
    findings.push(finding("personal-data", describePersonalData(personal), personal, name));
  }
  const add = (rule: ContentRule, hits: Hit[], describe: (hits: Hit[]) => string) => {
    if (hits.length > 0) findings.push(finding(rule, describe(hits), hits, name));
  };
  add(
    "unresolved-todo",
    todoHits(text, code),
    (h) => `${plural(h.length, "unresolved marker")} (${uniqueInOrder(h.map((x) => x.value)).join(", ")})`,
  );
  add("undefined-acronym", acronymHits(text, code), (h) => {
    const names = uniqueInOrder(h.map((x) => x.value));
    return `${plural(names.length, "acronym")} never spelled out: ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", …" : ""}`;
  });
  const maxWords = options.maxSentenceWords ?? MAX_SENTENCE_WORDS;
  add(
    "long-sentence",
    longSentenceHits(text, maxWords),
    (h) => `${plural(h.length, "sentence")} over ${maxWords} words`,
  );
  add(
    "skipped-heading-level",
    headingLevelHits(text),
    (h) => `${plural(h.length, "heading")} skipping a level`,
  );
  add("broken-link", linkHits(text, code), (h) => `${plural(h.length, "broken link")}`);
  return findings;
}

/** "2 e-mail addresses and 2 phone numbers in § Escalation contacts". */
export function describeFinding(f: ContentFinding): string {
  const where = describeSections(f.sections);
  return where ? `${f.detail} in ${where}` : f.detail;
}
