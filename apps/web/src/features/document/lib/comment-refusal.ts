import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";

/**
 * Tells the person a comment action did not go through, with the server's refusal as people read
 * it (its message: "Cannot mention @dave: …").
 */
export function toastRefusal(title: string, error: unknown): void {
  toast({ variant: "destructive", title, description: errorMessage(error) });
}
