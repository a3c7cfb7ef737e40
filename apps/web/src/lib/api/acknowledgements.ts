import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acknowledgeResultSchema,
  acknowledgementReportSchema,
  acknowledgementStateSchema,
  toAcknowledgeListSchema,
  type StartAcknowledgementInput,
} from "@quire/contracts";
import { apiFetch } from "../api-client";
import { acknowledgementKeys, documentKeys } from "../query-keys";

const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/acknowledgement`;

/** GET …/acknowledgement: the document's campaign as the signed-in user sees it, with their part. */
export function useAcknowledgement(documentId: string) {
  return useQuery({
    queryKey: documentKeys.acknowledgement(documentId),
    queryFn: () => apiFetch(base(documentId), acknowledgementStateSchema),
  });
}

/** GET …/acknowledgement/report: who confirmed and who has not (the owner's and Admins'). */
export function useAcknowledgementReport(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.acknowledgementReport(documentId),
    queryFn: () => apiFetch(`${base(documentId)}/report`, acknowledgementReportSchema),
    enabled,
  });
}

/** The CSV training record: a link the browser downloads. */
export const acknowledgementCsvHref = (documentId: string) => `${base(documentId)}/report.csv`;

/** GET /api/acknowledgements/mine: the campaigns waiting on the signed-in user. */
export function useToAcknowledge() {
  return useQuery({
    queryKey: acknowledgementKeys.mine,
    queryFn: () => apiFetch("/api/acknowledgements/mine", toAcknowledgeListSchema),
  });
}

/** POST …/acknowledgement: the owner asks groups, or everyone, to acknowledge the effective version. */
export function useStartAcknowledgement(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StartAcknowledgementInput) =>
      apiFetch(base(documentId), acknowledgementStateSchema, { method: "POST", body: input }),
    onSuccess: (state) => {
      client.setQueryData(documentKeys.acknowledgement(documentId), state);
      void client.invalidateQueries({ queryKey: documentKeys.acknowledgementReport(documentId) });
      void client.invalidateQueries({ queryKey: acknowledgementKeys.mine });
    },
  });
}

/** POST …/acknowledgement/acknowledge: confirm having read `version`, the effective one. */
export function useAcknowledge(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      apiFetch(`${base(documentId)}/acknowledge`, acknowledgeResultSchema, {
        method: "POST",
        body: { version },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: documentKeys.acknowledgement(documentId) });
      void client.invalidateQueries({ queryKey: acknowledgementKeys.mine });
    },
  });
}
