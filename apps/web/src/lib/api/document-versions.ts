import { queryOptions, useQuery } from "@tanstack/react-query";
import { versionSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

/** GET /api/documents/{id}/versions: every version, newest first. */
export const documentVersionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: documentKeys.versions(id),
    queryFn: () => apiFetch(`/api/documents/${encodeURIComponent(id)}/versions`, versionSchema.array()),
  });

export function useDocumentVersions(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentVersionsQueryOptions(id), enabled });
}
