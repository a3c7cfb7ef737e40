import { isStopWord, stem, tokenize, tokenizeWithOffsets } from "./tokenize";

/**
 * What a question asks for, read from its wording: the words after "what", "which", "how much" or
 * "how many" ("What *annual membership fee* do Debian developers pay?", "How many *weeks* of
 * holiday ..."). A text that matches the rest of the question but lacks these does not answer it.
 */

/** Words that open what a question asks for; "how" opens it only before "much" or "many". */
const ASKING = new Set(["what", "which", "what's"]);
const QUANTITY = new Set(["much", "many"]);
/** Words between the asking word and what is asked for: "what is the", "which of our". */
const LINKING = new Set([
  "is",
  "are",
  "was",
  "were",
  "the",
  "a",
  "an",
  "our",
  "my",
  "your",
  "its",
  "their",
  "this",
  "these",
  "of",
]);
/** The linking words that are verbs: after them the words may be an adjective ("what is *special*"). */
const VERBS = new Set(["is", "are", "was", "were"]);
/** Modal verbs end what is asked for ("what fee may ..."); "can" and "will" are stop words already. */
const MODALS = new Set(["may", "must", "shall", "might", "need", "needs"]);
/** Content words read as what the question asks for. */
const ASKED_FOR_WORDS = 3;
/** Words between "how many" and what is counted: "how many *more* weeks". */
const COMPARATIVES = new Set(["more", "less", "fewer"]);
/** Heads that make a what-question a count or an amount: "what is the minimum *number of* months". */
const FIGURE_HEADS: Record<string, "number" | "amount"> = { number: "number", amount: "amount" };

export interface AskedFor {
  /** Up to three content words, as tokenize reads them. */
  words: string[];
  /**
   * "number" after "how many", "amount" after "how much": the answer is a figure of these words.
   * "duration" after "how long": the answer is a length of time (or size), whatever it is of.
   */
  figure: "number" | "amount" | "duration" | null;
  /**
   * What the figure is of, when the question says: the words of the "of" phrase after a how-many
   * or how-much's words ("weeks *of holiday*"), or the subject of a how-long question ("how long
   * does *the shortened process* take"). A figure counts only where the text speaks of them.
   */
  of: string[];
  /**
   * Whether the words follow the asking word with no verb between ("*which team* reviews ...",
   * "*what level* of ..."), so the last is a noun naming what is asked for; not after "what is"
   * ("what is *special* about ...", "what is a bigger *program* called"), unless "the" follows it:
   * "what's the *statute* of limitations" asks for a statute as "which statute" would.
   */
  direct: boolean;
}

/** Quantifiers after "is there": "is there *any* penalty ...". */
const EXISTENTIAL = new Set(["any", "some"]);

/**
 * Where "is there" or "are there" opens the question ("Is there a fee for ...?", "Are there any
 * limits on ..."), the index of "there", from which what is asked for is read as after "what";
 * -1 otherwise. Such a question asks whether the text names the thing: one that never does, does
 * not answer it.
 */
function existenceAt(tokens: readonly string[]): number {
  const at = tokens.findIndex((t, k) => (t === "is" || t === "are") && tokens[k + 1] === "there");
  return at >= 0 ? at + 1 : -1;
}

/**
 * The sentence that asks, when a question sets out its context first ("The perl policy mentions a
 * grace period over which modules may be rebuilt. How many weeks does it last?"): the first that
 * ends in a question mark. The whole question when it is one sentence or none ends so.
 */
export function askingSentence(question: string): string {
  const text = question.slice(0, 2_000);
  const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  if (sentences.length < 2) return text;
  return sentences.find((sentence) => sentence.trimEnd().endsWith("?")) ?? text;
}

/** Verbs that open a how-long question's subject: "how long *does* the process take". */
const AUXILIARIES = new Set(
  "is are was were be does do did will would should must can could may might has have had shall".split(" "),
);

/** Content words from `from` on, up to three, ending at the next function word or modal. */
function phraseAt(tokens: readonly string[], from: number): string[] {
  const words: string[] = [];
  for (let i = from; i < tokens.length && words.length < ASKED_FOR_WORDS; i++) {
    const token = tokens[i]!;
    if (isStopWord(token) || MODALS.has(token)) break;
    words.push(token);
  }
  return words;
}

/** The subject after "how long" and its verb, past articles and possessives: "how long is *jury service leave*". */
function howLongSubject(tokens: readonly string[], long: number): string[] {
  let i = long + 2;
  if (AUXILIARIES.has(tokens[i] ?? "")) i++;
  while (i < tokens.length && LINKING.has(tokens[i]!)) i++;
  return phraseAt(tokens, i);
}

