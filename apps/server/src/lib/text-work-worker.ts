import {
  analyseChange,
  checkContent,
  chunkMarkdown,
  diffVersions,
  embedText,
  extractKeyphrases,
  readDocumentMetadata,
  shingle,
  sketchShingles,
  summarizeDocument,
  type ChangeAnalysis,
  type ChunkOptions,
  type ComputedSummary,
  type ContentFinding,
  type Keyphrase,
  type LsaModel,
  type ShingleSketch,
  type SummaryInput,
  type VersionDiff,
} from "@quire/textkit";
import type { MarkdownDocxInput } from "../ingest/markdown-docx";
import { embeddingText } from "./embedding-text";

/**
 * The analyses of a document's text, run inline or in a worker (text-work.ts): those a reader asks
 * for, and those a document's processing job computes (its tags, its search passages).
 */
export type TextTask =
  | { kind: "checkContent"; content: string; title: string; now: Date }
  | { kind: "summarize"; input: SummaryInput }
  | { kind: "analyseChange"; older: string; newer: string }
  | { kind: "diff"; older: string; newer: string; maxRows: number }
  | { kind: "keyphrases"; text: string; max: number }
  | { kind: "passages"; content: string; chunking: ChunkOptions; model: LsaModel | null }
  | { kind: "suggestionFacts"; content: string }
  | { kind: "docx"; input: MarkdownDocxInput };

/** What the dashboard's suggestions need of a version, stored so that they never read its text. */
export interface SuggestionFacts {
  sketch: ShingleSketch;
  /** The review date its opening lines state, as written and as a date when it reads as one. */
  review: { value: string; date: Date | null } | null;
}

/** A search passage and its vector in the archive's model (null without one, or without terms). */
export interface EmbeddedPassage {
  ordinal: number;
  heading: string | null;
  text: string;
  vector: Float32Array | null;
  /** Distinct words: what writing the passage to the search index costs (a posting each). */
  terms: number;
}

export interface TextResults {
  checkContent: ContentFinding[];
  summarize: ComputedSummary;
  analyseChange: ChangeAnalysis;
  diff: VersionDiff;
  keyphrases: Keyphrase[];
  passages: EmbeddedPassage[];
  suggestionFacts: SuggestionFacts;
  /** A version's Word rendition (ingest/markdown-docx.ts). */
  docx: Uint8Array;
}

/**
 * Characters of one search passage at most. Passages are cut by words, so a run without spaces
 * (a one-token file of millions of characters) would be one passage, written to the index in one
 * statement that holds the event loop for seconds with embedded storage; such a run is cut here,
 * at the size of one write (PASSAGE_BATCH.chars in passage-writes.ts).
 */
export const MAX_PASSAGE_CHARS = 8_000;

/** The passage, or its pieces of at most MAX_PASSAGE_CHARS, cut after a space where there is one. */
function bounded(p: {
  heading: string | null;
  text: string;
}): Array<{ heading: string | null; text: string }> {
  if (p.text.length <= MAX_PASSAGE_CHARS) return [p];
  const pieces: Array<{ heading: string | null; text: string }> = [];
  for (let start = 0; start < p.text.length;) {
    let end = Math.min(p.text.length, start + MAX_PASSAGE_CHARS);
    const space = end < p.text.length ? p.text.lastIndexOf(" ", end) : -1;
    if (space > start + MAX_PASSAGE_CHARS / 2) end = space + 1;
    pieces.push({ heading: p.heading, text: p.text.slice(start, end) });
    start = end;
  }
  return pieces;
}

function passages(task: Extract<TextTask, { kind: "passages" }>): EmbeddedPassage[] {
  const chunks = chunkMarkdown(task.content, task.chunking).flatMap(bounded);
  // A document with no text is still found by its title and tags.
  const pieces = chunks.length > 0 ? chunks : [{ heading: null, text: "" }];
  return pieces.map((p, ordinal) => {
    const text = embeddingText(p.heading, p.text);
    return {
      ordinal,
      heading: p.heading,
      text: p.text,
      vector: task.model ? embedText(task.model, text) : null,
      terms: new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu)).size,
    };
  });
}

/** The Word rendition's libraries load on first use: most processes never write one. */
async function docx(input: MarkdownDocxInput): Promise<Uint8Array> {
  const { markdownToDocx } = await import("../ingest/markdown-docx");
  return markdownToDocx(input);
}

export default function run(task: TextTask): TextResults[TextTask["kind"]] | Promise<Uint8Array> {
  switch (task.kind) {
    case "docx":
      return docx(task.input);
    case "checkContent":
      return checkContent(task.content, { title: task.title, now: task.now });
    case "summarize":
      return summarizeDocument(task.input);
    case "analyseChange":
      return analyseChange(task.older, task.newer);
    case "diff":
      return diffVersions(task.older, task.newer, { maxRows: task.maxRows });
    case "keyphrases":
      return extractKeyphrases(task.text, { max: task.max });
    case "passages":
      return passages(task);
    case "suggestionFacts": {
      const review = readDocumentMetadata(task.content).reviewDate;
      return {
        sketch: sketchShingles(shingle(task.content)),
        review: review ? { value: review.value, date: review.date } : null,
      };
    }
  }
}
