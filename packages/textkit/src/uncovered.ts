import {
  askedForOf,
  type AskedFor,
  givesDuration,
  givesFigure,
  statedFigures,
  VALUE_WORDS,
} from "./asked-for";
import { askedBoundOf, givesBound, type Bound } from "./asked-bounds";
import { AGENTS, askedInstanceOf, givesInstance, PRESENT, type InstanceKind } from "./asked-instances";
import { asWritten, coveredBy, ROLE_STEMS, topicParagraphs, type CoverageInput } from "./coverage";
import { missingAddresses, otherVersions } from "./question-names";
import { isStopWord, stem, tokenize } from "./tokenize";

export type { CoverageInput } from "./coverage";

/**
 * Which of a question's salient words the cited text never mentions: the scope a near-miss
 * question adds to a topic the archive does cover ("parental leave for contractors in Japan" when
 * the Leave Policy speaks of employees in Ireland). An answer that ignores them reads as if it
 * covered them, so the assistant says what is missing instead. Salient means one of:
 * - a name: a word written with a capital inside the question ("Japan", "Tokyo", "SAP");
 * - a word the archive never uses at all;
 * - the scope set by a preposition: the content words right after "for", "in", "at", "with",
 *   "within", "outside" or "across" ("for contractors", "in the United States", "with the
 *   commercial support desk"), or by a possessive ("a developer's parental leave");
 * - a version number ("the Apache License 1.1", "Perl 5.36"): a text of another version is
 *   another document, however alike their words.
 * - a group of people a policy may treat apart ("Do *contractors* get parental leave?").
 * - what the question asks for, when the cited text lacks most of it: the words after "what",
 *   "which" or "how much/many" ("What *annual membership fee* do Debian developers pay?"). A text
 *   on membership that names no fee does not answer it, however well it matches the rest.
 * - an address or host name ("security@debian.org"), or a version of the cited document other than
 *   its own (question-names.ts): named only by the whole of it.
 * - in a yes/no question, a word many of the candidate passages hold ("Does it grant a *patent*
 *   licence?"): the archive speaks of it elsewhere, so a cited text that never does, does not say.
 * When every salient word is covered, what the question asks for must still be given where the
 * text speaks of its topic: a figure ("how many *consecutive* terms"), or an instance written out
 * (asked-instances.ts: a country, a name, a version, a date, an address, a sum in a currency).
 * Other absent words are left alone: a question in other words than the document's ("a scratch
 * file that disappears") is still answered by it.
 */

