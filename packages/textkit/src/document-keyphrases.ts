import { readMarkdownBlocks } from "./markdown-blocks";
import { isStopWord, stem, tokenize } from "./tokenize";

/**
 * Keyphrases for tags: candidate phrases are runs of one to three content words (no stop words,
 * numbers or one-letter tokens between them), scored by how often they occur (headings count
 * double), how long they are, and, when corpus statistics are given, how rare their words are.
 */

export interface DocumentKeyphraseOptions {
  /** At most this many phrases. Default 5. */
  max?: number;
  /** Number of documents containing a stem, for IDF; without it every word weighs the same. */
  documentFrequency?: (stemmed: string) => number;
  documentCount?: number;
}

export interface Keyphrase {
  phrase: string;
  score: number;
}

const MAX_WORDS = 3;
const GENERIC = new Set(
  `also may must shall will use used using new one two three per within including include includes
  e.g i.e etc see section policy document page version following`.split(/\s+/),
);

/**
 * Words that make a tag a fragment of a sentence ("rollers every", "starting next month") rather
 * than a name a person files by: determiners, quantifiers, adverbs and prepositions the stop-word
 * list leaves out, and verb forms that are seldom nouns. They end a phrase and are never a tag.
 */
const FUNCTION_WORDS = new Set(
  `every each next last another several various many much less least fewer any some such else ever
  never always often soon later already still yet even quite rather around across along among
  amongst beside besides beyond toward towards upon via without onto throughout despite except
  unless whether though although however therefore thus hence till since ago instead versus like
  unlike near please otherwise together immediately usually normally currently recently
  approximately respectively especially today tomorrow yesterday`.split(/\s+/),
);
const VERB_FORMS = new Set(
  `start starts started starting begin begins began begun walk walks walked walking run runs ran
  running close closes closed make makes made making take takes took taken taking get gets got
  getting go goes went gone going come comes came coming keep keeps kept keeping ensure ensures
  ensured ensuring provide provides provided providing require requires required requiring allow
  allows allowed allowing ask asks asked asking try tries tried trying help helps helped helping
  need needs needed needing want wants wanted wanting bring brings brought bringing leave leaves
  leaving put puts putting give gives gave given giving tell tells told telling say says said
  saying see sees saw seen seeing know knows knew known knowing think thinks thought thinking seem
  seems seemed seeming become becomes became becoming remain remains remained remaining avoid
  avoids avoided avoiding send sends sent sending let lets`.split(/\s+/),
);

function isContentWord(token: string): boolean {
  return (
    token.length > 2 &&
    !isStopWord(token) &&
    !GENERIC.has(token) &&
    !FUNCTION_WORDS.has(token) &&
    !VERB_FORMS.has(token) &&
    !/\d/.test(token) &&
    !token.includes("'")
  );
}

/** A past participle ends a clause, not a name: "suppliers approved", but "approved suppliers". */
function endsInParticiple(words: readonly string[]): boolean {
  const last = words.at(-1) ?? "";
  return words.length > 1 && last.length > 4 && /[^e]ed$/.test(last) && last !== "hundred";
}

/**
 * Addresses are not what a document is about: a URL's scheme and host, an e-mail address's parts
 * ("https", "github", "gmail", "com") made a README's tags. Bounded runs, so the scan stays linear.
 */
const ADDRESS =
  /\b(?:[a-z][a-z0-9+.-]{1,15}:\/\/|www\.)\S{0,2000}|[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,10}|\b[\w-]{1,63}(?:\.[\w-]{1,63}){0,10}\.(?:com|org|net|io|dev|edu|gov|info|co|uk|de|eu)\b/gi;

/**
 * Markup and code that is not what a document is about either: images (a README's badges: "Travis
 * Build Status"), identifiers joined by underscores ("DEB_GAIN_ROOT_CMD") and absolute paths
 * ("/usr/sbin/nologin"), whose parts read as words once split.
 */
const IMAGE = /!\[[^[\]\n]{0,500}\]\([^()\s]{0,2000}\)/g;
// Read after addresses are gone, so a URL's path is never taken for a file's and its scheme left behind.
const CODE_WORDS =
  /\b[A-Za-z0-9]{1,100}(?:_[A-Za-z0-9]{1,100}){1,20}\b|(?<![\w.:/])\/[\w.-]{1,100}(?:\/[\w.-]{1,100}){1,20}/g;

/** Token runs without stop words, with a weight (headings 2, prose 1). */
function runsOf(text: string): Array<{ words: string[]; weight: number }> {
  const runs: Array<{ words: string[]; weight: number }> = [];
  for (const block of readMarkdownBlocks(text)) {
    if (block.kind === "code") continue;
    const weight = block.kind === "heading" ? 2 : 1;
    // Punctuation ends a phrase: "encryption, MFA" is two candidates, not one.
    const prose = text
      .slice(block.start, block.end)
      .replace(IMAGE, " ; ")
      .replace(ADDRESS, " ; ")
      .replace(CODE_WORDS, " ; ");
    for (const piece of prose.split(/[.,;:!?()[\]|"“”]+/)) {
      let run: string[] = [];
      for (const token of tokenize(piece)) {
        if (isContentWord(token)) run.push(token);
        else if (run.length > 0) {
          runs.push({ words: run, weight });
          run = [];
        }
      }
      if (run.length > 0) runs.push({ words: run, weight });
    }
  }
  return runs;
}

interface Candidate {
  phrase: string;
  stems: string[];
  count: number;
}

function countCandidates(text: string): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  for (const { words, weight } of runsOf(text)) {
    for (let size = 1; size <= MAX_WORDS; size++) {
      for (let i = 0; i + size <= words.length; i++) {
        const slice = words.slice(i, i + size);
        const stems = slice.map(stem);
        const key = stems.join(" ");
        const entry = candidates.get(key) ?? { phrase: slice.join(" "), stems, count: 0 };
        entry.count += weight;
        candidates.set(key, entry);
      }
    }
  }
  return candidates;
}

/** The document's keyphrases, best first; a phrase inside a better one is dropped. */
export function extractKeyphrases(text: string, options: DocumentKeyphraseOptions = {}): Keyphrase[] {
  const max = options.max ?? 5;
  const n = options.documentCount ?? 0;
  const idf = (s: string) =>
    options.documentFrequency && n > 0 ? Math.log((n + 1) / (options.documentFrequency(s) + 1)) + 1 : 1;
  const scored = [...countCandidates(text).values()]
    .filter((c) => c.count >= 2 || c.stems.length > 1)
    .filter((c) => !endsInParticiple(c.phrase.split(" ")))
    .map((c) => {
      const rarity = c.stems.reduce((sum, s) => sum + idf(s), 0) / c.stems.length;
      // A phrase said once is a stretch of one sentence: it earns no more than a word said twice.
      const lengthBonus = c.count >= 2 ? 1 + 0.5 * (c.stems.length - 1) : 1;
      return { phrase: c.phrase, stems: c.stems, score: Math.log(1 + c.count) * lengthBonus * rarity };
    })
    .filter((c) => c.stems.length === 1 || c.score > 0)
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
  const chosen: Array<Keyphrase & { stems: string[] }> = [];
  for (const candidate of scored) {
    const key = ` ${candidate.stems.join(" ")} `;
    const overlaps = chosen.some((c) => {
      const other = ` ${c.stems.join(" ")} `;
      return other.includes(key) || key.includes(other);
    });
    if (!overlaps) chosen.push(candidate);
    if (chosen.length === max) break;
  }
  return chosen.map(({ phrase, score }) => ({ phrase, score }));
}
