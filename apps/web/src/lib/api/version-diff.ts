import { queryOptions, useQuery } from "@tanstack/react-query";
import { versionDiffSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

export type {
  DiffRowKind,
  DiffSegment,
  DiffSide,
  SideBySideRow,
  UnifiedLine,
  VersionDiff,
} from "@quire/contracts";

/** GET /api/documents/{id}/diff/{from}/{to}: the line diff of two versions (textkit's `diffVersions`). */
export const versionDiffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: documentKeys.diff(id, from, to),
    queryFn: () => apiFetch(`/api/documents/${encodeURIComponent(id)}/diff/${from}/${to}`, versionDiffSchema),
  });

export function useVersionDiff(id: string, from: number | null, to: number | null) {
  return useQuery({
    ...versionDiffQueryOptions(id, from ?? 0, to ?? 0),
    enabled: from !== null && to !== null && from > 0 && to > 0,
  });
}
