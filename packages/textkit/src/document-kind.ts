import type { OutlineHeading } from "./sections";

/**
 * What kind of document a text is, read from its structure first (a manual page's NAME and
 * SYNOPSIS, a change log's release entries, a README's install and usage sections, a licence's
 * grant and warranty wording), then from what the document calls itself ("this policy", "this
 * specification") and its title or file name. Numbered section headings ("1.1. Version") are
 * never read as releases.
 */

export type DocumentKind =
  | "manual"
  | "changelog"
  | "licence"
  | "agreement"
  | "specification"
  | "policy"
  | "standard"
  | "procedure"
  | "plan"
  | "guidelines"
  | "guide"
  | "readme"
  | "checklist"
  | "report"
  | "notes"
  | "decision"
  | "document";

/** How a summary names each kind ("Specification", "README", …). */
export const KIND_LABELS: Record<DocumentKind, string> = {
  manual: "Manual page",
  changelog: "Change log",
  licence: "Licence",
  agreement: "Contract",
  specification: "Specification",
  policy: "Policy",
  standard: "Standard",
  procedure: "Procedure",
  plan: "Plan",
  guidelines: "Guidelines",
  guide: "Guide",
  readme: "README",
  checklist: "Checklist",
  report: "Report",
  notes: "Meeting notes",
  decision: "Decision record",
  document: "Document",
};

/** Words that name a kind in a sentence: a lead saying "This policy explains…" already names it. */
export const KIND_WORDS: Record<DocumentKind, RegExp> = {
  manual: /\bmanual\b/i,
  changelog: /\bchange ?log\b|\breleases?\b/i,
  licence: /\blicen[cs]e\b/i,
  agreement: /\b(?:contract|agreement|addendum)\b/i,
  specification: /\bspec(?:ification)?\b/i,
  policy: /\bpolicy\b/i,
  standard: /\bstandard\b/i,
  procedure: /\b(?:procedure|runbook|process)\b/i,
  plan: /\bplan\b/i,
  guidelines: /\bguidelines?\b/i,
  guide: /\b(?:guide|handbook|manual|tutorial)\b/i,
  readme: /\breadme\b/i,
  checklist: /\bchecklist\b/i,
  report: /\b(?:report|review|summary)\b/i,
  notes: /\b(?:notes|minutes)\b/i,
  decision: /\b(?:decision|ADR)\b/i,
  document: /\bdocument\b/i,
};

// A title or file name that names its kind, most specific first ("Data Processing Agreement
// Template" is a contract, "Vendor Management Procedure" a procedure, "Brand Guidelines" guidelines).
const TITLE_KINDS: ReadonlyArray<[RegExp, DocumentKind]> = [
  [/\breadme\b/i, "readme"],
  [/\b(?:change ?log|changes|news|release notes)\b/i, "changelog"],
  [/\b(?:licen[cs]e|copying)\b/i, "licence"],
  [/\b(?:agreement|contract|addendum|terms of (?:service|use)|nda)\b/i, "agreement"],
  [/\b(?:specification|spec|rfc)\b/i, "specification"],
  [/\bpolicy\b/i, "policy"],
  [/\b(?:procedure|runbook|playbook|process)\b/i, "procedure"],
  [/\bchecklist\b/i, "checklist"],
  [/\bguidelines?\b/i, "guidelines"],
  [/\bstandard\b/i, "standard"],
  [/\bplan\b/i, "plan"],
  [/\b(?:adr-\d+|decision record)\b/i, "decision"],
  [/\b(?:meeting notes|minutes)\b/i, "notes"],
  [/\b(?:report|review|summary|overview)\b/i, "report"],
  [/\b(?:guide|handbook|manual|tutorial|reference|documentation)\b/i, "guide"],
];

// "This specification defines…", "this policy applies to…": what the document calls itself.
const SELF_NAMES: ReadonlyArray<[RegExp, DocumentKind]> = [
  [
    /\b(?:this|the present) (?:specification|spec)\b|\bversion [\d.]+ of the [^.\n]{1,80} specification\b/i,
    "specification",
  ],
  [/\b(?:this|the present) policy\b/i, "policy"],
  [/\b(?:this|the present) (?:procedure|runbook|process)\b/i, "procedure"],
  [/\b(?:this|the present) (?:agreement|contract)\b/i, "agreement"],
  [/\b(?:this|the present) (?:standard)\b/i, "standard"],
  [/\b(?:this|the present) (?:guide|handbook|manual|tutorial)\b/i, "guide"],
  [/\b(?:this|the present) plan\b/i, "plan"],
];

/** Sections a README has: how to install, build, use and contribute to what it describes. */
const README_SECTION =
  /^(?:\d+\.\s*)?(?:install(?:ation|ing)?|build(?:ing)?(?: from source)?|usage|quick ?start|getting started|requirements|dependencies|contribut(?:ing|ors?|e)|license|licensing|documentation|links|features|compil(?:ing|ation)|download(?:ing)?|support|running|configuration|examples?|development|bugs|reporting bugs|authors?)\b/i;
const RFC_KEYWORD = /\b(?:MUST(?: NOT)?|SHALL(?: NOT)?|SHOULD(?: NOT)?|REQUIRED|RECOMMENDED)\b/g;

