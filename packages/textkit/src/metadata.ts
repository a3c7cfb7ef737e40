/**
 * The control fields a governed document states near its top ("**Owner:** … · **Effective:** …
 * · **Review date:** …", or YAML-like "Owner: …" lines). Only the opening lines are read, so a
 * table column named "Owner" further down is not mistaken for the document's owner.
 */

export interface MetadataField {
  /** The value as written, trimmed. */
  value: string;
  /** Offset of the value in the source. */
  start: number;
  /** The value read as a calendar date (UTC midnight), when it is one. */
  date: Date | null;
}

export interface DocumentMetadata {
  owner: MetadataField | null;
  effective: MetadataField | null;
  reviewDate: MetadataField | null;
}

const HEADER_LINES = 15;
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY_MONTH_YEAR = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH}\s+(\d{4})\b`, "i");
const MONTH_DAY_YEAR = new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, "i");
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, "");
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3)));
}

function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

/** The first calendar date written in `text` ("30 September 2025", "Sept 30, 2025", "2025-09-30"). */
export function parseDate(text: string): Date | null {
  const iso = ISO_DATE.exec(text);
  if (iso) return utcDate(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) return utcDate(Number(dmy[3]), monthIndex(dmy[2] ?? ""), Number(dmy[1]));
  const mdy = MONTH_DAY_YEAR.exec(text);
  if (mdy) return utcDate(Number(mdy[3]), monthIndex(mdy[1] ?? ""), Number(mdy[2]));
  return null;
}

const LABELS: Array<[keyof DocumentMetadata, RegExp]> = [
  ["owner", /^(?:document |policy |process )?owner$/i],
  ["effective", /^effective(?: date| from)?$/i],
  ["reviewDate", /^(?:next )?review(?: date| due| by)$/i],
];

// A label, bold or not, a colon inside or after the bold, then the value up to a separator.
const FIELD = /(?:\*\*|__)?([A-Za-z][A-Za-z ]{1,24}?)(?::(?:\*\*|__)|(?:\*\*|__)?:)[ \t]*([^·|•\n]+)/g;

/** Reads owner, effective date and review date from the document's opening lines. */
export function readDocumentMetadata(text: string): DocumentMetadata {
  const found: DocumentMetadata = { owner: null, effective: null, reviewDate: null };
  const header = text.split("\n").slice(0, HEADER_LINES).join("\n");
  for (const match of header.matchAll(FIELD)) {
    const label = (match[1] ?? "").trim();
    const key = LABELS.find(([, pattern]) => pattern.test(label))?.[0];
    const raw = match[2] ?? "";
    const value = raw.replace(/\*\*|__/g, "").trim();
    if (!key || found[key] || value === "") continue;
    const start = (match.index ?? 0) + match[0].length - raw.length + (raw.length - raw.trimStart().length);
    found[key] = { value, start, date: parseDate(value) };
  }
  return found;
}

/** Policies, procedures, standards and the like are expected to carry dates; notes and reports are not. */
export function isGovernedDocument(title: string, metadata: DocumentMetadata): boolean {
  if (metadata.effective || metadata.reviewDate) return true;
  return /\b(polic(?:y|ies)|procedures?|standards?|plans?|guidelines?|runbooks?|handbook|agreements?|checklist|requirements|code of conduct)\b/i.test(
    title,
  );
}
