import { useMutation } from "@tanstack/react-query";
import { aiAnswerSchema, askBodySchema, type AiAnswer, type AskBody } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";

export { askBodySchema };

/**
 * POST /api/ai/ask {question, documentId?}: an answer from the archive (or from one document) with
 * numbered citations.
 */
export function askAi(input: AskBody): Promise<AiAnswer> {
  const body = askBodySchema.parse(input);
  return apiFetch("/api/ai/ask", aiAnswerSchema, { method: "POST", body });
}

export function useAskAi() {
  return useMutation({ mutationFn: askAi });
}