const SCOPE_PREPOSITIONS = new Set(["for", "in", "at", "with", "within", "outside", "across"]);
/** "developer's", not "what's" (a stop word). */
const possessive = (token: string) => /['’]s$/.test(token) && !isStopWord(token);
/** Digits joined by dots, as versions and releases are written ("1.1", "2.0", "5.36.0"). */
const VERSION = /^\d+(?:\.\d+)+$/;
/**
 * A yes/no question asks whether the text says something of its words ("Does the Artistic License
 * grant a *patent* licence?"). A word that a good share of the candidate passages hold (inverse
 * document frequency below this, about one passage in five) is one the archive speaks of in other
 * documents; a cited text that never does, does not say. Chosen on the enterprise fit half: at 1.5
 * one more near miss refused and no answerable question, enterprise or general; at 2.2 one more
 * near miss and one general question refused ("Does chmod alter the permissions of *symlinks*?",
 * whose manual says "symbolic links").
 */
const SHARED_IDF = 1.5;
/**
 * In a yes/no question, two or more asked words that few candidate passages hold (inverse document
 * frequency at least this, about one passage in fifty) and the cited text never does ("Does the
 * social contract require Debian to *notify* users when a package is *moved* …") name a case the
 * text does not speak of: one such word may be a paraphrase, two rarely are. Chosen on the
 * enterprise fit half: at 4 one more near miss refused and no answerable question, enterprise or
 * general; at 3 or 3.5 as many near misses and one more answerable question refused. One rare
 * word alone refused two more near misses and two answerable questions; counting them in any
 * question rather than yes/no ones refused three to five answerable ones.
 */
const RARE_IDF = 4;
const RARE_MISSING = 2;
/** Questions that open with an auxiliary verb ask yes or no. */
const YES_NO =
  /^(?:does|do|did|is|are|was|were|can|could|may|might|must|shall|should|will|would|has|have|had)\b/i;
/** Particles that make the preposition after them part of a verb ("come *up with*", "do *away with*"). */
const PARTICLES = new Set(["up", "down", "out", "away", "off"]);
/** Content words read after a scope preposition. */
const SCOPE_WORDS = 3;

export interface UncoveredWord {
  /** The word as the question writes it ("Japan"). */
  word: string;
  /** True when no passage of the archive holds it, not only the cited text. */
  nowhere: boolean;
  /**
   * Set when the words are there but not the figure asked of them: "weeks" for "how many weeks ...",
   * which the cited text mentions without a number of them.
   */
  figure?: "number" | "amount" | "duration";
  /**
   * Set when the words are there but not the instance asked of them (asked-instances.ts): "which
   * *countries*" of a text on "certain countries" that names none.
   */
  instance?: InstanceKind;
  /**
   * Set when the text gives figures but none as the bound asked for (asked-bounds.ts): "Is there a
   * *maximum* number of stanzas" of a text that says "two or more stanzas".
   */
  bound?: Bound;
}

/** Words written with a capital after the question's first word, lowercased, as tokenize reads them. */
function capitalised(question: string): Set<string> {
  const out = new Set<string>();
  const words = question.slice(0, 2_000).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  words.forEach((word, i) => {
    if (i > 0 && /^\p{Lu}/u.test(word)) for (const token of tokenize(word)) out.add(token);
  });
  return out;
}

/**
 * The asked words rare among the candidates (RARE_IDF) that the cited text does not cover, when
 * there are at least RARE_MISSING of them; none otherwise. "us" is the asker ("require *us* to"),
 * not the country, unless written "US".
 */
function rareMissing(input: CoverageInput, covered: ReadonlyMap<string, boolean>): Set<string> {
  const rare = input.asked.filter(
    (a) =>
      !covered.get(a.word) &&
      (input.idf?.get(a.stem) ?? 0) >= RARE_IDF &&
      asWritten(input.question, a.word) !== "us",
  );
  return rare.length >= RARE_MISSING ? new Set(rare.map((a) => a.word)) : new Set();
}

/** Organisations the asker may be: "*our* company" is "we". */
const ORGANISATIONS = new Set(["company", "companies", "corporation", "firm"]);

/**
 * Whether the question names an organisation only as its own: "*our* company files a lawsuit" is
 * the asker, whom a licence addresses as "You", not a party it treats apart ("how does *a*
 * company apply"). "Our contractors" are still others.
 */
function askersOwn(question: string, word: string): boolean {
  if (!ORGANISATIONS.has(word)) return false;
  const tokens = tokenize(question.slice(0, 2_000));
  const at = tokens.flatMap((token, i) => (token === word ? [i] : []));
  return at.length > 0 && at.every((i) => tokens[i - 1] === "our" || tokens[i - 1] === "my");
}

/** The content words of each scope a preposition or possessive opens ("for contractors", "in the United States"). */
function scoped(question: string): Set<string> {
  const out = new Set<string>();
  const names = capitalised(question);
  const tokens = tokenize(question.slice(0, 2_000));
  tokens.forEach((token, i) => {
    if (!SCOPE_PREPOSITIONS.has(token) && !possessive(token)) return;
    // "came up with the idea", "get away with": a phrasal verb's object, not a scope.
    if (PARTICLES.has(tokens[i - 1] ?? "")) return;
    // "Debian's official images": a name's things are the named's own, the subject of its
    // documents; the name itself is salient where a text lacks it ("Google's employees").
    if (possessive(token) && (names.has(token) || names.has(token.replace(/['’]s$/, "")))) return;
    let taken = 0;
    for (let j = i + 1; j < tokens.length && taken < SCOPE_WORDS; j++) {
      const next = tokens[j]!;
      if (SCOPE_PREPOSITIONS.has(next)) break;
      if (isStopWord(next)) {
        if (taken > 0) break; // "for contractors in": the scope ends at the next function word
        continue; // "in the United States": articles before the scope's words
      }
      out.add(next);
      taken++;
    }
  });
  return out;
}

/** Values a text names when it gives them: sums of money and sanctions. */
const NAMED_VALUES: ReadonlySet<string> = new Set(
  `fee fees cost costs price prices charge charges fine fines penalty penalties salary salaries wage
  wages bonus allowance tax taxes discount refund deposit`.split(/\s+/),
);

/**
 * Nouns that name a kind of thing the answer gives an instance of, without the noun: "What
 * *language* is cscope made to browse?" is answered by "C", "Which *tool* ..." by the tool's name.
 * Any other noun asked for directly ("Which *team* reviews ...", "What *syntax* should ...") is
 * named where a text gives it: one that never names it does not say which.
 */
const CATEGORY_NOUNS: ReadonlySet<string> = new Set(
  `language languages tool tools program programs command commands utility utilities application
  applications package packages library libraries software editor editors format formats protocol
  protocols algorithm algorithms trick tricks technique techniques method methods approach way ways
  means mechanism kind kinds type types sort sorts name names word words term terms thing things
  example examples option options feature features file files function functions module modules
  class classes document documents one ones part parts`.split(/\s+/),
);

/**
 * The asked-for words the cited text lacks, when it lacks more than half of them and one is a value
 * noun (asked-for.ts VALUE_WORDS: "fee", "maximum length"), or it lacks the noun asked for by name
 * right after "what" or "which" ("which *team*"); none otherwise.
 */
function askedForMissing(asked: AskedFor, covered: (word: string) => boolean): Set<string> {
  const wanted = asked.words;
  const missing = wanted.filter((word) => !covered(word));
  // The last word heads the phrase: "the minimum *age*" asks for an age, which a text that says
  // "minimum" only of discussion periods does not give. Only a qualifier beside it ("minimum",
  // "maximum") is no sign the text speaks of it; a topic word is ("the process *length*": the text
  // on the process may give its length in days).
  // A sum of money or a sanction is named where a text gives it ("fee", or a synonym as "charge"),
  // so "an application fee" is not given by a text on applications that never names one.
  const head = wanted[wanted.length - 1];
  const headMissing = head !== undefined && VALUE_WORDS.has(head) && !covered(head);
  const qualifiedOnly = headMissing && wanted.every((word) => !covered(word) || VALUE_WORDS.has(word));
  const named = headMissing && NAMED_VALUES.has(head);
  const thingWord = (word: string) => !covered(word) && !CATEGORY_NOUNS.has(word) && !VALUE_WORDS.has(word);
  const thing = asked.direct && !asked.figure && head !== undefined && thingWord(head);
  if (
    !qualifiedOnly &&
    !named &&
    !thing &&
    (missing.length * 2 <= wanted.length || !missing.some((word) => VALUE_WORDS.has(word)))
  )
    return new Set();
  return new Set(missing);
}

/** Words that count people whatever the text calls them ("Developers", "members"). */
const PEOPLE = new Set(["people", "persons", "individuals", "humans"]);

/**
 * The figure a "how many/much/long" question asks for, when the cited text names its words but
 * gives no number of them where it speaks of the question's topic.
 */
function missingFigure(input: CoverageInput, covered: (word: string) => boolean): UncoveredWord | null {
  const { words, figure, of } = askedForOf(input.question);
  if (!figure || input.citedText === undefined) return null;
  if (!words.every(covered)) {
    // A text that never names what is counted gives no number of it: "how many days …" of a
    // text without days.
    // Nor a number of what a qualifier the text never uses sets apart: "how many *consecutive*
    // terms" of a text that gives a term's length, "how much *advance* notice" of one on notice.
    // On the enterprise fit half three more near misses refused, against one more general question
    // ("how many *unanswered* keepalive messages", which its manual words otherwise).
    const head = words[words.length - 1];
    if (figure === "duration" || !head) return null;
    const qualified = words.slice(0, -1).some((w) => !covered(w) && !VALUE_WORDS.has(w));
    // "How many *people* can sit on the committee": people are counted as whoever the text names.
    if ((covered(head) || PEOPLE.has(head)) && !qualified) return null;
    return { word: words.map((w) => asWritten(input.question, w)).join(" "), nowhere: false, figure };
  }
  const paragraphs = topicParagraphs(input, of, input.citedText);
  const stated = statedFigures(input.question);
  if (figure === "duration") {
    if (paragraphs.some((p) => givesDuration(p, stated))) return null;
    return { word: "how long", nowhere: false, figure };
  }
  // The figure is of the last word, the head of the phrase: the fee of "the licensing fee".
  const head = words[words.length - 1]!;
  const counted = PEOPLE.has(head) ? [head, ...AGENTS] : [head];
  if (paragraphs.some((p) => givesFigure(counted, p, stated))) return null;
  return { word: words.map((w) => asWritten(input.question, w)).join(" "), nowhere: false, figure };
}

/** The bound a question asks for ("the *maximum* number of …"), when the cited text writes none. */
function missingBound(input: CoverageInput): UncoveredWord | null {
  const asked = askedBoundOf(input.question);
  if (!asked || input.citedText === undefined) return null;
  const stated = statedFigures(input.question);
  const words = new Set(input.asked.map((a) => a.stem));
  if (givesBound(input.citedText, asked.bound, { stated, asked: words })) return null;
  return { word: asWritten(input.question, asked.word), nowhere: false, bound: asked.bound };
}

/**
 * The name, version or date a question asks for (asked-instances.ts), when the cited sentences on
 * its topic give none.
 */
function missingInstance(input: CoverageInput): UncoveredWord | null {
  const asked = askedInstanceOf(input.question);
  if (!asked || input.citedText === undefined) return null;
  // The topic is read from the question's other words, past those the title names or holds: every
  // paragraph of the LGPL speaks of the LGPL, and the Menu sub-policy's of menus.
  const skip = new Set(asked.words);
  const titled = new Set(tokenize(input.title ?? "").map((t) => stem(t)));
  const of = input.asked
    .filter((a) => !titled.has(a.stem))
    .map((a) => a.word)
    .filter((word) => !skip.has(word) && !PRESENT.has(word) && !input.named?.(word));
  // "Which *texinfo.tex* version": the words before a version's head name what it is of.
  const own =
    asked.kind === "version" ? asked.words.slice(0, -1).filter((word) => !VALUE_WORDS.has(word)) : [];
  // "Who is the current Project Secretary": with no other words, the role itself is the topic.
  const topic = own.length > 0 ? own : of.length > 0 || asked.kind !== "person" ? of : asked.words;
  const sentences = topicParagraphs(input, topic, input.citedText);
  if (givesInstance({ question: input.question, asked, sentences, citedText: input.citedText })) return null;
  const word = asked.words.map((w) => asWritten(input.question, w)).join(" ");
  return { word, nowhere: false, instance: asked.kind };
}

export function uncoveredWords(input: CoverageInput): UncoveredWord[] {
  const names = capitalised(input.question);
  const scope = scoped(input.question);
  const unseen = new Set(input.unseen ?? []);
  const covered = new Map(input.asked.map((a) => [a.word, coveredBy(input, a)]));
  // A word the analysis dropped (too common to ask with) is judged by its stem alone.
  const isCovered = (word: string) => covered.get(word) ?? input.cited.has(stem(word));
  const wanted = askedForMissing(askedForOf(input.question), isCovered);
  const out: UncoveredWord[] = [];
  const yesNo = YES_NO.test(input.question.trimStart());
  const rare = yesNo ? rareMissing(input, covered) : new Set<string>();
  for (const a of input.asked) {
    if (covered.get(a.word)) continue;
    const nowhere = unseen.has(a.word);
    const salient =
      nowhere ||
      rare.has(a.word) ||
      (yesNo && (input.idf?.get(a.stem) ?? Infinity) < SHARED_IDF) ||
      names.has(a.word) ||
      scope.has(a.word) ||
      (ROLE_STEMS.has(stem(a.word)) && !askersOwn(input.question, a.word)) ||
      PRESENT.has(a.word) ||
      VERSION.test(a.word);
    if (!salient && !wanted.has(a.word)) continue;
    out.push({ word: asWritten(input.question, a.word), nowhere });
  }
  // Addresses and versions are names as a whole: their words apart may all be in the text.
  if (input.citedText !== undefined)
    for (const address of missingAddresses(input.question, input.citedText))
      out.push({ word: address, nowhere: false });
  if (input.title !== undefined)
    for (const version of otherVersions(input.question, input.title, (word) => input.named?.(word) ?? false))
      out.push({ word: version, nowhere: false });
  if (out.length > 0) return out;
  const figure = missingFigure(input, isCovered) ?? missingBound(input) ?? missingInstance(input);
  return figure ? [figure] : out;
}

/** "a", "a or b", "a, b or c": how an answer lists what is missing. */
export function listWords(words: readonly string[], conjunction = "or"): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${conjunction} ${words[words.length - 1]}`;
}
