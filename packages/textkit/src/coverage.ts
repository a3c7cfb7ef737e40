import { givesFigure } from "./asked-for";
import { askedStem, type AskedWord } from "./question";
import { stem, tokenize, type TextLanguage } from "./tokenize";

/**
 * Whether a cited text covers a question's word (uncovered.ts asks it of each salient word): by
 * stem, synonym, the title's initials, an acronym spelled out, a hyphenated word's parts, an agent
 * noun's verb, or a value given beside a number without its noun; a group of people only by its
 * own name. And the cited sentences that speak of the question's topic, where a figure or an
 * instance it asks for must be found.
 */

/**
 * People a policy may treat apart from its usual audience: asked of, they set the question's
 * scope wherever they stand ("Do *contractors* get parental leave?"), and a text that never names
 * them does not say what applies to them. Not the usual audience itself (employees, staff, users,
 * members), which a policy addresses without naming. A company is one too: a membership process
 * for people does not say how a company joins.
 */
export const ROLE_STEMS: ReadonlySet<string> = new Set(
  `contractor subcontractor consultant freelancer intern trainee apprentice student volunteer temp
  visitor guest customer client supplier vendor patient shareholder investor tenant landlord minor
  child children spouse dependant dependent retiree pensioner applicant candidate executive director
  provider reseller company corporation firm`
    .split(/\s+/)
    .map((word) => stem(word)),
);

export interface CoverageInput {
  question: string;
  asked: readonly AskedWord[];
  /** Stems the cited text holds (its title and passages). */
  cited: ReadonlySet<string>;
  /** Synonym stems of each asked stem: one held counts as covered. */
  synonyms?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Asked words (as typed) that no passage of the archive holds. */
  unseen?: readonly string[];
  /** Whether a word names the cited document otherwise (its title's initials, say). */
  named?: (word: string) => boolean;
  /** The cited passages' language, which their stems are in (besides the title's English ones). */
  language?: TextLanguage;
  /**
   * The cited text itself, read for the figure a "how many/much/long" question asks for. Passages
   * are separated by blank lines.
   */
  citedText?: string;
  /** Each asked stem's inverse document frequency among the candidates: the rarest names the topic. */
  idf?: ReadonlyMap<string, number>;
  /** The cited document's title, read for its version ("Mozilla Public License 2.0"). */
  title?: string;
}

/** The question's as-typed spelling of an asked word ("Japan" for "japan"). */
export function asWritten(question: string, word: string): string {
  const match = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.find((w) => w.toLowerCase() === word);
  return match ?? word;
}

/**
 * How a text gives a value without its noun, beside a number: "at *least* 14 characters *long*"
 * gives a minimum length, "up to 8 members" a maximum, "18 years *old*" an age.
 */
const VALUE_FORMS: ReadonlyMap<string, readonly string[]> = new Map([
  ["minimum", ["least"]],
  ["maximum", ["most", "up"]],
  ["length", ["long"]],
  ["duration", ["long"]],
  ["age", ["old"]],
  ["size", ["big", "large"]],
  ["weight", ["heavy"]],
]);

/** Text read for an acronym's words, so the check stays linear and bounded. */
const MAX_ACRONYM_TEXT = 200_000;

/** Whether a text writes out an acronym the question uses: "EU" by "European Union", "DPL" by "Debian Project Leader". */
function spelledOut(acronym: string, text: string): boolean {
  if (!/^\p{Lu}{2,5}$/u.test(acronym)) return false;
  const pattern = [...acronym].map((letter) => `${letter}\\p{Ll}+`).join("\\s+(?:(?:of|the|and|for)\\s+)?");
  return new RegExp(`(?<!\\p{L})${pattern}`, "u").test(text.slice(0, MAX_ACRONYM_TEXT));
}

/**
 * Whether a text names a group of people itself, in the singular or plural: its stem alone may be
 * another word's ("providers" and "provide").
 */
function namesRole(word: string, text: string): boolean {
  const singular = word.replace(/(?:ies)$/, "y").replace(/(?<!s)s$/, "");
  const plural = singular.endsWith("y") ? `${singular.slice(0, -1)}(?:y|ies)` : `${singular}s?`;
  return new RegExp(`(?<!\\p{L})${plural}(?!\\p{L})`, "iu").test(text.slice(0, MAX_ACRONYM_TEXT));
}