/**
 * Up to three content words after the question's first "what", "which", "how much" or "how many",
 * past linking words ("what is the maximum length", "which of our offices"), ending at the next
 * function word or modal ("what fee does ...", "what fee may ...").
 */
export function askedForOf(question: string): AskedFor {
  const tokens = tokenize(askingSentence(question));
  const long = tokens.findIndex((t, k) => t === "how" && tokens[k + 1] === "long");
  if (long >= 0 && !tokens.slice(0, long).some((t) => ASKING.has(t)))
    return { words: [], figure: "duration", of: howLongSubject(tokens, long), direct: false };
  const asking = tokens.findIndex(
    (t, k) => ASKING.has(t) || (t === "how" && QUANTITY.has(tokens[k + 1] ?? "")),
  );
  const existence = existenceAt(tokens);
  // Whichever opens the question: "is there a limit on how many ..." asks for a limit.
  let i = existence >= 0 && (asking < 0 || existence < asking) ? existence : asking;
  if (i < 0) return { words: [], figure: null, of: [], direct: false };
  let figure: AskedFor["figure"] =
    tokens[i] !== "how" ? null : tokens[i + 1] === "many" ? "number" : "amount";
  // "what's" holds its verb.
  let direct = tokens[i] !== "what's";
  i += figure ? 2 : 1;
  while (
    i < tokens.length &&
    (LINKING.has(tokens[i]!) || EXISTENTIAL.has(tokens[i]!) || (figure && COMPARATIVES.has(tokens[i]!)))
  ) {
    if (VERBS.has(tokens[i]!)) direct = false;
    // After "is the" a noun follows, never an adjective alone.
    else if (tokens[i] === "the") direct = true;
    i++;
  }
  let words = phraseAt(tokens, i);
  i += words.length;
  // "what is the minimum number of months": a count of months, asked as "how many months" is.
  const head = FIGURE_HEADS[words[words.length - 1] ?? ""];
  if (!figure && head && tokens[i] === "of") {
    figure = head;
    words = phraseAt(tokens, i + 1);
    i += 1 + words.length;
  }
  // "the number of characters allowed": what is counted is the noun, not the participle after it.
  if (figure && words.length > 1 && /ed$/.test(words[words.length - 1]!)) words = words.slice(0, -1);
  // "how many weeks of holiday": the figure is of holiday.
  const of = figure && words.length > 0 && tokens[i] === "of" ? phraseAt(tokens, i + 1) : [];
  if (direct && !figure) words = withoutVerb(words, tokens[i], question);
  return { words, figure: words.length > 0 ? figure : null, of, direct };
}

/**
 * A which-question may ask for its subject: "Which Debian team *reviews* new packages?", "Which key
 * *gets* me out of less?". The phrase read then runs on into the verb, which takes an "-s" after a
 * singular noun and is followed by its object or nothing, never by an auxiliary ("Which man page
 * *extensions should* …" asks for its object) nor a comma ("export-control *laws*, for example").
 * The verb and an adverb before it ("currently chairs") are not what is asked for.
 */
