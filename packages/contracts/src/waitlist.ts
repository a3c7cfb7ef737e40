import { z } from "zod";

/** POST /api/waitlist: the same answer whether the address is new or known (no enumeration). */
export const waitlistJoinedSchema = z.object({ email: z.string(), joined: z.literal(true) });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** GET /api/waitlist (Admin): every address with when it joined. */
export const waitlistEntrySchema = z.object({ email: z.string(), createdAt: z.string() });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
