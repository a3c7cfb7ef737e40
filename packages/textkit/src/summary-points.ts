import type { DocumentKind } from "./document-kind";
import { profileDocument, type DocumentProfile } from "./document-profile";
import { rankSentences, type KeyPoint } from "./key-points";
import { reflowHardWraps } from "./reflow";
import { plainInline } from "./sections";
import { splitSentences } from "./sentences";

/**
 * A summary's key points: first what the document is and is for, then one quoted sentence for
 * each of the main terms its kind is read for (a licence's grant, copyleft, termination, warranty
 * and liability; a policy's obligations, rights, figures and dates), found by its headings and
 * wording, then the most central remaining sentences (TextRank). Boilerplate is never quoted.
 */

interface Topic {
  /** A heading that announces the topic ("8. Termination", "Disclaimer of Warranty"). */
  heading: RegExp;
  /** A sentence that states it. */
  sentence: RegExp;
  /** Wording that states it most directly ("copyleft", "licensed as a whole"). */
  strong?: RegExp;
}

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
const TOPICS: Record<string, Topic> = {
  grant: {
    heading: /grant|permission/i,
    sentence:
      /\b(?:hereby grants?|permission is hereby granted|grants? (?:to )?you|you (?:may|can|are (?:granted|permitted|free) to) (?:\w+ ){0,3}(?:copy|copies|redistribute|distribute|modify|use|convey|run|make|share))/i,
    strong: /\bhereby grants?\b|\bpermission is hereby granted\b/i,
  },
  copyleft: {
    heading: /copyleft|modified|distribution obligations|share ?alike/i,
    sentence:
      /\bcopyleft\b|licensed as a whole|must be under the terms of this licen[cs]e|under the terms of this (?:licen[cs]e|general public licen[cs]e)|share ?alike|under (?:this|the same) licen[cs]e/i,
    strong: /\bcopyleft\b|as a whole|must be under the terms/i,
  },
  termination: {
    heading: /terminat/i,
    sentence:
      /\bterminat\w*\b.{0,80}\b(?:rights?|licen[cs]es?|agreement|contract)|\b(?:rights?|licen[cs]es?|agreement|contract)\b.{0,80}\bterminat/i,
    strong: /\bautomatically terminate|\bterminate automatically|\bterminate your rights/i,
  },
  warranty: {
    heading: /warrant/i,
    sentence: /\bwarrant(?:y|ies)\b|\bas is\b/i,
    strong: /\bno warrant(?:y|ies)\b|\bwithout (?:any )?warrant(?:y|ies)\b|\bdisclaim/i,
  },
  liability: {
    heading: /liabilit/i,
    sentence: /\bliab(?:le|ility)\b/i,
    strong: /\bin no event\b|\bnot be liable\b/i,
  },
  obligation: {
    heading: /responsibilit|obligation|requirement|rules|must/i,
    sentence: /\b(?:must|shall|is required to|are required to)\b/i,
    strong: /\b(?:within \d|no later than|before \d)/i,
  },
  rights: {
    heading: /rights|entitlement/i,
    sentence:
      /\b(?:you (?:may|can|have the right)|are entitled to|is entitled to|has the right|have the right)\b/i,
  },
  figures: {
    heading: /limits?|amounts?|rates?|fees?|budget/i,
    sentence: /[£$€]\s?\d|\b\d+(?:\.\d+)?\s?%|\b\d[\d,]*\s?(?:GBP|USD|EUR)\b/i,
  },
  dates: {
    heading: /dates?|timeline|schedule|deadline/i,
    sentence: new RegExp(
      String.raw`\b\d{1,2} (?:${MONTHS}) \d{4}\b|\b(?:${MONTHS}) \d{1,2},? \d{4}\b|\b\d{4}-\d{2}-\d{2}\b|\bwithin \d+ (?:working |business )?(?:days|weeks|months)\b`,
      "i",
    ),
  },
  payment: {
    heading: /fees?|payment|charges|price/i,
    sentence: /\b(?:fees?|payments?|payable|invoices?|royalt(?:y|ies))\b/i,
  },
  confidentiality: { heading: /confidential/i, sentence: /\bconfidential/i },
  data: {
    heading: /data protection|personal data|privacy|retention/i,
    sentence: /\bpersonal data\b|\bretention\b|\bretain/i,
  },
};

const RULES = ["obligation", "rights", "figures", "dates", "data"];
const KIND_TOPICS: Record<DocumentKind, string[]> = {
  licence: ["grant", "copyleft", "termination", "warranty", "liability"],
  agreement: ["obligation", "payment", "termination", "liability", "confidentiality", "dates"],
  document: RULES,
  policy: RULES,
  standard: RULES,
  procedure: RULES,
  plan: RULES,
  checklist: RULES,
  guidelines: RULES,
  specification: ["obligation"],
  report: ["figures", "dates"],
  readme: [],
  guide: [],
  notes: [],
  decision: [],
  manual: [],
  changelog: [],
};