const VERSION = String.raw`v?\d+(?:\.\d+)+(?:[-+~][\w.+~-]*)?`;
/**
 * A release heading: a version alone, or followed by a date, a dash or a bracket ("## [1.2.0] -
 * 2024-01-02", "v2.1 (2023-05-01)", "Version 1.4"), never by a section's title ("2.17. Subclassing").
 */
const RELEASE_HEADING = new RegExp(
  String.raw`^(?:\[(${VERSION})\]|(${VERSION})(?=\s*(?:$|[-–—(:,]|\d{4}|(?:released|rc\d)))|(?:version|release|noteworthy changes in release)\s+(${VERSION}))`,
  "i",
);
// "version 1.34 - Sergey Poznyakoff, 2021-02-13" (GNU NEWS), "* Noteworthy changes in release 1.2".
const RELEASE_LINE = new RegExp(
  String.raw`^[*# \t]{0,4}(?:version|release|noteworthy changes in release)[ \t]+(${VERSION})\b(?![.\d])`,
  "gim",
);
export const DEBIAN_ENTRY = /^([a-z0-9][a-z0-9.+-]*) \(([^()\s]+)\) [^;\n]+; urgency=/gm;

/** Release names, newest first as written: from headings ("## [1.2.0]") or release lines. */
export function releaseNames(text: string, outline: readonly OutlineHeading[]): string[] {
  const fromHeadings = outline
    .map((h) => RELEASE_HEADING.exec(h.text.slice(0, 80)))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  if (fromHeadings.length >= 2) return fromHeadings;
  const fromLines = [...text.slice(0, 200_000).matchAll(RELEASE_LINE)].map((m) => m[1] ?? "");
  return fromLines.length > fromHeadings.length ? fromLines : fromHeadings;
}

function firstLines(text: string, max: number): string {
  const out: string[] = [];
  for (const line of text.split("\n", 400)) {
    if (line.trim() !== "") out.push(line.trim());
    if (out.length >= max) break;
  }
  return out.join("\n");
}

function isLicence(text: string, opening: string): boolean {
  if (
    /\blicen[cs]e\b|\bCC0\b|public domain dedication/i.test(opening) &&
    /redistribut|permission|warrant/i.test(text)
  )
    return true;
  return /redistribution and use in source and binary forms|permission is hereby granted, free of charge/i.test(
    text.slice(0, 3000),
  );
}

function isChangelog(title: string, text: string, outline: readonly OutlineHeading[]): boolean {
  DEBIAN_ENTRY.lastIndex = 0;
  const debian = DEBIAN_ENTRY.test(text.slice(0, 2000));
  DEBIAN_ENTRY.lastIndex = 0;
  if (debian) return true;
  const releases = releaseNames(text, outline).length;
  // Releases make most of a change log's headings; a few in a long document are its history.
  const share = outline.length > 0 ? releases / outline.length : 0;
  if (releases >= 2 && share >= 0.3) return true;
  return /\b(?:change ?log|news|release notes|changes)\b/i.test(title) && releases >= 1;
}

function isReadme(text: string, outline: readonly OutlineHeading[]): boolean {
  const sections = new Set(
    outline.filter((h) => README_SECTION.test(h.text)).map((h) => h.text.toLowerCase().split(/\s+/)[0]),
  );
  const hasCode = /^(?:```|~~~| {4}\S)/m.test(text) || /`[^`\n]+`/.test(text);
  return sections.size >= 2 && hasCode;
}

/** The document's kind from its title, file name and text. */
export function detectKind(
  title: string,
  text: string,
  outline: readonly OutlineHeading[],
  filename = "",
): DocumentKind {
  const headings = new Set(outline.map((h) => h.text.toUpperCase()));
  if (headings.has("NAME") && (headings.has("SYNOPSIS") || headings.has("DESCRIPTION"))) return "manual";
  const opening = `${title}\n${firstLines(text, 4)}`;
  if (isChangelog(title, text, outline)) return "changelog";
  if (isLicence(text, opening)) return "licence";
  if (/(?:^|[^a-z])readme(?:\.\w+)?$/i.test(filename.split("/").pop() ?? "")) return "readme";
  const head = text.slice(0, 20_000);
  // What the document calls itself, where a title names nothing ("rootless-builds").
  const titled = TITLE_KINDS.find(([pattern]) => pattern.test(title))?.[1];
  if (titled) return titled;
  const named = SELF_NAMES.find(([pattern]) => pattern.test(head))?.[1];
  if (named) return named;
  if (/\b(?:agreement|contract|addendum|terms of (?:service|use))\b/i.test(opening)) return "agreement";
  if (isReadme(head, outline)) return "readme";
  const normative = head.match(RFC_KEYWORD)?.length ?? 0;
  if (headings.has("SPECIFICATION") || outline.some((h) => /^(?:\d+\.\s*)?specification$/i.test(h.text)))
    return "specification";
  if (normative >= 3 && /\bspec(?:ification)?\b/i.test(head)) return "specification";
  const fromFile = TITLE_KINDS.find(([pattern]) => pattern.test(filename.replace(/[-_.]/g, " ")))?.[1];
  return fromFile ?? "document";
}
