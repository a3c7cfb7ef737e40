import { useState } from "react";
import type { Document, Role } from "@quire/contracts";
import { DuplicateUploadError, useUploadDocument } from "../api/upload-document";
import { uploadErrorDescription, uploadRetryable } from "../lib/upload-error";

/** One file of an upload and where it stands. */
export type UploadRow = {
  key: string;
  file: File;
  state: "waiting" | "uploading" | "done" | "failed" | "duplicate";
  /** Share of the bytes sent, 0..1, while uploading. */
  progress: number;
  document?: Document;
  error?: string;
  /** A failure that sending the same file again could mend; Retry is offered only then. */
  retryable?: boolean;
  existing?: { id: string; title: string };
};

export type UploadFields = { title: string; categoryId: string; tags: string[] };
export type UploadOutcome = { document: Document | null; error: unknown };

let rowCounter = 0;

/**
 * Uploads files one after another, each with its own row: progress while its bytes go out, then
 * its document, its error, or the document it duplicates. One failing never stops the others.
 * `role` words a refusal (403): "Your role (Viewer) cannot upload documents."
 */
export function useUploadQueue(role?: Role) {
  const upload = useUploadDocument();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [running, setRunning] = useState(false);

  const patchRow = (key: string, patch: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function send(row: UploadRow, fields: UploadFields, allowDuplicate = false): Promise<UploadOutcome> {
    patchRow(row.key, { state: "uploading", progress: 0, error: undefined });
    try {
      const document = await upload({ file: row.file, ...fields, allowDuplicate }, (progress) =>
        patchRow(row.key, { progress }),
      );
      patchRow(row.key, { state: "done", progress: 1, document });
      return { document, error: null };
    } catch (error) {
      if (error instanceof DuplicateUploadError) {
        patchRow(row.key, { state: "duplicate", existing: error.existing });
      } else {
        patchRow(row.key, {
          state: "failed",
          error: uploadErrorDescription(error, role),
          retryable: uploadRetryable(error),
        });
      }
      return { document: null, error };
    }
  }

  /** A new batch: its rows replace the last batch's. */
  async function run(files: File[], fields: UploadFields): Promise<UploadOutcome[]> {
    const batch = files.map<UploadRow>((file) => ({
      key: `u${++rowCounter}`,
      file,
      state: "waiting",
      progress: 0,
    }));
    setRows(batch);
    setRunning(true);
    const outcomes: UploadOutcome[] = [];
    // One after another: each file gets the server's full attention and its own answer.
    for (const row of batch) outcomes.push(await send(row, fields));
    setRunning(false);
    return outcomes;
  }

  /** One row again: Retry after a failure, or 'Upload anyway' (a copy) after a duplicate. */
  async function again(key: string, fields: UploadFields, allowDuplicate: boolean) {
    const row = rows.find((r) => r.key === key);
    if (!row) return null;
    setRunning(true);
    const outcome = await send(row, fields, allowDuplicate);
    setRunning(false);
    return outcome;
  }

  return { rows, running, run, again };
}
