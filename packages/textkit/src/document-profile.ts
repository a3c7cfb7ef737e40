import {
  DEBIAN_ENTRY,
  detectKind,
  KIND_LABELS,
  KIND_WORDS,
  releaseNames,
  type DocumentKind,
} from "./document-kind";
import { documentOutline, plainInline, type OutlineHeading } from "./sections";
import { unescapeMarkdown } from "./plain-text";
import { splitSentences, type Sentence } from "./sentences";

/**
 * What a document is, read from its own structure: a manual page (NAME, SYNOPSIS), a change log
 * (release entries), a licence, an agreement, or another document; the sentence that says what it
 * is and is for (quoted when the document has one); and the parts a summary must skip, such as a
 * licence's "How to apply these terms" appendix or a manual's SEE ALSO.
 */

export interface DocumentProfile {
  kind: DocumentKind;
  /** The first key point: what the document is and what it is for. */
  lead: string;
  /** Offset of the quoted sentence the lead is made from, or null when it is composed. */
  leadStart: number | null;
  outline: OutlineHeading[];
  /** Whether a sentence at this offset is boilerplate a summary leaves out. */
  isBoilerplate: (offset: number) => boolean;
  /** The heading above an offset ("" before any). */
  headingAt: (offset: number) => string;
}

const BOILERPLATE_HEADING =
  /^(?:\d+\.\s*)?(?:how to apply|appendix|end of terms|(?:table of )?contents$|see also|authors?$|copyright|reporting bugs|bugs$|colophon|acknowledge?ments?|thanks|history$|availability$|index$|synopsis$|files$|environment$|exit status$|examples?$)/i;
const END_OF_TERMS = /^[ \t]*END OF TERMS AND CONDITIONS[ \t]*$/m;
const DEBIAN_DATE = /^ -- [^<\n]*<[^>\n]*> {1,2}(?:\w{3}, )?(\d{1,2} \w{3} \d{4})/gm;
const SELF_REFERENCE =
  /\b(?:this|the present) (?:policy|document|procedure|standard|guide|guidelines?|handbook|runbook|plan|agreement|contract|page|file|readme|manual|specification|report|checklist|code of conduct|project|library|tool|package|program|programme|module|repository|licen[cs]e|addendum|template|notes?|release)\b/i;
const DEFINITION = /^([^.;:]{0,120}?)\b(?:is|are) (?:a|an|the|intended|designed|meant)\b/i;
// "Here is the security disclosure policy for Node.js", "This is the reference implementation".
const PRESENTS = /^(?:here is|here are|this is|these are)\b/i;

function lines(text: string, max: number): string[] {
  const out: string[] = [];
  for (const line of text.split("\n", 400)) {
    if (line.trim() !== "") out.push(line.trim());
    if (out.length >= max) break;
  }
  return out;
}

/** "GNU GENERAL PUBLIC LICENSE" → "GNU General Public License"; short acronyms stay. */
function titleCase(line: string): string {
  if (/[a-z]/.test(line)) return line;
  return line.replace(/[A-Z][A-Z]{3,}/g, (w) => w[0] + w.slice(1).toLowerCase());
}

/** The first sentence after `from`; a manual runs its heading into the paragraph, so it is cut there. */
function sentenceAt(text: string, sentences: readonly Sentence[], from: number) {
  const found = sentences.find((s) => s.end > from && (s.kind === "sentence" || s.kind === "list-item"));
  return found
    ? { text: plainInline(text.slice(Math.max(found.start, from), found.end)), start: found.start }
    : null;
}

