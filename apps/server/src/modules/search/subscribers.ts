import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { enqueueIndexDocument } from "./indexer";

/**
 * The index follows what it weighs: title and tags, and whether the document is in the archive
 * at all. The index job is queued in the command's transaction, so it exists exactly when the
 * change does; the runners are woken once the change is committed.
 */
export const searchSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "search: new details are indexed again",
    event: "document.detailsChanged",
    phase: "in-transaction",
    run: (_ctx, tx, event) => enqueueIndexDocument(tx, event.documentId, event.at),
  }),
  defineSubscriber({
    name: "search: archived documents leave the index, restored ones come back",
    event: "document.archiveChanged",
    phase: "in-transaction",
    run: (_ctx, tx, event) => enqueueIndexDocument(tx, event.documentId, event.at),
  }),
  defineSubscriber({
    name: "search: a newly effective version replaces the one indexed",
    event: "document.effectiveChanged",
    phase: "in-transaction",
    run: (_ctx, tx, event) => enqueueIndexDocument(tx, event.documentId, event.at),
  }),
];
