import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { retagDocumentJob } from "../documents/pipeline";
import { markEffective } from "./service";

/** An approving decision makes its round's version the effective one, in the same transaction. */
export const controlSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "control: an approved version becomes effective",
    event: "approval.decided",
    phase: "in-transaction",
    run: (ctx, tx, event) => markEffective(ctx, tx, event),
  }),
  defineSubscriber({
    name: "control: a newly effective version's words become the tags",
    event: "document.effectiveChanged",
    phase: "in-transaction",
    run: async (_ctx, tx, event) => {
      await retagDocumentJob.enqueue(
        tx,
        { documentId: event.documentId, version: event.version },
        { runAt: event.at, dedupeKey: `documents.retag:${event.documentId}:${event.version}` },
      );
    },
  }),
];
