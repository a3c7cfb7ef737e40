import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";

/**
 * Finds the English interface in a page shown in another language: every English catalogue value
 * (apps/web/src/locales/en) worth looking for, split at its placeholders, that the page's visible
 * text still contains. The people's own content (document titles and text, names, comments) is
 * left out of the text first, since it is what they wrote, in whatever language they wrote it.
 */

const LOCALES = new URL("../../apps/web/src/locales/", import.meta.url);

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Flat): Flat {
  if (typeof value === "string") into.set(prefix, value);
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, into);
  return into;
}

function catalogue(language: string): Flat {
  const into: Flat = new Map();
  for (const file of readdirSync(new URL(`${language}/`, LOCALES))) {
    if (!file.endsWith(".json")) continue;
    const namespace = file.slice(0, -".json".length);
    flatten(JSON.parse(readFileSync(new URL(`${language}/${file}`, LOCALES), "utf8")), `${namespace}:`, into);
  }
  return into;
}

/** Placeholders ({{name}}, $t(…)) and tags (<b>) split a value into the words it always shows. */
const SPLIT = /\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/;
const EDGES = /^[\s\p{P}\p{S}\d]+|[\s\p{P}\p{S}\d]+$/gu;

/** Two words or more, or one word of five letters or more: short words are too often shared. */
function worthLookingFor(piece: string): boolean {
  const words = piece.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.length >= 2 || (words.length === 1 && [...words[0]!.replace(/[^\p{L}]/gu, "")].length >= 5);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `text` as a whole word or phrase: not inside a longer word. */
const wholeWords = (text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, "u");

export type EnglishPiece = { text: string; key: string; pattern: RegExp };

/**
 * The English worth looking for in a page shown in `language`: the pieces of each English value
 * the language translates differently, except pieces the language's own catalogue uses too (a
 * product name, "Version", "Dashboard").
 */
export function englishPieces(language = "de"): EnglishPiece[] {
  const english = catalogue("en");
  const other = catalogue(language);
  const otherText = [...other.values()].join("\n");
  const found = new Map<string, EnglishPiece>();
  for (const [key, value] of english) {
    if (other.get(key) === value) continue;
    for (const raw of value.split(SPLIT)) {
      const piece = raw.replace(EDGES, "").trim();
      if (!piece || found.has(piece) || !worthLookingFor(piece)) continue;
      const pattern = wholeWords(piece);
      if (pattern.test(otherText)) continue;
      found.set(piece, { text: piece, key, pattern });
    }
  }
  // Longest first, so a finding names the whole phrase rather than a word of it.
  return [...found.values()].sort((a, b) => b.text.length - a.text.length);
}

/** What a page shows that its people wrote or named: their documents, comments, categories, tags. */
export const USER_CONTENT_SELECTORS = [
  // A document's text, its headings and the sections search found in it.
  '[data-testid="document-content"]',
  '[data-testid="document-outline"]',
  '[data-testid="document-outline-compact"] li',
  '[data-testid="text-document-title"]',
  '[data-testid="text-excerpt"]',
  '[data-testid="text-result-section"]',
  '[data-testid="link-result-title"]',
  // What the AI wrote about a document's text, in the language of that text.
  '[data-testid="summary-card-items"]',
  '[data-testid^="summary-"] li',
  '[data-testid="item-improvement"]',
  // People's comments.
  '[data-testid^="comment-"]:not([data-testid="comment-composer"]) p',
];

/**
 * What a page holds that nobody sees: the hidden native select a Radix select keeps for forms
 * and autofill (its options' text is copied once and may lag a change of language; people read
 * the visible trigger and list).
 */
const NOT_SHOWN_SELECTORS = ['select[aria-hidden="true"]'];

/**
 * The page's visible text without its people's content: the elements USER_CONTENT_SELECTORS
 * (and NOT_SHOWN_SELECTORS) name are hidden for the moment of reading, then every string of
 * `names` (titles, categories, tags, usernames) is cut from what is left.
 */
export async function visibleInterfaceText(page: Page, names: readonly string[]): Promise<string> {
  const text = await page.evaluate(
    (selectors) => {
      const hidden: [HTMLElement, string][] = [];
      for (const element of document.querySelectorAll<HTMLElement>(selectors.join(","))) {
        hidden.push([element, element.style.display]);
        element.style.display = "none";
      }
      const read = document.body.innerText;
      for (const [element, display] of hidden) element.style.display = display;
      return read;
    },
    [...USER_CONTENT_SELECTORS, ...NOT_SHOWN_SELECTORS],
  );
  // Longest first, so "Travel Policy v2" goes before "Travel Policy".
  return [...names]
    .sort((a, b) => b.length - a.length)
    .reduce((left, name) => left.split(name).join(" "), text);
}

export type Finding = { text: string; key: string; context: string };

/** The English pieces `text` contains, each with the words around it. */
export function findEnglish(text: string, pieces: readonly EnglishPiece[]): Finding[] {
  const findings: Finding[] = [];
  let left = text;
  for (const piece of pieces) {
    const match = piece.pattern.exec(left);
    if (!match) continue;
    const at = match.index;
    findings.push({
      text: piece.text,
      key: piece.key,
      context: left.slice(Math.max(0, at - 40), at + piece.text.length + 40).replace(/\s+/g, " "),
    });
    // Cut it out, so the words of a longer phrase found are not found again on their own.
    left = left.split(piece.text).join(" ");
  }
  return findings;
}
