import { DURATION } from "./clause-changes";
import { findPersonalData } from "./personal-data";

/**
 * The figures of a line a reader tracks across versions (dates, amounts, percentages, numbers),
 * with references, identifiers, durations and contact details set aside first.
 */

export type FigureKind = "amount" | "date" | "percentage" | "number";

const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
const FIGURE = new RegExp(
  [
    String.raw`(?<date>\b\d{1,2} ${MONTH}(?: \d{4})?\b|\b${MONTH} \d{4}\b|\b\d{4}-\d{2}-\d{2}\b)`,
    String.raw`(?<amount>[£$€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|billion)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:GBP|USD|EUR)\b)`,
    String.raw`(?<percentage>\b\d+(?:\.\d+)?\s?%)`,
    String.raw`(?<number>\b\d[\d,]*(?:\.\d+)?\b)`,
  ].join("|"),
  "g",
);

export interface Figure {
  kind: FigureKind;
  value: string;
}

// References to other places ("Section 4.2", "§ 3(b)", "clauses 5 and 6", "RFC 3986", "version 3")
// and identifiers ("CVE-2022-48303", "#1058079", "1.34+dfsg-1.2") hold numbers that are not
// quantities: a reference renumbered is not "4 → 5" of anything.
const REFERENCE =
  /\b(?:sections?|§§?|clauses?|paragraphs?|articles?|chapters?|parts?|items?|appendix|schedule|annex|subsections?|versions?|v|rfc|iso|no\.|page|pages|lines?|steps?|figures?|tables?)\s*\d[\d.]*(?:\([a-z0-9]{1,3}\))*(?:\s*(?:,|and\/or|and|or|to|through|-|–)\s*\d[\d.]*(?:\([a-z0-9]{1,3}\))*){0,10}|§\s*\d[\d.]*/gi;
// A figure may carry a unit ("45p", "10k", "2.5m"); any other letters make a token an identifier.
const UNIT_SUFFIX = /^[£$€]?\d[\d,.]*(?:p|k|m|bn|kg|km|kb|mb|gb|tb|ms|s|h|x)?%?$/i;

function blank(text: string, pattern: RegExp): string {
  return text.replace(pattern, (m) => " ".repeat(m.length));
}

/** Tokens that hold digits among letters, "#", "+" or "~" are identifiers. One pass over tokens. */
function blankIdentifiers(text: string): string {
  return text.replace(/\S+/g, (token) => {
    if (!/\d/.test(token)) return token;
    const core = token.replace(/^[^\w#£$€]+|[^\w%]+$/g, "");
    const identifier = /[#+~]/.test(core) || (/[A-Za-z]/.test(core) && !UNIT_SUFFIX.test(core));
    return identifier ? " ".repeat(token.length) : token;
  });
}

/** Clause numbers ("4.3 ", "5.1 Idempotency"), references, identifiers, durations and contact details are not figures a reader tracks. */
function withoutNonFigures(line: string): string {
  let cleaned = line.replace(/^\s*(?:#+\s*|[-*+]\s+|\|\s*)?\d+(?:\.\d+)*[.)]?(?=\s)/, "");
  cleaned = blankIdentifiers(blank(blank(cleaned, REFERENCE), DURATION));
  for (const match of findPersonalData(cleaned, { includePublicContacts: true })) {
    cleaned = cleaned.slice(0, match.start) + " ".repeat(match.end - match.start) + cleaned.slice(match.end);
  }
  return cleaned;
}

export function extractFigures(line: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of withoutNonFigures(line).matchAll(FIGURE)) {
    const groups = match.groups ?? {};
    const kind = (["date", "amount", "percentage", "number"] as const).find((k) => groups[k] !== undefined);
    if (kind) figures.push({ kind, value: match[0].trim() });
  }
  return figures;
}
