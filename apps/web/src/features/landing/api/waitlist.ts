import { useMutation } from "@tanstack/react-query";
import type { WaitlistJoined } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { lazySchema } from "@/lib/lazy-schema";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const waitlistJoinedSchema = lazySchema((c) => c.waitlistJoinedSchema);

export type { WaitlistJoined };

/** POST /api/waitlist {email}: public; the server stores each address once. */
export function joinWaitlist(email: string): Promise<WaitlistJoined> {
  return apiFetch("/api/waitlist", waitlistJoinedSchema, { method: "POST", body: { email } });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
