import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { carryCampaignForward } from "./service";

/** A newly effective version closes the campaign of the one before and opens its own, in the same transaction. */
export const acknowledgementSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "acknowledgements: a new effective version gets the campaign the last one had",
    event: "document.effectiveChanged",
    phase: "in-transaction",
    run: (ctx, tx, event) => carryCampaignForward(ctx, tx, event),
  }),
];