export function coveredBy(input: CoverageInput, a: AskedWord): boolean {
  if (ROLE_STEMS.has(a.stem) && input.citedText !== undefined && !namesRole(a.word, input.citedText))
    return [...(input.synonyms?.get(a.stem) ?? [])].some((s) => input.cited.has(s));
  if (input.cited.has(a.stem) || input.cited.has(stem(a.word))) return true;
  if (input.citedText !== undefined && spelledOut(asWritten(input.question, a.word), input.citedText))
    return true;
  // "the tracker" is what a text on "tracking" bugs speaks of; "contractors" are not a contract.
  const agent = /^(\p{L}{4,}?)(?:er|or)s?$/u.exec(a.word);
  if (agent && !ROLE_STEMS.has(a.stem) && input.cited.has(stem(agent[1]!))) return true;
  // Only beside a number: "as long as" gives no length.
  const forms = VALUE_FORMS.get(a.word);
  if (forms && input.citedText !== undefined && givesFigure(forms, input.citedText)) return true;
  if (input.language && input.cited.has(askedStem(a, input.language))) return true;
  if ([...(input.synonyms?.get(a.stem) ?? [])].some((s) => input.cited.has(s))) return true;
  if (input.named?.(a.word)) return true;
  // "start-up" is covered by a text that says "start" and "up" apart.
  const parts = a.word.split("-").filter(Boolean);
  return parts.length > 1 && parts.every((part) => input.cited.has(stem(part)));
}

/** An English word's possible bases, taking off one inflection: "leaving" → "leav", "leave". */
function inflectedForms(word: string): string[] {
  const w = word.replace(/['’]s$/, "");
  const out = [w];
  for (const [ending, base] of [
    ["ies", "y"],
    ["ied", "y"],
    ["es", ""],
    ["s", ""],
    ["ed", ""],
    ["ed", "e"],
    ["ing", ""],
    ["ing", "e"],
  ] as const)
    if (w.endsWith(ending) && w.length > ending.length + 2) out.push(w.slice(0, -ending.length) + base);
  return out;
}

/** Text read for the paragraphs that hold the question's topic, so the check stays bounded. */
const MAX_TOPIC_TEXT = 200_000;

/**
 * The cited sentences (and table rows) a figure must be found in: those holding the rarest covered word of what the
 * question says the figure is of ("holiday" in "How many weeks of holiday ...", "emeritus" in "how
 * long does the emeritus process take"). A number of weeks in a paragraph on fixing bugs is not a
 * number of weeks of holiday. All of the text when the question does not say, or the rarity of its
 * words is not known.
 */
export function topicParagraphs(input: CoverageInput, of: readonly string[], text: string): string[] {
  const within = new Set(of);
  let topic: AskedWord | undefined;
  for (const a of input.asked) {
    if (!within.has(a.word) || !coveredBy(input, a)) continue;
    const rarity = input.idf?.get(a.stem);
    if (rarity !== undefined && (!topic || rarity > (input.idf?.get(topic.stem) ?? 0))) topic = a;
  }
  // A topic the title names (by its initials) is what every paragraph speaks of.
  if (!topic || input.named?.(topic.word)) return [text];
  const found = topic;
  const stems = new Set([found.stem, stem(found.word), ...(input.synonyms?.get(found.stem) ?? [])]);
  if (input.language) stems.add(askedStem(found, input.language));
  // A table's rows and a paragraph's sentences are read one by one: "Jury service | Full pay"
  // gives no time, whatever the bereavement row above it says, and "20 days of paid time off" is
  // no number of days of the parental leave the next sentence speaks of.
  const paragraphs = text
    .slice(0, MAX_TOPIC_TEXT)
    .split(/\n\s*\n/)
    .flatMap((p) => (/^\s*\|/m.test(p) ? p.split("\n") : p.split(/(?<=[.!?])\s+/)));
  // In English a stem joins words a topic keeps apart ("parental" leave and a "parent"'s
  // bereavement): the topic's own word counts only in its inflections, its synonyms by stem.
  const english = (input.language ?? "eng") === "eng";
  const synonymStems = new Set(input.synonyms?.get(found.stem) ?? []);
  const forms = inflectedForms(found.word);
  const holds = (token: string) => {
    const s = stem(token);
    if (!stems.has(s)) return false;
    return !english || synonymStems.has(s) || inflectedForms(token).some((f) => forms.includes(f));
  };
  return paragraphs.filter((p) => tokenize(p).some(holds));
}
