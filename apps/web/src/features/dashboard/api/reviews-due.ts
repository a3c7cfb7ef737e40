import { useQuery } from "@tanstack/react-query";
import { reviewDueItemSchema } from "@quire/contracts";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

const answer = z.object({ items: z.array(reviewDueItemSchema) });

/** GET /api/dashboard/periodic-reviews: effective documents due for their periodic review, or lapsed. */
export function useReviewsDue() {
  return useQuery({
    queryKey: documentKeys.reviewsDue(),
    queryFn: async () => (await apiFetch("/api/dashboard/periodic-reviews", answer)).items,
  });
}
