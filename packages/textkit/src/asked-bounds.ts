import { askedForOf, askingSentence, isNumber, REFERENCE_WORDS, valueOf, VALUE_WORDS } from "./asked-for";
import { stem, tokenize } from "./tokenize";

/**
 * A question may ask for a bound rather than a figure: "What's the *maximum* number of members",
 * "Is there a *limit* on how many stanzas", "the *minimum* key length", "how many … at *most*". A
 * text gives one only where it writes a number as a bound of that side ("up to 8", "greater than
 * 2048 bits", "the maximum discussion period is 3 weeks") or says there is none ("no limit",
 * "unlimited", "any number of"). "The file consists of two or more stanzas" gives the fewest
 * stanzas a file has, not the most it may have.
 */
export type Bound = "upper" | "lower";

const UPPER = new Set(["maximum", "max", "longest", "largest", "highest", "biggest"]);
const LOWER = new Set(["minimum", "min", "shortest", "smallest", "lowest", "fewest"]);
/** Nouns that ask for an upper bound when a "on", "to", "for" or "of" follows ("a limit *on* how many"). */
const LIMITS = new Set(["limit", "limits", "cap", "ceiling"]);
const LIMIT_OBJECT = new Set(["on", "to", "for", "of"]);

export interface AskedBound {
  bound: Bound;
  /** The bound's word as the question writes it, lowercased ("maximum", "limit", "most"). */
  word: string;
}

/**
 * The bound a question asks for, when it asks for a figure: a count or amount ("how many",
 * "the number of"), a value noun ("the minimum *length*") or whether a limit exists ("is there a
 * limit on …"). Null otherwise: "Do I need at least one advocate?" asks whether, not how many.
 */
export function askedBoundOf(question: string): AskedBound | null {
  const tokens = tokenize(askingSentence(question));
  const asked = askedForOf(question);
  const limitAsked = tokens.some((t, k) => LIMITS.has(t) && LIMIT_OBJECT.has(tokens[k + 1] ?? ""));
  const figure = asked.figure !== null || asked.words.some((w) => VALUE_WORDS.has(w)) || limitAsked;
  if (!figure) return null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (UPPER.has(token)) return { bound: "upper", word: token };
    if (LOWER.has(token)) return { bound: "lower", word: token };
    if (tokens[i - 1] === "at" && token === "most") return { bound: "upper", word: "most" };
    if (tokens[i - 1] === "at" && token === "least") return { bound: "lower", word: "least" };
    if (LIMITS.has(token) && LIMIT_OBJECT.has(tokens[i + 1] ?? "")) return { bound: "upper", word: token };
  }
  return null;
}

/** Words before a number that make it a bound: "up to 8", "at least 2048", "no more than 3". */
const BEFORE: Record<Bound, readonly string[]> = {
  upper: [
    "up to",
    "at most",
    "maximum",
    "max",
    "within",
    "under",
    "below",
    "exceed",
    "exceeds",
    "limit",
    "limited to",
    "less than",
    "fewer than",
    "no more than",
    "not more than",
  ],
  lower: [
    "at least",
    "minimum",
    "min",
    "over",
    "above",
    "more than",
    "greater than",
    "longer than",
    "no less than",
    "not less than",
    "no fewer than",
    "not fewer than",
  ],
};
/** Words after a number that make it a bound: "8 or fewer", "two weeks at least". */
const AFTER: Record<Bound, readonly string[]> = {
  upper: ["or fewer", "or less", "at most", "maximum"],
  lower: ["or more", "or longer", "or greater", "at least", "minimum"],
};
/**
 * A text that says a thing has no upper bound answers whether it has one, when the thing is the
 * question's: "any number of *stanzas*", not "any number of characters" in a text on patterns.
 */
const UNBOUNDED =
  /\b(?:no (?:limit|maximum)(?: on| to)?|unlimited|any number of|as many)(?: the number of)?\s+([\p{L}\p{N}-]+)(?:\s+([\p{L}\p{N}-]+))?/giu;
/** Tokens before a number read for the words that bound it ("the maximum discussion period is 3"). */
const BOUND_WINDOW = 4;
/** Text read for bounds, so the check stays linear and bounded. */
const MAX_BOUND_TEXT = 200_000;

/** Whether `phrase` ("up to") ends right before token `end` of `tokens`, or starts at `start`. */
const endsAt = (tokens: readonly string[], end: number, phrase: string) => {
  const words = phrase.split(" ");
  return words.every((w, k) => tokens[end - words.length + k] === w);
};
const startsAt = (tokens: readonly string[], start: number, phrase: string) =>
  phrase.split(" ").every((w, k) => tokens[start + k] === w);

/**
 * Whether `text` writes a number as a bound of the side asked ("up to 8 Developers", "must be
 * greater than 2048 bits"), or says there is no upper bound. A number the question states itself
 * is the asker's, not the text's answer. "No less than" is a lower bound though "less than" is an
 * upper one: the longest phrase before the number decides. "Under" and "over" are left out, as
 * often places as bounds ("under the GPL, version 2"); so is a reference's number ("version 2").
 */
export function givesBound(
  text: string,
  bound: Bound,
  {
    stated = new Set(),
    asked = new Set(),
  }: { stated?: ReadonlySet<string>; asked?: ReadonlySet<string> } = {},
): boolean {
  const slice = text.slice(0, MAX_BOUND_TEXT);
  if (bound === "upper")
    for (const match of slice.matchAll(UNBOUNDED))
      if ([match[1], match[2]].some((word) => word !== undefined && asked.has(stem(word.toLowerCase()))))
        return true;
  const tokens = tokenize(slice);
  const other: Bound = bound === "upper" ? "lower" : "upper";
  const sideBefore = (at: number): Bound | null => {
    let best: { side: Bound; length: number } | null = null;
    for (const side of [bound, other])
      for (const phrase of BEFORE[side]) {
        const length = phrase.split(" ").length;
        for (let end = at; end > at - BOUND_WINDOW && end >= length; end--)
          if (endsAt(tokens, end, phrase) && (!best || length > best.length)) best = { side, length };
      }
    return best?.side ?? null;
  };
  for (let j = 0; j < tokens.length; j++) {
    const token = tokens[j]!;
    if (!(isNumber(token) || token === "one") || stated.has(valueOf(token))) continue;
    if (REFERENCE_WORDS.has(tokens[j - 1] ?? "")) continue;
    if (sideBefore(j) === bound) return true;
    for (let k = j + 1; k <= j + 3; k++)
      if (AFTER[bound].some((phrase) => startsAt(tokens, k, phrase))) return true;
  }
  return false;
}