function withoutVerb(words: string[], next: string | undefined, question: string): string[] {
  const last = words[words.length - 1];
  if (words.length < 2 || !last || !/[^su'’]s$/.test(last)) return words;
  if (next !== undefined && AUXILIARIES.has(next)) return words;
  // "member *states'* laws" is a possessive, not a verb.
  if (new RegExp(`\\b${last.replace(/[^\p{L}\p{N}]/gu, "")}(?:\\s*[,;:]|['’])`, "iu").test(question))
    return words;
  const out = words.slice(0, -1);
  while (out.length > 1 && /ly$/.test(out[out.length - 1]!)) out.pop();
  return out;
}

/**
 * Nouns that ask for a value the text must state: an amount, a limit, a time. "What fee does SPI
 * charge?" is not answered by a text on SPI that names no fee, while "What language is cscope made
 * to browse?" asks for an instance ("C") that a text gives without the word "language". Only a
 * missing value noun makes what is asked for missing (uncovered.ts).
 */
export const VALUE_WORDS: ReadonlySet<string> = new Set(
  `fee fees cost costs price prices charge charges fine fines penalty penalties salary salaries wage
  wages pay bonus allowance budget rate rates tax taxes discount refund deposit amount sum
  length size limit limits maximum minimum quota cap threshold duration period deadline term terms
  notice age weight capacity percentage share ratio count number`.split(/\s+/),
);

/**
 * Numbers as digits or words ("8", "1.5", "two", "a dozen", "half"). Not "one": as often an article
 * ("one line to give the library's name") as a count.
 */
const NUMBER_WORDS = new Set(
  `two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
  seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
  million billion half quarter dozen twice`.split(/\s+/),
);
export const isNumber = (token: string) => /^\d[\d,.]*%?$/.test(token) || NUMBER_WORDS.has(token);
const NUMBER_VALUES: ReadonlyMap<string, string> = new Map(
  `two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
  seventeen eighteen nineteen twenty`
    .split(/\s+/)
    .map((word, k) => [word, String(k + 2)]),
);
/** A number token's value, so "two" and "2" are the same figure. */
export const valueOf = (token: string) =>
  NUMBER_VALUES.get(token) ?? token.replace(/[,%]/g, "").replace(/\.$/, "");

/**
 * The figures a question states itself ("past the *two* weeks, how many more weeks ..."): the asker
 * has them already, so a text that gives only them does not give the figure asked for.
 */
export function statedFigures(question: string): Set<string> {
  return new Set(tokenize(question.slice(0, 2_000)).filter(isNumber).map(valueOf));
}
/** Tokens either side of an asked-for word a figure of it is read within ("up to 8 Developers", "fee of 10 USD"). */
const FIGURE_WINDOW = 4;
/** Text read for figures, so the check stays linear and bounded in the cited text. */
const MAX_FIGURE_TEXT = 200_000;

/** Words before a number that make it a reference, not a quantity ("section 2", "version 3"). */
export const REFERENCE_WORDS: ReadonlySet<string> = new Set(
  `section sections clause clauses version versions article articles chapter chapters paragraph
  paragraphs part parts item items page pages line lines step steps figure figures table tables
  appendix subsection subsections rfc exhibit schedule annex`.split(/\s+/),
);

/**
 * Whether `text` gives a figure of any of `words` (by stem): a number, in digits or words, within
 * four tokens of one of them. "How many weeks of holiday ..." is not answered by a text that speaks
 * of holidays and weeks but gives no number of weeks. A clause's number at the start of a line
 * ("1.8. License") and a reference ("Section 2", "version 3") are not figures.
 */
export function givesFigure(
  words: readonly string[],
  text: string,
  stated: ReadonlySet<string> = new Set(),
): boolean {
  const wanted = new Set(words.map((w) => stem(w)));
  const slice = text.slice(0, MAX_FIGURE_TEXT);
  const spans = tokenizeWithOffsets(slice);
  const figure = (j: number): boolean => {
    const { token, start } = spans[j]!;
    if (!isNumber(token) || stated.has(valueOf(token))) return false;
    if (j > 0 && REFERENCE_WORDS.has(spans[j - 1]!.token)) return false;
    const lineStart = slice.lastIndexOf("\n", start - 1) + 1;
    return /\S/.test(slice.slice(lineStart, start).replace(/^[\s>#*(-]*$/, ""));
  };
  for (let i = 0; i < spans.length; i++) {
    if (!wanted.has(stem(spans[i]!.token))) continue;
    const from = Math.max(0, i - FIGURE_WINDOW);
    const to = Math.min(spans.length, i + FIGURE_WINDOW + 1);
    for (let j = from; j < to; j++) if (figure(j)) return true;
  }
  return false;
}

/** Units a length of time is given in: "two weeks", "30 days", "a month", "one year". */
const TIME_UNITS = new Set(
  `second seconds minute minutes hour hours day days week weeks fortnight fortnights month months
  year years decade decades`.split(/\s+/),
);
/** Units a length is given in, only after a number: "80 characters", "up to 25 words". */
const LENGTH_UNITS = new Set(`characters bytes words lines pages kb mb gb`.split(/\s+/));
/** Words that give a quantity of time right before its unit, besides numbers ("a week", "a few days"). */
const QUANTIFIERS = new Set(["a", "an", "one", "few", "several", "couple"]);

/**
 * Whether `text` gives a length of time or size: a number within two words before a unit of time
 * or length ("within 2 weeks", "80 characters"), or "a", "one", "few" or "several" before a unit
 * of time ("a month", "a few days", "at least one year").
 */
export function givesDuration(text: string, stated: ReadonlySet<string> = new Set()): boolean {
  const tokens = tokenize(text.slice(0, MAX_FIGURE_TEXT));
  for (let i = 1; i < tokens.length; i++) {
    const time = TIME_UNITS.has(tokens[i]!);
    if (!time && !LENGTH_UNITS.has(tokens[i]!)) continue;
    for (let j = Math.max(0, i - 2); j < i; j++)
      if ((isNumber(tokens[j]!) && !stated.has(valueOf(tokens[j]!))) || (time && QUANTIFIERS.has(tokens[j]!)))
        return true;
  }
  return false;
}
