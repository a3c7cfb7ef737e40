import { askedForOf, askingSentence } from "./asked-for";
import { isStopWord, stem, tokenize } from "./tokenize";

/**
 * Questions whose answer is an instance a text can only give by writing it out: a name ("Which
 * *countries* are excluded …?", "Who are the *current* Keyring Maintainers?"), someone who acts
 * ("*Who* maintains the wiki page?": a sentence that says only what is done names no one), a version number
 * ("What minimum *version* of ExtUtils::MakeMaker …?") or a date ("When *was* version 2.0
 * published?"). A text that speaks of "certain countries", "the Keyring Maintainers" or "new
 * versions" without naming one does not answer them, however well it matches their other words
 * (uncovered.ts reads the rest). Each kind is read from the question's wording alone; whether the
 * cited sentences give one is read from their writing: a capitalised word the text never writes
 * in lowercase, digits joined by dots, a year or a month.
 */
export type InstanceKind =
  "country" | "name" | "person" | "agent" | "version" | "date" | "email" | "url" | "money";

export interface AskedInstance {
  kind: InstanceKind;
  /** The words naming what is asked for, as tokenize reads them ("countries", "u", "s", "state"). */
  words: string[];
}

/**
 * Kinds of thing known by a proper name: asked for with "which", only a name answers ("Which
 * countries …" is not answered by "certain countries"). Not courts or jurisdictions, which a
 * licence answers by description ("the courts of the defendant's principal place of business").
 */
const NAMED_KINDS: ReadonlySet<string> = new Set(
  `state states city cities province provinces company companies
  vendor vendors firm firms manufacturer manufacturers organisation organisations organization
  organizations university universities bank banks`.split(/\s+/),
);
/** Heads that ask for countries: only a country's name answers ("Which *countries* are excluded …"). */
const COUNTRY_KINDS: ReadonlySet<string> = new Set(["country", "countries", "nation", "nations"]);
/** Heads that ask for a version: "which version", "what minimum version", "which release". */
const VERSION_HEADS: ReadonlySet<string> = new Set(["version", "versions", "release", "releases"]);
/** Heads that ask for a date: "in what year", "on which date". */
const DATE_HEADS: ReadonlySet<string> = new Set(["year", "years", "date", "dates", "month", "day"]);
/**
 * Words that ask about the present ("who is the *current* maintainer", "which developer
 * *currently* chairs"): with "who", or beside a which-noun, they ask who holds a role now; and a
 * text that never speaks of the present states rules and roles, not who or what holds them now
 * (uncovered.ts).
 */
export const PRESENT: ReadonlySet<string> = new Set([
  "current",
  "currently",
  "presently",
  "nowadays",
  "today",
  "now",
]);
/** Verbs after "when" that ask when something happened ("When *was* it published?"), not on what condition. */
const PAST = new Set(["was", "were", "did"]);
/** Words that make a "when is" question ask for a date to come ("When is the FSF *planning* to …"). */
const PLANNED = new Set(["planning", "planned", "expected", "scheduled", "due", "going", "likely"]);
/** Words before "address" that ask for an e-mail address ("What *email* address …"). */
const MAIL = new Set(["email", "e-mail", "mail", "mailing"]);
/** Heads that ask for a web address. */
const URL_HEADS = new Set(["url", "urls", "website", "websites", "web", "link", "links", "homepage"]);

/** Currencies a question asks a sum in ("What *dollar* amount …", "the maximum liability in *euros*"). */
const CURRENCIES = new Set(["dollar", "dollars", "euro", "euros", "usd", "eur", "gbp", "sterling"]);
/** A sum of money as a text writes it: "$500", "€ 1,000", "10 USD", "200 euros". */
const MONEY = /[$€£]\s?\d|\d[\d,.]*\s?(?:USD|EUR|GBP|dollars?|euros?|pounds?)\b|\b(?:USD|EUR|GBP)\s?\d/i;

/** Question text read, so the check stays bounded. */
const MAX_QUESTION = 2_000;