/** The prose sentence that best says what the document is: "X is a …", "This policy …". */
function definingSentence(
  sentences: readonly Sentence[],
  title: string,
  skip: (offset: number) => boolean,
  outline: readonly OutlineHeading[],
): Sentence | null {
  const titleWords = new Set(title.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  const mentionsTitle = (text: string) =>
    (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).some((w) => titleWords.has(w));
  let best: { sentence: Sentence; score: number } | null = null;
  const prose = sentences.filter((s) => (s.kind === "sentence" || s.kind === "list-item") && !skip(s.start));
  const heading = headingNamer(outline);
  for (const [index, sentence] of prose.slice(0, 30).entries()) {
    const text = plainInline(sentence.text);
    // Header fields, fragments and bracketed editorial notes ("[This is the first released version…") say what it is not.
    if (/^\*\*[^*]+:\*\*/.test(sentence.text) || /^[[(<]/.test(text) || text.split(/\s+/).length < 5)
      continue;
    // "This is the default." in a list, "This is a work in progress.": about something else, or nothing.
    if (/^(?:this|it)\b/i.test(text) && (sentence.kind === "list-item" || text.split(/\s+/).length < 8))
      continue;
    // A definitions section defines the words it uses, not the document ('"Licensable" means …').
    if (/definitions?|interpretation/i.test(heading(sentence.start))) continue;
    let score = 0;
    // "X is a …" defines the document when X is the document ("The GNU General Public License is a
    // …", "Git is a …"); "Pull Requests are the way …" defines something in it.
    const defined = DEFINITION.exec(text);
    if (defined) score += mentionsTitle(defined[1] ?? "") || /^(?:this|it)\b/i.test(defined[1] ?? "") ? 3 : 1;
    if (SELF_REFERENCE.test(text) || PRESENTS.test(text)) score += 2;
    if (mentionsTitle(text)) score += 1;
    score -= index * 0.05;
    if (score >= 2.5 && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

function manualLead(text: string, outline: readonly OutlineHeading[], sentences: readonly Sentence[]) {
  const name = outline.find((h) => h.text.toUpperCase() === "NAME");
  const after = name ? text.slice(name.start + name.text.length, name.start + name.text.length + 400) : "";
  const line = /\S[^\n]*/.exec(after)?.[0] ?? "";
  const parts = /^(.+?)\s+(?:\\-|[-‐–—])\s+(.+)$/.exec(line.replace(/\s+/g, " "));
  const command = parts?.[1] ?? "";
  const purpose = (parts?.[2] ?? line).replace(/\.$/, "");
  const description = outline.find((h) => h.text.toUpperCase() === "DESCRIPTION");
  const first = description ? sentenceAt(text, sentences, description.start + description.text.length) : null;
  const explains = first && first.text.split(/\s+/).length <= 45 ? first : null;
  const lead = `Manual page of ${command || "a command"}: ${purpose}.${explains ? ` ${explains.text}` : ""}`;
  return { lead, leadStart: explains?.start ?? null };
}

function changelogLead(title: string, text: string, outline: readonly OutlineHeading[]): string {
  const debian = [...text.matchAll(DEBIAN_ENTRY)];
  if (debian.length > 0) {
    const dates = [...text.matchAll(DEBIAN_DATE)];
    // An entry's date is on its own sign-off line, before the next entry starts.
    const dated = (i: number) => {
      const from = debian[i]?.index ?? 0;
      const to = debian[i + 1]?.index ?? text.length;
      const date = dates.find((d) => d.index > from && d.index < to)?.[1];
      return `${debian[i]?.[2] ?? ""}${date ? ` (${date})` : ""}`;
    };
    const span =
      debian.length > 1
        ? `${debian.length} releases, from ${dated(debian.length - 1)} to ${dated(0)}`
        : `release ${dated(0)}`;
    return `Change log of the ${debian[0]?.[1] ?? title} package: ${span}.`;
  }
  const releases = releaseNames(text, outline);
  const name = title.replace(/\.(?:md|txt)$/i, "");
  if (releases.length === 0) return `Change log: ${name}.`;
  const span =
    releases.length > 1
      ? `${releases.length} releases, from ${releases.at(-1)} to ${releases[0]}`
      : `release ${releases[0]}`;
  return `Change log of ${name}: ${span}, newest first.`;
}

function licenceName(text: string, title: string): string {
  const opening: string[] = [];
  for (const line of lines(text, 4).map(unescapeMarkdown)) {
    if (/^(?:https?:|<https?:|www\.)/i.test(line) || !/[A-Za-z0-9]/.test(line)) continue;
    if (/^\d+\.\s/.test(line)) break;
    if (line.length > 70 || /[.;]$/.test(line) || opening.length >= 2) break;
    opening.push(titleCase(line));
  }
  return opening.length > 0 ? opening.join(", ") : title;
}

function boilerplateTest(text: string, outline: readonly OutlineHeading[]): (offset: number) => boolean {
  const end = END_OF_TERMS.exec(text)?.index ?? text.length;
  const spans: Array<[number, number]> = [];
  outline.forEach((heading, i) => {
    if (!BOILERPLATE_HEADING.test(heading.text)) return;
    const next = outline.slice(i + 1).find((h) => h.level <= heading.level);
    spans.push([heading.start, next?.start ?? text.length]);
  });
  return (offset) => offset >= end || spans.some(([from, to]) => offset >= from && offset < to);
}

function headingNamer(outline: readonly OutlineHeading[]): (offset: number) => string {
  return (offset) => {
    let current = "";
    for (const heading of outline) {
      if (heading.start > offset) break;
      current = heading.text;
    }
    return current;
  };
}

/** The lead names the document's kind unless its own words already do ("This policy explains…"). */
function withKind(kind: DocumentKind, lead: string): string {
  if (kind === "document" || KIND_WORDS[kind].test(lead)) return lead;
  return `${KIND_LABELS[kind]}: ${lead}`;
}

/** The first prose sentence worth quoting: not a header field, link definition or fragment. */
function firstProse(sentences: readonly Sentence[], skip: (offset: number) => boolean): Sentence | undefined {
  return sentences.find(
    (s) =>
      (s.kind === "sentence" || s.kind === "list-item") &&
      !skip(s.start) &&
      !/^\*\*[^*]+:\*\*/.test(s.text) &&
      // A header field ("Status: recommendation, stable Version: 1.0") says nothing of the subject.
      !/^[A-Z][\w-]*(?: [\w-]+){0,2}: /.test(s.text) &&
      !/^\s*<|^\[[^\]\n]{1,200}\]:\s|^!?\[!?\[/.test(s.text) &&
      plainInline(s.text).split(/\s+/).length >= 5,
  );
}

/**
 * Reads what kind of document `text` is, the sentence that says what it is about, and what to
 * leave out. `filename` is the uploaded file's name ("README.md"), when known.
 */
export function profileDocument(title: string, text: string, filename = ""): DocumentProfile {
  const outline = documentOutline(text);
  const kind = detectKind(title, text, outline, filename);
  const isBoilerplate = boilerplateTest(text, outline);
  const headingAt = headingNamer(outline);
  const base = { kind, outline, isBoilerplate, headingAt };
  const sentences = splitSentences(text.slice(0, 200_000));
  if (kind === "manual") return { ...base, ...manualLead(text, outline, sentences) };
  if (kind === "changelog") return { ...base, lead: changelogLead(title, text, outline), leadStart: null };
  const name = kind === "licence" ? licenceName(text, title) : title;
  const defining = definingSentence(sentences, name, isBoilerplate, outline);
  const quoted = defining ? plainInline(defining.text) : null;
  if (kind === "licence") {
    const terms = outline.find((h) => /terms and conditions/i.test(h.text));
    const purpose = quoted ?? (terms ? `${terms.text.toLowerCase()}.` : "the terms of use.");
    return { ...base, lead: withKind(kind, `${name}: ${purpose}`), leadStart: defining?.start ?? null };
  }
  if (quoted && defining) return { ...base, lead: withKind(kind, quoted), leadStart: defining.start };
  const first = firstProse(sentences, isBoilerplate);
  if (!first) return { ...base, lead: withKind(kind, `${title}.`), leadStart: null };
  // Without a sentence that says what it is, the document's own heading names it.
  const heading = outline[0] && outline[0].start < first.start ? outline[0].text : null;
  const opening = plainInline(first.text);
  const named = heading && !opening.toLowerCase().includes(heading.toLowerCase()) ? heading : null;
  const lead =
    kind === "document" || KIND_WORDS[kind].test(`${named ?? ""} ${opening}`)
      ? `${named ? `${named}: ` : ""}${opening}`
      : `${KIND_LABELS[kind]}${named ? ` “${named}”` : ""}: ${opening}`;
  return { ...base, lead, leadStart: first.start };
}
