import { queryOptions, useQuery } from "@tanstack/react-query";

/**
 * The answer of GET /api/documents/{id}/diff/{from}/{to} (textkit's `diffVersions`): a line diff
 * by longest common subsequence, with word-level segments on changed lines.
 */
export type DiffSegment = { text: string; kind: "same" | "added" | "removed" };
export type DiffSide = { number: number; text: string; segments?: DiffSegment[] };
export type DiffRowKind = "unchanged" | "added" | "removed" | "changed";
export type SideBySideRow = { kind: DiffRowKind; left: DiffSide | null; right: DiffSide | null };
export type UnifiedLine = {
  kind: " " | "+" | "-";
  text: string;
  oldNumber?: number;
  newNumber?: number;
  segments?: DiffSegment[];
};
export type VersionDiff = {
  from: number;
  to: number;
  stats: { added: number; removed: number; unchanged: number };
  sideBySide: SideBySideRow[];
  unified: UnifiedLine[];
  truncated: boolean;
  truncatedReason?: string;
};

export const versionDiffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions<VersionDiff>({ queryKey: ["/api/documents", id, "diff", from, to] });

export function useVersionDiff(id: string, from: number | null, to: number | null) {
  return useQuery({
    ...versionDiffQueryOptions(id, from ?? 0, to ?? 0),
    enabled: from !== null && to !== null && from > 0 && to > 0,
  });
}
