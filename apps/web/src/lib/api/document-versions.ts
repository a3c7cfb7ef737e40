import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Version } from "@quire/contracts";

/** GET /api/documents/{id}/versions: every version, newest first. */
export const documentVersionsQueryOptions = (id: string) =>
  queryOptions<Version[]>({ queryKey: ["/api/documents", id, "versions"] });

export function useDocumentVersions(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentVersionsQueryOptions(id), enabled });
}
