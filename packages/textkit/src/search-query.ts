import { isStopWord, stem, tokenize } from "./tokenize";

/**
 * A web-search style query read the way PostgreSQL's `websearch_to_tsquery` reads it: words are
 * ANDed, `"quoted phrases"` must appear in order, `or` between two items makes them alternatives,
 * and `-word` / `-"phrase"` excludes. The database does the matching; this reading tells the
 * server which words to highlight, which to expand with synonyms and whether the query is plain.
 */
export interface ParsedSearchQuery {
  /** Words that count for the user (not excluded), lowercase, in order, without duplicates. */
  positiveWords: string[];
  /** Stems of the positive words without stop words: what the query is about. */
  positiveTerms: string[];
  /** Words after a minus sign. */
  excludedWords: string[];
  /** Quoted phrases (not excluded), as the user wrote their words. */
  phrases: string[];
  /**
   * True when the query uses any operator (a phrase of two or more words, `or`, `-word`): it must
   * then be matched strictly. A quoted single word means the word itself (the database stems it
   * alike), and a dash standing alone is punctuation ("libfoo -- runtime files"), not an exclusion.
   */
  hasOperators: boolean;
  /** The query for `websearch_to_tsquery`, with lone dashes dropped so it reads them as punctuation too. */
  strictQuery: string;
}

interface RawItem {
  text: string;
  quoted: boolean;
  excluded: boolean;
  /** A run of dashes standing alone. */
  lone: boolean;
}

const LONE_DASHES = /^-+$/;

/**
 * Text as the search index reads it: a slash, and a dot between letters, stand apart. PostgreSQL's
 * parser reads "read/write", "CD/DVD" and "/etc/ssh/sshd_config" as one `file` token each, and
 * "Node.js" as a host name, so none of their words could be found alone (a query for "dvd" missed
 * "CD/DVD"). The index and every query go through this alike. Measured on the search bench's fit
 * half (Debian package descriptions): MRR@10 0.845 -> 0.858.
 */
export function searchableText(text: string): string {
  return text.replaceAll("/", " / ").replace(/(?<=\p{L})\.(?=\p{L})/gu, " . ");
}

/** Splits a query into items: quoted runs and bare words, each with a leading minus noted. */
function readItems(query: string): RawItem[] {
  const items: RawItem[] = [];
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (const match of query.matchAll(pattern)) {
    if (match[2] !== undefined) {
      items.push({ text: match[2], quoted: true, excluded: match[1] === "-", lone: false });
    } else {
      const word = match[3] ?? "";
      const lone = LONE_DASHES.test(word);
      const excluded = word.startsWith("-") && !lone;
      items.push({ text: excluded ? word.slice(1) : word, quoted: false, excluded, lone });
    }
  }
  return items;
}

/**
 * An item as websearch_to_tsquery should read it: a word the index reads as parts ("TCP/IP") is
 * quoted, so its parts stay one phrase, as the whole token was before (excluded whole, too).
 */
function strictItem(item: RawItem): string {
  const sign = item.excluded ? "-" : "";
  if (item.quoted) return `${sign}"${searchableText(item.text)}"`;
  const text = searchableText(item.text);
  return text === item.text ? `${sign}${text}` : `${sign}"${text}"`;
}

export function parseSearchQuery(query: string): ParsedSearchQuery {
  const positiveWords: string[] = [];
  const excludedWords: string[] = [];
  const phrases: string[] = [];
  let hasOperators = false;
  const items = readItems(query);
  for (const item of items) {
    const words = tokenize(item.text);
    if (!item.quoted && words.length === 1 && words[0] === "or" && item.text.toLowerCase() === "or") {
      hasOperators = true;
      continue;
    }
    if (item.lone) continue;
    if ((item.quoted && words.length > 1) || item.excluded) hasOperators = true;
    if (item.excluded) {
      excludedWords.push(...words);
      continue;
    }
    if (item.quoted && words.length > 0) phrases.push(words.join(" "));
    positiveWords.push(...words);
  }
  const excluded = new Set(excludedWords.map(stem));
  const uniqueWords = [...new Set(positiveWords)].filter((word) => !excluded.has(stem(word)));
  const positiveTerms = [
    ...new Set(uniqueWords.filter((word) => !isStopWord(word)).map((word) => stem(word))),
  ];
  const strictQuery = items
    .filter((item) => !item.lone)
    .map(strictItem)
    .join(" ");
  return { positiveWords: uniqueWords, positiveTerms, excludedWords, phrases, hasOperators, strictQuery };
}

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