/** The instance a question asks for, read from its wording; null when it asks for none of these kinds. */
export function askedInstanceOf(question: string): AskedInstance | null {
  const tokens = tokenize(askingSentence(question));
  const currency = tokens.find((token) => CURRENCIES.has(token));
  if (currency) return { kind: "money", words: [currency] };
  const when = tokens.indexOf("when");
  if (when >= 0 && PAST.has(tokens[when + 1] ?? "")) return { kind: "date", words: ["when"] };
  if (when >= 0 && (tokens[when + 1] === "is" || tokens[when + 1] === "are"))
    if (tokens.slice(when + 2).some((token) => PLANNED.has(token))) return { kind: "date", words: ["when"] };
  const asked = askedForOf(question);
  const head = asked.words[asked.words.length - 1];
  // An address is asked for as such, however the question words it ("What's the URL …").
  if (!asked.figure && head !== undefined) {
    if (/^addresse?s?$/.test(head) && asked.words.some((word) => MAIL.has(word)))
      return { kind: "email", words: asked.words };
    if (URL_HEADS.has(head)) return { kind: "url", words: asked.words };
  }
  if (asked.direct && !asked.figure && head !== undefined) {
    // "Which *countries* forbid cryptography": the phrase may run on into the verb after its noun.
    for (const [kinds, kind] of [
      [COUNTRY_KINDS, "country"],
      [NAMED_KINDS, "name"],
    ] as const) {
      if (kinds.has(head)) return { kind, words: asked.words };
      // "Which *country's* law": the possessive asks for the country as much.
      const first = asked.words[0]!.replace(/['’]s$/, "");
      if (kinds.has(first)) return { kind, words: [first] };
    }
    if (VERSION_HEADS.has(head)) return { kind: "version", words: asked.words };
    if (DATE_HEADS.has(head)) return { kind: "date", words: asked.words };
    // "Which Developer *currently* chairs …": the noun before the time word is the role asked for.
    const at = tokens.findIndex((token) => token === "which" || token === "what");
    if (at >= 0 && tokens.slice(at + 1, at + 5).some((token) => PRESENT.has(token)))
      return { kind: "person", words: asked.words.filter((word) => !PRESENT.has(word)) };
  }
  const who = tokens.indexOf("who");
  if (who >= 0 && tokens.slice(who + 1).some((token) => PRESENT.has(token))) {
    // "who are the current *Keyring Maintainers* I should contact": the role, up to the next function word.
    let i = who + 1;
    while (i < tokens.length && (isStopWord(tokens[i]!) || PRESENT.has(tokens[i]!))) i++;
    const role: string[] = [];
    for (; i < tokens.length && role.length < 3 && !isStopWord(tokens[i]!); i++) role.push(tokens[i]!);
    return { kind: "person", words: role };
  }
  // "Who maintains the wiki page?", "To whom do I write?": someone who does it, named or described.
  if (tokens[0] === "who" || tokens[0] === "whom" || tokens[1] === "whom")
    return { kind: "agent", words: [] };
  return null;
}

/** Words of a sentence with where they start, as written (capitals kept). */
const WORD = /[\p{L}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}]/gu;
/** Digits joined by dots ("1.1", "5.36.0"), a "v" number ("v3"), or a number after "version" or "release". */
const VERSION_NUMBER = /\b\d+(?:[.-]\d+)+[a-z\d]*\b|\bv\d+\b|\b(?:version|release)\s+(\d+)\b/gi;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const URL =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:org|com|net|io|edu|gov|eu)\b/u;
const YEAR = /\b(?:1[6-9]|20)\d\d\b/g;
const MONTH = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;

/**
 * Countries' names in English, from the runtime's own locale data (Intl.DisplayNames), and the
 * short forms people write ("USA", "UK").
 */
let countryPattern: RegExp | undefined;
/** Built on first use, so a bundle that never asks pays nothing. */
function countryNames(): RegExp {
  if (countryPattern) return countryPattern;
  const names = new Set([
    "USA",
    "U.S.A.",
    "US",
    "U.S.",
    "UK",
    "EU",
    "America",
    "Britain",
    "England",
    "Scotland",
    "Wales",
    "Holland",
  ]);
  const regions = new Intl.DisplayNames(["en"], { type: "region" });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = (() => {
        try {
          return regions.of(code);
        } catch {
          return undefined; // not a region code
        }
      })();
      if (name && name !== code) names.add(name.replace(/\s*\(.*\)$/, ""));
    }
  const escaped = [...names]
    .sort((x, y) => y.length - x.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  countryPattern = new RegExp(`(?<![\\p{L}])(?:${escaped.join("|")})(?![\\p{L}])`, "u");
  return countryPattern;
}

/** Whether a sentence writes a name: a capitalised word, not its first, that is not a common word. */
function namedIn(sentence: string, common: (word: string) => boolean, run: number): boolean {
  let streak = 0;
  let first = true;
  for (const match of sentence.matchAll(WORD)) {
    const word = match[0];
    const name = !first && /^\p{Lu}/u.test(word) && !common(word);
    first = false;
    streak = name ? streak + 1 : 0;
    if (streak >= run) return true;
  }
  return false;
}

/**
 * Nouns for someone who acts: a "who" question is answered by a sentence naming one ("the
 * *Chair* has a casting vote", "your *advocate* has to confirm"), besides a name or an address.
 */
export const AGENTS: ReadonlySet<string> = new Set(
  `maintainer maintainers developer developers leader chair chairman secretary committee team member
  members author authors holder holders licensor licensee contributor contributors steward foundation
  user users owner owners advocate manager managers administrator administrators list group project
  board delegate delegates officer staff people person anyone everyone someone nobody recipient
  recipients submitter reporter you your yourself`.split(/\s+/),
);

/**
 * Whether a sentence names someone who acts: an agent noun or a capitalised word the question does
 * not hold (`own`, its stems: "The *Chair* has a casting vote"), or an address. "The DEP5 wiki page will be used to
 * track the differences" says what is done, not who does it.
 */
