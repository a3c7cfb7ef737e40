import { isStopWord, stem, tokenize } from "./tokenize";

/**
 * A search query read as people type it, pasted sentences included:
 * - words rank documents by how many of them (weighted by rarity) a document holds; none is required;
 * - `"a quoted phrase"` ranks the documents holding it first; a query of phrases alone (with
 *   exclusions or `OR`) finds only documents holding them;
 * - `OR` in capitals between two items makes them alternatives and the query is then matched
 *   strictly, as `websearch_to_tsquery` reads it; a lowercase "or" is an ordinary word;
 * - `-word` (or `-"phrase"`) after a space excludes documents holding that word; a dash inside a
 *   word ("plug-in"), a dash standing alone and `--option` are not exclusions, and neither is any
 *   dash in a query of more than SENTENCE_WORDS words: that is a pasted sentence, whose "-export
 *   option" names a command-line option its own document holds.
 * The database does the matching; this reading tells the server which words to rank, highlight
 * and expand with synonyms, and what to require or exclude.
 */
export interface ParsedSearchQuery {
  /** Words that count for the user (not excluded), lowercase, in order, without duplicates. */
  positiveWords: string[];
  /** Stems of the positive words without stop words: what the query is about. */
  positiveTerms: string[];
  /** Words after a minus sign. */
  excludedWords: string[];
  /** Quoted phrases of two or more words (not excluded), lowercase, as the user wrote their words. */
  phrases: string[];
  /**
   * True when the query must be matched strictly with `strictQuery`: it uses a capital `OR`, or it
   * is made of phrases alone. Exclusions and phrases among other words do not make a query strict.
   */
  hasOperators: boolean;
  /** More than SENTENCE_WORDS words: a pasted sentence or a question rather than typed search terms. */
  sentence: boolean;
  /** The query for `websearch_to_tsquery`: the strict reading (lone dashes and lowercase "or" dropped). */
  strictQuery: string;
  /** The excluded items for `websearch_to_tsquery`, as alternatives; null without exclusions. */
  excludedQuery: string | null;
  /** Each phrase for `websearch_to_tsquery`, to find the documents holding it. */
  phraseQueries: string[];
}

interface RawItem {
  text: string;
  quoted: boolean;
  excluded: boolean;
  /** A run of dashes standing alone. */
  lone: boolean;
  /** A capital OR between items. */
  or: boolean;
}

const LONE_DASHES = /^-+$/;
/**
 * Words beyond which a query is a pasted sentence or a question, not typed search syntax: its dashes
 * are part of its words. Typed exclusions come with a few words ("budget -draft"); the sentences
 * people paste run to ten words and more.
 */
const SENTENCE_WORDS = 8;
/** An exclusion: one dash, then a letter, after a space (`-draft`); `--force` and `-5` are words. */
const EXCLUSION = /^-\p{L}/u;

/**
 * Text as the search index reads it: a slash, and a dot between letters, stand apart. PostgreSQL's
 * parser reads "read/write", "CD/DVD" and "/etc/ssh/sshd_config" as one `file` token each, and
 * "Node.js" as a host name, so none of their words could be found alone (a query for "dvd" missed
 * "CD/DVD"). The index and every query go through this alike. Measured on the search bench's fit
 * half (Debian package descriptions): MRR@10 0.845 -> 0.858.
 *
 * A "<" is followed by a space, so the parser never reads an HTML tag: it drops a tag's words, and
 * after `<script` or `<style` it drops everything up to `</script>` or `</style>`, to the end of
 * the text when none follows (a README quoting one `<script src=…>` line lost every later word,
 * and the slash rule above turns "</script>" into "< / script>", which never closes it). A
 * document's text is text, whatever it looks like: every word in it is found.
 */
export function searchableText(text: string): string {
  return text
    .replaceAll("/", " / ")
    .replaceAll("<", "< ")
    .replace(/(?<=\p{L})\.(?=\p{L})/gu, " . ");
}

