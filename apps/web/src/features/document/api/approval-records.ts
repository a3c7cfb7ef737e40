import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { approvalRoundRecordSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/approval-records: every round, newest first, with its signed decisions. */
export function useApprovalRecords(documentId: string) {
  return useQuery({
    queryKey: documentKeys.records(documentId),
    queryFn: () =>
      apiFetch(
        `/api/documents/${encodeURIComponent(documentId)}/approval-records`,
        z.array(approvalRoundRecordSchema),
      ),
  });
}

/** Where a round's signed record downloads, as a PDF or as the signed JSON. */
export const recordDownloadUrl = (documentId: string, round: number, format: "pdf" | "json") =>
  `/api/documents/${encodeURIComponent(documentId)}/approval-records/${round}/${format}`;