function pickTopic(topic: Topic, ranked: readonly KeyPoint[], profile: DocumentProfile, taken: Set<number>) {
  const top = Math.max(...ranked.map((p) => p.score), 1e-9);
  let best: { point: KeyPoint; score: number } | null = null;
  for (const point of ranked) {
    if (taken.has(point.start) || !topic.sentence.test(point.text)) continue;
    const score =
      point.score / top +
      (topic.heading.test(profile.headingAt(point.start)) ? 1 : 0) +
      (topic.strong?.test(point.text) ? 1 : 0) -
      // A key point is shortened past 50 words: a shorter sentence keeps its term in view.
      (point.text.split(/\s+/).length > 50 ? 0.5 : 0);
    if (!best || score > best.score) best = { point, score };
  }
  return best?.point ?? null;
}

/** A change log's newest entries: the list items of its latest release. */
function changelogPoints(text: string, profile: DocumentProfile, max: number): string[] {
  const first = profile.outline[0];
  const header = /^\S[^\n]*\([^()\s]+\) [^;\n]+; urgency=[^\n]*/m.exec(text);
  const release = /^[*# \t]{0,4}(?:version|release|noteworthy changes in release)[ \t]+v?\d[^\n]*/im.exec(
    text,
  );
  const opening = header ?? release;
  const entryStart = opening ? opening.index + opening[0].length : (first?.start ?? 0);
  const rest = text.slice(entryStart, entryStart + 20_000);
  const entryEnd = /^ -- |^[*# \t]{0,4}(?:version|release|noteworthy changes in release)[ \t]+v?\d/im.exec(
    rest,
  )?.index;
  const nextHeading = profile.outline.find((h) => h.start > entryStart + 1)?.start;
  const end = Math.min(
    entryEnd !== undefined ? entryStart + entryEnd : text.length,
    nextHeading ?? text.length,
  );
  return splitSentences(text.slice(entryStart, end))
    .filter((s) => s.kind === "list-item" || s.kind === "sentence")
    .map((s) => plainInline(s.text))
    .filter((s) => s.split(/\s+/).length >= 3 && !/^non-maintainer upload\.?$/i.test(s))
    .slice(0, max)
    .map((s) => `Latest release: ${s}`);
}

const MAX_POINT_WORDS = 50;
// Legal sentences run long: a licence's warranty disclaimer is one 70-word sentence. Topics may
// quote up to this many words (shortened for display); central sentences stay under 60.
const MAX_TOPIC_WORDS = 150;
const DEFINITIONS = /definitions?|interpretation|glossary/i;

/**
 * A clause's own number ("4.3 ", "8.1 ", "9. ") before its first word: a reader of the summary
 * wants the sentence, not where it stood. Amounts ("3.5 million") are not followed by a capital.
 */
const CLAUSE_NUMBER = /^(?:§\s*)?(?:\d{1,3}(?:\.\d{1,3}){1,4}\.?|\d{1,3}[.)])\s+(?=\p{Lu})/u;

/** A quoted sentence without its clause number, shortened to its first words, marked with "…". */
function shortened(quoted: string): string {
  const text = quoted.replace(CLAUSE_NUMBER, "");
  const words = text.split(/\s+/);
  return words.length <= MAX_POINT_WORDS ? text : `${words.slice(0, MAX_POINT_WORDS).join(" ")}…`;
}

/** Where a summary may quote from: not boilerplate, not the lead; a manual's DESCRIPTION when it has one. */
function quotable(profile: DocumentProfile): (offset: number) => boolean {
  const description = profile.outline.find((h) => h.text.toUpperCase() === "DESCRIPTION");
  return (offset) =>
    profile.isBoilerplate(offset) ||
    offset === profile.leadStart ||
    (profile.kind === "manual" &&
      description !== undefined &&
      profile.headingAt(offset) !== description.text);
}

export interface SummaryPoints {
  kind: DocumentKind;
  points: string[];
}

/** The lead and the key points of a document, at most `max` in all. */
export function summaryPoints(title: string, source: string, max = 6, filename = ""): SummaryPoints {
  const text = reflowHardWraps(source);
  const profile = profileDocument(title, text, filename);
  if (profile.kind === "changelog") {
    return { kind: profile.kind, points: [profile.lead, ...changelogPoints(text, profile, max - 1)] };
  }
  const exclude = quotable(profile);
  const ranked = rankSentences(text, { exclude, maxWords: MAX_TOPIC_WORDS });
  const taken = new Set<number>();
  const chosen: KeyPoint[] = [];
  for (const name of KIND_TOPICS[profile.kind]) {
    const topic = TOPICS[name];
    const point = topic && chosen.length < max - 1 ? pickTopic(topic, ranked, profile, taken) : null;
    if (point) {
      chosen.push(point);
      taken.add(point.start);
    }
  }
  const seen = new Set([profile.lead, ...chosen.map((p) => p.text)]);
  for (const point of [...ranked].sort((a, b) => b.score - a.score || a.start - b.start)) {
    if (chosen.length >= max - 1) break;
    if (taken.has(point.start) || seen.has(point.text) || point.text.split(/\s+/).length > 60) continue;
    // Definitions explain the words; the main points are what the document does with them.
    if (DEFINITIONS.test(profile.headingAt(point.start))) continue;
    chosen.push(point);
    seen.add(point.text);
  }
  chosen.sort((a, b) => a.start - b.start);
  return { kind: profile.kind, points: [shortened(profile.lead), ...chosen.map((p) => shortened(p.text))] };
}
