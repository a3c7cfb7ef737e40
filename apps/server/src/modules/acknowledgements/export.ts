import type { AcknowledgementReport } from "@quire/contracts";
import { stringify } from "csv-stringify/sync";

const COLUMNS = [
  "name",
  "document",
  "version",
  "status",
  "acknowledged_at_utc",
  "original_sha256",
  "markdown_sha256",
] as const;

/** A cell a spreadsheet would run as a formula starts with a quote instead. */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The campaign as a training record: one row per person who acknowledged (name, version, the
 * version's hashes, UTC time), then one per person still asked, whose time and hashes are empty.
 */
export function acknowledgementCsv(title: string, report: AcknowledgementReport): string {
  const { campaign } = report;
  const rows = [
    ...report.acknowledged.map((a) => [
      a.name,
      title,
      String(a.version),
      "acknowledged",
      a.acknowledgedAt,
      a.originalSha256,
      a.markdownSha256,
    ]),
    ...report.pending.map((p) => [p.name, title, String(campaign.version), "not acknowledged", "", "", ""]),
  ];
  return stringify(rows, { header: true, columns: [...COLUMNS], cast: { string: neutralise } });
}

export const csvFileName = (title: string, version: number) =>
  `${title.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "document"}_acknowledgements_v${version}.csv`;
