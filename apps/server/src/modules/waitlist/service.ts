import type { AppContext } from "../../context";
import { withTransaction } from "../activity/command";
import { insertWaitlistEmail } from "./repository";

/** Anyone may join, once: a second sign-up with the same address changes nothing and leaves no entry. */
export async function joinWaitlist(
  ctx: AppContext,
  ip: string,
  email: string,
): Promise<{ created: boolean }> {
  return withTransaction(ctx, { id: null, ip }, async (tx, record) => {
    const result = await insertWaitlistEmail(tx, email);
    if (result.created)
      await record({
        action: "Joined the waitlist",
        subjectType: "waitlist",
        subjectId: null,
        data: { email },
      });
    return result;
  });
}
