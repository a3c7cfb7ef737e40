import { useMutation } from "@tanstack/react-query";
import { waitlistJoinedSchema, type WaitlistJoined } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";

export type { WaitlistJoined };

/** POST /api/waitlist {email}: public; the server stores each address once. */
export function joinWaitlist(email: string): Promise<WaitlistJoined> {
  return apiFetch("/api/waitlist", waitlistJoinedSchema, { method: "POST", body: { email } });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
