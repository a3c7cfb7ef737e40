import { useMutation } from "@tanstack/react-query";
import { askBodySchema, type AiAnswer } from "@quire/contracts";
import { apiRequest } from "@/lib/api-client";

export { askBodySchema };

/** POST /api/ai/ask {question}: an answer from the archive with numbered citations. */
export async function askAi(question: string): Promise<AiAnswer> {
  const body = askBodySchema.parse({ question });
  return (await (await apiRequest("POST", "/api/ai/ask", body)).json()) as AiAnswer;
}

export function useAskAi() {
  return useMutation({ mutationFn: askAi });
}
