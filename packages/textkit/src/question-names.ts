/**
 * Two kinds of name a question may hold that a text answers only if it holds the same one, however
 * well it matches the question's other words (uncovered.ts reads the rest):
 * - an address or host written out ("security@debian.org", "keys.openpgp.org", "submit@"): a
 *   text that names other addresses on the same domain is no answer about this one;
 * - a version of the cited document other than its own ("MPL 1.1" when the cited text is the
 *   Mozilla Public License 2.0), or two versions compared ("what changed between version 1.0 and
 *   1.1"): a text of one version does not say how it differs from another.
 */

/** Question text read for names, so the check stays bounded. */
const MAX_QUESTION = 2_000;
/** Text searched for an address, so the check stays linear and bounded in the cited text. */
const MAX_TEXT = 400_000;

/** E-mail addresses, bare local parts ("submit@"), and dotted host names ending in a word. */
const ADDRESS = /[\p{L}\p{N}._+-]*[\p{L}\p{N}]@(?:[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,})?/gu;
const HOST = /(?<![\p{L}\p{N}@.])[\p{L}\p{N}-]{2,}(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}@])/gu;

/** The addresses and host names a question writes out, lowercased. */
export function addressesOf(question: string): string[] {
  const text = question.slice(0, MAX_QUESTION);
  const addresses = text.match(ADDRESS) ?? [];
  const hosts = (text.replace(ADDRESS, " ").match(HOST) ?? []).filter((host) => host.includes("."));
  return [...new Set([...addresses, ...hosts].map((a) => a.toLowerCase()))];
}

/** The addresses of the question the cited text never writes. */
export function missingAddresses(question: string, citedText: string): string[] {
  const text = citedText.slice(0, MAX_TEXT).toLowerCase();
  return addressesOf(question).filter((address) => !text.includes(address));
}

/** Words that ask how two things differ: then each version named must be the text's own. */
const COMPARING =
  /\b(?:differ|differs|different|difference|differences|changed|changes|compare|compared|comparison|versus|vs)\b/i;

interface Version {
  /** As the question writes it: "MPL 1.1", "version 2", "v1.1". */
  written: string;
  /** The number, without a leading "v" or trailing ".0"s, so "v2", "2" and "2.0" are one. */
  value: string;
  /** The word before it and any "version" ("mpl", "license"), lowercased. */
  before: string;
}

/**
 * Version numbers: digits joined by dots ("1.1", "5.36"), a number after "version" ("version 2")
 * and a "v" number ("v3", "GPLv3").
 */
const VERSION =
  /(?:([\p{L}][\p{L}\p{N}-]*)\s+)?(?:\b((?:version|v)\s*))?(\d+(?:\.\d+)+|(?<=\b(?:version|v)\s*)\d+)\b/giu;
/**
 * Words before a number that make it a reference, not a version ("section 2.1"). Not asked-for.ts's
 * REFERENCE_WORDS, which holds "version" itself: here "Version 1.1" is a version.
 */
const REFERENCES = new Set([
  "section",
  "sections",
  "clause",
  "clauses",
  "article",
  "chapter",
  "paragraph",
  "step",
]);
const VERSION_SUFFIX = /\b([\p{L}]+?)v(\d+)\b/giu;

const normalise = (number: string) => number.replace(/(?:\.0)+$/, "");

function versionsOf(text: string): Version[] {
  const out: Version[] = [];
  for (const match of text.slice(0, MAX_QUESTION).matchAll(VERSION)) {
    const [, word, keyword, number] = match;
    if (!number || REFERENCES.has((word ?? "").toLowerCase())) continue;
    // "MPL 1.1", "License v1.1": the word before names what it is a version of.
    const before = (word ?? keyword ?? "").trim().toLowerCase();
    const written = keyword ? `${keyword}${number}` : word ? `${word} ${number}` : number;
    out.push({ written, value: normalise(number), before });
  }
  for (const match of text.slice(0, MAX_QUESTION).matchAll(VERSION_SUFFIX)) {
    const [written, name, number] = match;
    if (name && number) out.push({ written: written!, value: normalise(number), before: name.toLowerCase() });
  }
  return out;
}

/**
 * The versions a question names that are not the cited document's own, written as the question
 * writes them ("MPL 1.1"), when the document's title gives its version: those the question names
 * of the document itself (`names` tells whether a word names it: its title's initials or words),
 * and, when the question compares, every other version it names.
 */
export function otherVersions(question: string, title: string, names: (word: string) => boolean): string[] {
  const own = new Set(versionsOf(title).map((v) => v.value));
  if (own.size === 0) return [];
  const comparing = COMPARING.test(question.slice(0, MAX_QUESTION));
  const titleWords = new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const out = new Set<string>();
  for (const version of versionsOf(question)) {
    if (own.has(version.value)) continue;
    if (comparing || titleWords.has(version.before) || names(version.before)) out.add(version.written);
  }
  return [...out];
}
