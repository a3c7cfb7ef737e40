import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { insertDocumentItem } from "./repository";

/**
 * Uploads and imports show in Settings › Ingestion beside the folder's files: the item is written
 * in the transaction that creates the document. The folder and mail write their own items.
 */
export const ingestionSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "ingestion: list uploaded and imported files",
    event: "document.created",
    phase: "in-transaction",
    async run(_ctx, tx, event) {
      if (event.source !== "upload" && event.source !== "import") return;
      await insertDocumentItem(
        tx,
        { source: event.source, name: event.filename, sha256: event.sha256, documentId: event.documentId },
        event.at,
      );
    },
  }),
];
