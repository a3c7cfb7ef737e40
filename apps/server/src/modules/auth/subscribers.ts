import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { endSessions, revokeTokens } from "./sessions";

export const authSubscribers: AppSubscriber[] = [
  defineSubscriber({
    // In the same transaction as the account change: a disabled user keeps no way in, not even
    // for the moment between two commits.
    name: "auth: a disabled account's sign-ins and API tokens end",
    event: "user.disabled",
    phase: "in-transaction",
    run: async (_ctx, tx, event) => {
      await endSessions(tx, { userId: event.userId });
      // Streams opened with the tokens end with them, as those of the sessions do.
      await revokeTokens(tx, { userId: event.userId }, event.at);
    },
  }),
];
