import { convertToMarkdown, type Conversion } from "./convert.js";
import { UnreadableFileError } from "./errors.js";
import type { SupportedKind } from "./sniff.js";

export interface ConvertTask {
  bytes: Uint8Array;
  kind: SupportedKind;
}

/** Errors lose their class crossing threads, so a refusal comes back as data with its reason. */
export type ConvertResult = { ok: true; conversion: Conversion } | { ok: false; reason: string };

/** Runs in a conversion worker thread (see convert-pool.ts). */
export default async function convert(task: ConvertTask): Promise<ConvertResult> {
  try {
    return { ok: true, conversion: await convertToMarkdown(task.bytes, task.kind) };
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, reason: error.reason };
    throw error;
  }
}
