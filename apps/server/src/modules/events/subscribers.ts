import type { DomainEventName } from "../../events/catalog";
import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { announceAccessChanged } from "./events";

/**
 * Open pages hear that access changed and read again what they may now see. The NOTIFY is written
 * in the command's transaction, so it is sent at commit and a refused change announces nothing.
 */
const accessChanges = [
  "document.accessChanged",
  "category.permissionsChanged",
  "group.membersChanged",
  "group.deleted",
] as const satisfies readonly DomainEventName[];

export const liveEventSubscribers: AppSubscriber[] = accessChanges.map((event) =>
  defineSubscriber({
    name: `live events: ${event} tells open pages access changed`,
    event,
    phase: "in-transaction",
    run: (_ctx, tx) => announceAccessChanged(tx),
  }),
);
