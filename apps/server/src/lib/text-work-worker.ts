import {
  analyseChange,
  checkContent,
  diffVersions,
  summarizeDocument,
  type ChangeAnalysis,
  type ComputedSummary,
  type ContentFinding,
  type SummaryInput,
  type VersionDiff,
} from "@quire/textkit";

/** The request-time analyses of a document's text, run inline or in a worker (text-work.ts). */
export type TextTask =
  | { kind: "checkContent"; content: string; title: string; now: Date }
  | { kind: "summarize"; input: SummaryInput }
  | { kind: "analyseChange"; older: string; newer: string }
  | { kind: "diff"; older: string; newer: string; maxRows: number };

export interface TextResults {
  checkContent: ContentFinding[];
  summarize: ComputedSummary;
  analyseChange: ChangeAnalysis;
  diff: VersionDiff;
}

export default function run(task: TextTask): TextResults[TextTask["kind"]] {
  switch (task.kind) {
    case "checkContent":
      return checkContent(task.content, { title: task.title, now: task.now });
    case "summarize":
      return summarizeDocument(task.input);
    case "analyseChange":
      return analyseChange(task.older, task.newer);
    case "diff":
      return diffVersions(task.older, task.newer, { maxRows: task.maxRows });
  }
}
