import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { recordDecision } from "./service";

/** Every decision on a round writes its signed record in the same transaction, or neither is written. */
export const recordSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "records: each decision is signed and recorded",
    event: "approval.decided",
    phase: "in-transaction",
    run: (ctx, tx, event) => recordDecision(ctx, tx, event),
  }),
];
