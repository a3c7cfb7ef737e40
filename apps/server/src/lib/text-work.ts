import pLimit from "p-limit";
import { Piscina } from "piscina";
import { cacheSlot, type AppContext } from "../context";
import { HttpError } from "./errors";
import { runTimed } from "./run-timed";
import run, { type TextResults, type TextTask } from "./text-work-worker";

/**
 * The analyses a reader can ask of any document (improvements, summary, change analysis, diff) are
 * linear in its text, but a version may hold 5 million characters: seconds of work that would hold
 * the event loop, and with it every other user and /api/health. Text up to INLINE_CHARS is analysed
 * in the request (a few milliseconds); longer text goes to a worker thread with a time limit.
 */
export const TEXT_WORK_LIMITS = {
  /** Characters (all texts of one task together) analysed inline, on the event loop. */
  inlineChars: 200_000,
  /**
   * The same for a processing job's work (tags, search passages, near-duplicate sketches). Nobody waits on a job's answer,
   * so only text cheap enough to never be noticed stays inline: 200k characters of keyphrases took
   * 0.3 s on an idle machine, several times that under load.
   */
  jobInlineChars: 20_000,
  /**
   * Characters of markdown written as a Word file inline: on a 2-core machine at load 12, writing
   * one took 0.2 s for 5k and 20k characters, 2.3 s for 200k and 4.7 s for 1M, so only short texts
   * stay on the event loop.
   */
  docxInlineChars: 5_000,
  /** Wall time of one analysis in its worker; past it the request is refused with 422. */
  timeoutMs: 60_000,
  /** Analyses running at once in workers; more wait their turn. */
  threads: 1,
  /** Heap of a text-work worker thread. */
  heapMb: 1_024,
} as const;

const poolSlot = cacheSlot(
  "text-work-pool",
  () =>
    new Piscina<TextTask, TextResults[TextTask["kind"]]>({
      filename: new URL("./text-work-worker.mjs", import.meta.url).href,
      minThreads: 0,
      maxThreads: TEXT_WORK_LIMITS.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: TEXT_WORK_LIMITS.heapMb, maxYoungGenerationSizeMb: 64 },
    }),
  (pool) => void pool.close({ force: true }),
);

/** The text-work threads' places: a task waits for one before its time limit starts (run-timed.ts). */
const slotsSlot = cacheSlot("text-work-slots", () => pLimit(TEXT_WORK_LIMITS.threads));

function charsOf(task: TextTask): number {
  switch (task.kind) {
    case "checkContent":
      return task.content.length;
    case "summarize":
      return task.input.content.length + (task.input.previousContent?.length ?? 0);
    case "analyseChange":
    case "diff":
      return task.older.length + task.newer.length;
    case "keyphrases":
      return task.text.length;
    case "passages":
    case "suggestionFacts":
      return task.content.length;
    case "docx":
      return task.input.markdown.length;
  }
}

function inlineLimit(task: TextTask): number {
  if (task.kind === "docx") return TEXT_WORK_LIMITS.docxInlineChars;
  return task.kind === "keyphrases" || task.kind === "passages" || task.kind === "suggestionFacts"
    ? TEXT_WORK_LIMITS.jobInlineChars
    : TEXT_WORK_LIMITS.inlineChars;
}

/** Runs one analysis of a document's text, off the event loop when the text is long. */
export async function textWork<K extends TextTask["kind"]>(
  ctx: AppContext,
  task: Extract<TextTask, { kind: K }>,
): Promise<TextResults[K]> {
  if (charsOf(task) <= inlineLimit(task)) return (await run(task)) as TextResults[K];
  try {
    const pool = ctx.caches.get(poolSlot);
    return (await runTimed(
      pool,
      ctx.caches.get(slotsSlot),
      task,
      TEXT_WORK_LIMITS.timeoutMs,
    )) as TextResults[K];
  } catch (error) {
    const { name } = error as { name?: string };
    if (name === "AbortError" || name === "TimeoutError") {
      const work =
        task.kind === "docx" ? "Writing this text as a Word file" : "Analysing this document's text";
      throw new HttpError(
        422,
        `${work} took longer than ${TEXT_WORK_LIMITS.timeoutMs / 1000} s; it was stopped`,
      );
    }
    throw error;
  }
}
