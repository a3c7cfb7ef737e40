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

function isContentWord(token: string): boolean {
  return (
    token.length > 2 && !isStopWord(token) && !GENERIC.has(token) && !/\d/.test(token) && !token.includes("'")
  );
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
    .map((c) => {
      const rarity = c.stems.reduce((sum, s) => sum + idf(s), 0) / c.stems.length;
      const lengthBonus = 1 + 0.5 * (c.stems.length - 1);
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
