import type { AcknowledgementCampaign, AcknowledgementEntry } from "@quire/contracts";
import type { CampaignRow } from "./repository";

/** API shapes of campaigns and acknowledgments: names, not user ids; times in UTC ISO form. */

export function presentCampaign(
  row: CampaignRow,
  groups: Array<{ id: string; name: string }>,
  startedBy: string,
): AcknowledgementCampaign {
  return {
    id: row.id,
    documentId: row.documentId,
    version: row.version,
    everyone: row.everyone,
    groups,
    startedBy,
    startedAt: row.startedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    supersededByVersion: row.supersededByVersion,
    originalSha256: row.originalSha256,
    markdownSha256: row.markdownSha256,
  };
}

export function presentEntry(
  row: { version: number; originalSha256: string; markdownSha256: string; acknowledgedAt: Date },
  name: string,
): AcknowledgementEntry {
  return {
    name,
    version: row.version,
    originalSha256: row.originalSha256,
    markdownSha256: row.markdownSha256,
    acknowledgedAt: row.acknowledgedAt.toISOString(),
  };
}