function agentIn(sentence: string, own: ReadonlySet<string>): boolean {
  if (EMAIL.test(sentence)) return true;
  let first = true;
  for (const [word] of sentence.matchAll(WORD)) {
    const lower = word.toLowerCase();
    const fresh = !own.has(stem(lower));
    if (fresh && AGENTS.has(lower)) return true;
    if (fresh && !first && /^\p{Lu}/u.test(word) && !isStopWord(lower)) return true;
    first = false;
  }
  return false;
}

/**
 * A sentence without its examples: numbers in quotes or in a parenthesis that opens with "e.g."
 * illustrate a rule ("versions with trailing dot-zeroes are equivalent (e.g., “2.0.0” and
 * “2.0”)"); they are not the version the text states.
 */
function withoutExamples(sentence: string): string {
  return sentence
    .replace(/\((?:e\.\s?g\.|for example|for instance)[^)]*\)/gi, " ")
    .replace(/“[^”]*”|"[^"]*"/g, " ");
}

/** Numbers a question states itself: a text that repeats them gives nothing new. */
function stated(question: string): Set<string> {
  return new Set(question.slice(0, MAX_QUESTION).match(/\d+(?:\.\d+)*/g) ?? []);
}

export interface InstanceInput {
  question: string;
  asked: AskedInstance;
  /** The cited sentences that speak of the question's topic. */
  sentences: readonly string[];
  /** The whole cited text, read for the words it writes in lowercase. */
  citedText: string;
}

/** Times a capitalised word recurs in the cited text for it to read as a term the text defines. */
const DEFINED_TERM = 3;
/** Text read for lowercase words, so the check stays linear and bounded. */
const MAX_TEXT = 400_000;

/** Whether the sentences give an instance of the kind asked for. */
export function givesInstance({ question, asked, sentences, citedText }: InstanceInput): boolean {
  const known = stated(question);
  if (asked.kind === "version")
    return sentences.some((s) =>
      [...withoutExamples(s).matchAll(VERSION_NUMBER)].some(
        (m) => !known.has((m[1] ?? m[0]).replace(/^v/i, "")),
      ),
    );
  if (asked.kind === "date")
    return sentences.some((s) => MONTH.test(s) || (s.match(YEAR) ?? []).some((year) => !known.has(year)));
  if (asked.kind === "country") return sentences.some((s) => countryNames().test(s));
  if (asked.kind === "money") return sentences.some((s) => MONEY.test(s));
  if (asked.kind === "email") return sentences.some((s) => EMAIL.test(s));
  if (asked.kind === "url") return sentences.some((s) => URL.test(s));
  if (asked.kind === "agent") {
    const own = new Set(tokenize(question.slice(0, MAX_QUESTION)).map((t) => stem(t)));
    return sentences.some((sentence) => agentIn(sentence, own));
  }
  const text = citedText.slice(0, MAX_TEXT);
  const lower = new Set((text.match(/\b\p{Ll}[\p{L}'’-]*/gu) ?? []).map((w) => stem(w)));
  const capitalised = new Map<string, number>();
  for (const [w] of text.matchAll(/\b\p{Lu}\p{Ll}[\p{L}'’-]*/gu))
    capitalised.set(w, (capitalised.get(w) ?? 0) + 1);
  const questionStems = new Set(tokenize(question.slice(0, MAX_QUESTION)).map((t) => stem(t)));
  // A name is written with a capital wherever it stands; a word the text also writes in lowercase
  // ("Project") is a common one capitalised, and one the question holds is no answer. A word a
  // text capitalises again and again is a term it defines ("the Library", "this License"), not
  // the place or company asked for. Acronyms ("SPI", "USA") are names however often they recur.
  const common = (word: string) => {
    const bare = word.replace(/['’]s$/, "").replace(/\.$/, "");
    const s = stem(bare.toLowerCase());
    // "U.S." is the question's "U.S." however it is split.
    const own = tokenize(bare).every((token) => questionStems.has(stem(token)));
    if (own || isStopWord(bare.toLowerCase())) return true;
    if (/^\p{Lu}[\p{Lu}\p{N}.]+$/u.test(bare)) return shouted.has(word);
    return lower.has(s) || (capitalised.get(bare) ?? 0) >= DEFINED_TERM;
  };
  // A sentence in capitals ("EXCEPT WHEN OTHERWISE STATED") holds no acronyms.
  const shouted = new Set<string>();
  for (const sentence of sentences)
    if ((sentence.match(/\p{Lu}/gu)?.length ?? 0) > (sentence.match(/\p{Ll}/gu)?.length ?? 0))
      for (const [w] of sentence.matchAll(WORD)) shouted.add(w);
  // A person is named by two words ("Ean Schuessler"); a place or company often by one ("Germany").
  return sentences.some((s) => namedIn(s, common, asked.kind === "person" ? 2 : 1));
}