/** Splits a query into items: quoted runs and bare words, each with a leading minus noted. */
function readItems(query: string): RawItem[] {
  const items: RawItem[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (const match of query.matchAll(pattern)) {
    if (match[2] !== undefined) {
      items.push({ text: match[2], quoted: true, excluded: match[1] === "-", lone: false, or: false });
    } else {
      const word = match[3] ?? "";
      const lone = LONE_DASHES.test(word);
      const excluded = EXCLUSION.test(word);
      const or = word === "OR";
      items.push({ text: excluded ? word.slice(1) : word, quoted: false, excluded, lone, or });
    }
  }
  return items;
}

/**
 * An item as websearch_to_tsquery should read it: a word the index reads as parts ("TCP/IP") is
 * quoted, so its parts stay one phrase, as the whole token was before (excluded whole, too). A
 * bare word is quoted too when it could read as an operator ("or", "-x"), so only `OR` is one.
 */
function strictItem(item: RawItem, excluded = item.excluded): string {
  const sign = excluded ? "-" : "";
  if (item.or) return "OR";
  const text = searchableText(item.text).replaceAll('"', " ");
  if (item.quoted) return `${sign}"${text}"`;
  const plain = text === item.text && /^[\p{L}\p{N}_]/u.test(text) && text.toLowerCase() !== "or";
  return plain ? `${sign}${text}` : `${sign}"${text}"`;
}

export function parseSearchQuery(query: string): ParsedSearchQuery {
  const positiveWords: string[] = [];
  const excludedWords: string[] = [];
  const phrases: string[] = [];
  const phraseQueries: string[] = [];
  const read = readItems(query).filter((item) => !item.lone);
  const sentence = read.filter((item) => !item.or && tokenize(item.text).length > 0).length > SENTENCE_WORDS;
  const items = sentence ? read.map((item) => ({ ...item, excluded: false })) : read;
  let capitalOr = false;
  let freeWords = false;
  for (const item of items) {
    if (item.or) {
      capitalOr = true;
      continue;
    }
    const words = tokenize(item.text);
    if (item.excluded) {
      excludedWords.push(...words);
      continue;
    }
    if (item.quoted && words.length > 1) {
      phrases.push(words.join(" "));
      phraseQueries.push(strictItem(item));
    } else if (words.length > 0) freeWords = true;
    positiveWords.push(...words);
  }
  const excluded = new Set(excludedWords.map(stem));
  const uniqueWords = [...new Set(positiveWords)].filter((word) => !excluded.has(stem(word)));
  const positiveTerms = [
    ...new Set(uniqueWords.filter((word) => !isStopWord(word)).map((word) => stem(word))),
  ];
  const strictQuery = items
    .filter((item) => item.or || item.quoted || tokenize(item.text).length > 0)
    .filter((item) => item.or || item.quoted || item.excluded || !isOnlyOr(item.text))
    .map((item) => strictItem(item))
    .join(" ");
  const exclusions = items.filter((item) => item.excluded && tokenize(item.text).length > 0);
  return {
    positiveWords: uniqueWords,
    positiveTerms,
    excludedWords,
    phrases,
    hasOperators: capitalOr || (phrases.length > 0 && !freeWords),
    sentence,
    strictQuery,
    excludedQuery: exclusions.length ? exclusions.map((item) => strictItem(item, false)).join(" OR ") : null,
    phraseQueries,
  };
}

/** A lowercase "or" is a word, and a stop word: the strict query leaves it out rather than read it as `OR`. */
const isOnlyOr = (text: string) => text.toLowerCase() === "or";

/**
 * The query relaxed to "any of these words", written in web-search syntax (`a or b or c`) so the
 * database parses it with the same function as the strict query and no user text reaches a raw
 * tsquery. Stop words are left out: they would match nothing anyway.
 */
export function anyWordQuery(words: string[]): string {
  // Hyphenated compounds become their parts: "a or data retention" would AND the two halves.
  const parts = words.flatMap((word) => word.split(/[-"]+/));
  const content = parts.filter((word) => !isStopWord(word) && /[\p{L}\p{N}]/u.test(word));
  return [...new Set(content)].join(" or ");
}
