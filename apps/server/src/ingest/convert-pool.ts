import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import { runTimed } from "../lib/run-timed.js";
import { Piscina } from "piscina";
import type { Conversion } from "./convert.js";
import type { ConvertResult, ConvertTask } from "./convert-worker.js";
import { UnreadableFileError } from "./errors.js";
import { CONVERSION_LIMITS } from "./limits.js";
import type { OcrPageText } from "./pdf.js";
import type { SupportedKind } from "./sniff.js";
import type { ThumbnailSource } from "./thumbnail.js";

/** Converts files to markdown off the event loop that serves requests and runs PGlite. */
export interface Converter {
  convert(bytes: Uint8Array, kind: SupportedKind): Promise<Conversion>;
  /**
   * OCRs pages of a PDF (1-based; others are skipped), one page per task under the same heap and
   * time limits as a conversion. A page past either is refused with UnreadableFileError naming it.
   * `languages` are Tesseract codes (English when none are given).
   */
  ocr(bytes: Uint8Array, pages: number[], languages?: readonly string[]): Promise<OcrPageText[]>;
  /**
   * A small WebP of a version's first page (ingest/thumbnail.ts), drawn under the same heap and
   * time limits; a page past either, or holding an image too large to decode, is refused with
   * UnreadableFileError.
   */
  thumbnail(source: ThumbnailSource): Promise<Uint8Array>;
  /**
   * Starts a thread and loads what converting needs, so the first upload does not wait for it
   * (about 3 s: the TypeScript loader, the converters, pdf.js). Failures are left to the upload.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export interface ConverterOptions {
  timeoutMs?: number;
  heapMb?: number;
  /** Conversions and OCR pages at once (CONVERSION_THREADS); the machine's parallelism by default. */
  threads?: number;
  /** Keep one thread alive while idle (the server's pool; tests and commands start cold). */
  keepWarm?: boolean;
}

/**
 * A pool of worker threads, each with a capped heap, and a time limit per file. A file that runs
 * out of either kills only its worker (the pool starts another) and is refused with 422: a hostile
 * upload costs its own worker, never the server or the other users' requests.
 */
export function createConverter(options: ConverterOptions = {}): Converter {
  const timeoutMs = options.timeoutMs ?? CONVERSION_LIMITS.timeoutMs;
  const heapMb = options.heapMb ?? CONVERSION_LIMITS.workerHeapMb;
  const threads = options.threads ?? availableParallelism();
  const pool = new Piscina<ConvertTask, ConvertResult>({
    filename: new URL("./convert-worker.mjs", import.meta.url).href,
    minThreads: options.keepWarm ? 1 : 0,
    maxThreads: threads,
    // Workers stay warm between uploads (loading pdf.js costs a few hundred milliseconds).
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
  });
  // A task's time limit counts its own work, not its wait behind other jobs' files and pages.
  const slots = pLimit(threads);
  const run = async (task: ConvertTask, what: string): Promise<ConvertResult> => {
    let result: ConvertResult;
    try {
      result = await runTimed(pool, slots, task, timeoutMs);
    } catch (error) {
      throw refusalFor(error, what, timeoutMs, heapMb) ?? error;
    }
    if (!result.ok) throw new UnreadableFileError(result.reason);
    return result;
  };
  return {
    async convert(bytes, kind) {
      const result = await run({ bytes, kind }, "Converting the file");
      if (!("conversion" in result)) throw new Error("the conversion worker answered another task");
      return result.conversion;
    },
    async ocr(bytes, pages, languages = ["eng"]) {
      const texts: OcrPageText[] = [];
      for (const page of pages) {
        const result = await run(
          { bytes, ocrPage: page, languages: [...languages] },
          `Reading page ${page} by OCR`,
        );
        if (!("ocr" in result)) throw new Error("the conversion worker answered another task");
        texts.push(...result.ocr);
      }
      return texts;
    },
    async thumbnail(source) {
      const result = await run({ thumbnail: source }, "Drawing the thumbnail");
      if (!("thumbnail" in result)) throw new Error("the conversion worker answered another task");
      return result.thumbnail;
    },
    async warm() {
      await pool.run("warm", { signal: AbortSignal.timeout(timeoutMs) });
    },
    close: () => pool.close({ force: true }),
  };
}

function refusalFor(
  error: unknown,
  what: string,
  timeoutMs: number,
  heapMb: number,
): UnreadableFileError | null {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === "AbortError" || name === "TimeoutError") {
    return new UnreadableFileError(
      `${what} took longer than ${Math.round(timeoutMs / 1000)} s; it is refused. Split it into smaller files`,
    );
  }
  if (code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|heap limit/i.test(message ?? "")) {
    return new UnreadableFileError(
      `${what} needs more than ${heapMb} MB of memory; it is refused. Split it into smaller files`,
    );
  }
  return null;
}
