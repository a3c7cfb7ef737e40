import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type WaitlistJoined = { email: string; joined: true };

/** POST /api/waitlist {email}: public; the server stores each address once. */
export async function joinWaitlist(email: string): Promise<WaitlistJoined> {
  return (await (await apiRequest("POST", "/api/waitlist", { email })).json()) as WaitlistJoined;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
