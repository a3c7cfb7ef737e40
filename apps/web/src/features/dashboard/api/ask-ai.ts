import { useMutation } from "@tanstack/react-query";
import { aiAnswerSchema, askBodySchema, type AiAnswer } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";

export { askBodySchema };

/** POST /api/ai/ask {question}: an answer from the archive with numbered citations. */
export function askAi(question: string): Promise<AiAnswer> {
  const body = askBodySchema.parse({ question });
  return apiFetch("/api/ai/ask", aiAnswerSchema, { method: "POST", body });
}

export function useAskAi() {
  return useMutation({ mutationFn: askAi });
}
