import { ingestionSourceSchema, ingestionStateSchema, type IngestionItem } from "@quire/contracts";
import type { listItems } from "./repository";

type ListedRow = Awaited<ReturnType<typeof listItems>>[number];

const processingStates = new Set(["processing", "ready", "failed"]);

/** One row of Settings › Ingestion: the item, and its document's title and processing once made. */
export function presentItem(row: ListedRow): IngestionItem {
  const { item } = row;
  const processing =
    row.processingState && processingStates.has(row.processingState)
      ? (row.processingState as "processing" | "ready" | "failed")
      : null;
  const reason = item.reason ?? (processing === "failed" ? row.processingError : null);
  return {
    id: item.id,
    source: ingestionSourceSchema.catch("upload").parse(item.source),
    name: item.name,
    state: ingestionStateSchema.catch("failed").parse(item.state),
    processing: item.state === "done" ? processing : null,
    reason,
    document: item.documentId && row.title ? { id: item.documentId, title: row.title } : null,
    canRetry:
      (item.state === "failed" && (item.location !== null || item.source === "mail")) ||
      (item.state === "done" && processing === "failed"),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
