import type { AppSubscriber } from "./events/subscriber";
import { acknowledgementSubscribers } from "./modules/acknowledgements/subscribers";
import { approvalSubscribers } from "./modules/approvals/subscribers";
import { authSubscribers } from "./modules/auth/subscribers";
import { controlSubscribers } from "./modules/control/subscribers";
import { liveEventSubscribers } from "./modules/events/subscribers";
import { ingestionSubscribers } from "./modules/ingestion/subscribers";
import { recordSubscribers } from "./modules/records/subscribers";
import { notificationSubscribers } from "./modules/notifications/subscribers";
import { searchSubscribers } from "./modules/search/subscribers";

/**
 * Every module's reactions to domain events, as the module that reacts declared them. The order is
 * the order reactions to one event run in: sign-ins end before review rounds, and open pages hear
 * of an access change last, once the rounds it ended are written.
 */
export const subscribers: readonly AppSubscriber[] = [
  ...authSubscribers,
  ...approvalSubscribers,
  ...recordSubscribers,
  ...controlSubscribers,
  ...acknowledgementSubscribers,
  ...notificationSubscribers,
  ...searchSubscribers,
  ...ingestionSubscribers,
  ...liveEventSubscribers,
];
