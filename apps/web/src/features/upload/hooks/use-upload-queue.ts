import { useState } from "react";
import type { Document, Role } from "@quire/contracts";
import { DuplicateUploadError, useUploadDocument } from "../api/upload-document";
import { uploadErrorDescription, uploadRetryable } from "../lib/upload-error";

export type UploadFields = { title: string; categoryId: string; tags: string[] };

/** One file of an upload and where it stands. */
export type UploadRow = {
  key: string;
  file: File;
  /** What it is sent with (kept for Retry and "Upload anyway"). */
  fields: UploadFields;
  state: "waiting" | "uploading" | "done" | "failed" | "duplicate";
  /** Share of the bytes sent, 0..1, while uploading. */
  progress: number;
  document?: Document;
  error?: string;
  /** A failure that sending the same file again could mend; Retry is offered only then. */
  retryable?: boolean;
  existing?: { id: string; title: string };
};

/** A file to upload: its form key, its fields, and the server's refusal when its analysis already gave one. */
export type UploadItem = { key: string; file: File; fields: UploadFields; refusal?: unknown };
export type UploadOutcome = { key: string; document: Document | null; error: unknown };

/**
 * Uploads files one after another, each with its own row: progress while its bytes go out, then
 * its document, its error, or the document it duplicates. One failing never stops the others; a
 * file the server's analysis refused is not sent again, its row says why at once.
 * `role` words a refusal (403): "Your role (Viewer) cannot upload documents."
 */
export function useUploadQueue(role?: Role) {
  const upload = useUploadDocument();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [running, setRunning] = useState(false);

  const patchRow = (key: string, patch: Partial<UploadRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const fail = (row: UploadRow, error: unknown): UploadOutcome => {
    if (error instanceof DuplicateUploadError) {
      patchRow(row.key, { state: "duplicate", existing: error.existing });
    } else {
      patchRow(row.key, {
        state: "failed",
        error: uploadErrorDescription(error, role),
        retryable: uploadRetryable(error),
      });
    }
    return { key: row.key, document: null, error };
  };

  async function send(row: UploadRow, allowDuplicate = false): Promise<UploadOutcome> {
    patchRow(row.key, { state: "uploading", progress: 0, error: undefined });
    try {
      const document = await upload({ file: row.file, ...row.fields, allowDuplicate }, (progress) =>
        patchRow(row.key, { progress }),
      );
      patchRow(row.key, { state: "done", progress: 1, document });
      return { key: row.key, document, error: null };
    } catch (error) {
      return fail(row, error);
    }
  }

  /** A new batch: its rows replace the last batch's. */
  async function run(items: UploadItem[]): Promise<UploadOutcome[]> {
    const batch = items.map<UploadRow>(({ key, file, fields }) => ({
      key,
      file,
      fields,
      state: "waiting",
      progress: 0,
    }));
    setRows(batch);
    setRunning(true);
    const outcomes: UploadOutcome[] = [];
    // One after another: each file gets the server's full attention and its own answer.
    for (const [i, row] of batch.entries()) {
      const refusal = items[i]?.refusal;
      outcomes.push(refusal ? fail(row, refusal) : await send(row));
    }
    setRunning(false);
    return outcomes;
  }

  /** One row again: Retry after a failure, or 'Upload anyway' (a copy) after a duplicate. */
  async function again(key: string, allowDuplicate: boolean) {
    const row = rows.find((r) => r.key === key);
    if (!row) return null;
    setRunning(true);
    const outcome = await send(row, allowDuplicate);
    setRunning(false);
    return outcome;
  }

  return { rows, running, run, again };
}
