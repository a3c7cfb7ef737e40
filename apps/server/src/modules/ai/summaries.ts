import type { Document, Summary } from "@quire/contracts";
import type { ComputedSummary } from "@quire/textkit";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { textWork } from "../../lib/text-work";
import { findVersion } from "../documents/version-repository";
import { findCachedSummary, storeSummary } from "./repository";
import { readAll } from "../../db/read-all";

/**
 * Per-version summaries, cached in `summaries`. A cached summary is reused while the facts it was
 * computed from hold: the same status (suggested actions depend on it) and the same calendar day
 * (a review date can pass overnight). Refresh recomputes regardless.
 */

interface CachedSummary extends ComputedSummary {
  status: string;
  day: string;
  updatedAt: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function isCachedSummary(value: unknown): value is CachedSummary {
  const v = value as Partial<CachedSummary> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.status === "string" &&
    typeof v.day === "string" &&
    typeof v.kind === "string" &&
    Array.isArray(v.keyPoints) &&
    typeof v.riskLevel === "string"
  );
}

function present(documentId: string, version: number, data: CachedSummary): Summary {
  return {
    documentId,
    version,
    kind: data.kind,
    riskLevel: data.riskLevel,
    keyPoints: data.keyPoints,
    changeHighlights: data.changeHighlights,
    riskNotes: data.riskNotes,
    suggestedActions: data.suggestedActions,
    updatedAt: data.updatedAt,
  };
}

/** Computes and stores the summary of one version (no access check: callers have done it). */
export async function computeSummary(
  ctx: AppContext,
  target: { documentId: string; version: number; title: string; status: string },
): Promise<Summary> {
  const [current, previous] = await readAll(ctx.db, [
    () => findVersion(ctx.db, target.documentId, target.version),
    async () => (target.version > 1 ? findVersion(ctx.db, target.documentId, target.version - 1) : null),
  ]);
  if (!current) throw notFound("Version");
  const now = ctx.clock.now();
  const computed = await textWork(ctx, {
    kind: "summarize",
    input: {
      title: target.title,
      content: current.version.content,
      previousContent: previous?.version.content ?? null,
      status: target.status,
      now,
      filename: current.version.originalFilename,
    },
  });
  const data: CachedSummary = {
    ...computed,
    status: target.status,
    day: dayOf(now),
    updatedAt: now.toISOString(),
  };
  await storeSummary(ctx.db, target.documentId, target.version, data, now);
  return present(target.documentId, target.version, data);
}

/** The summary of the current (or a given) version, from the cache when it still holds. */
export async function getSummary(
  ctx: AppContext,
  doc: Document,
  options: { version?: number | undefined; refresh?: boolean } = {},
): Promise<Summary> {
  const documentId = doc.id;
  const version = options.version ?? doc.currentVersionNumber;
  if (version > doc.currentVersionNumber) throw notFound("Version");
  if (!options.refresh) {
    const cached = await findCachedSummary(ctx.db, documentId, version);
    if (
      cached &&
      isCachedSummary(cached.data) &&
      cached.data.status === doc.status &&
      cached.data.day === dayOf(ctx.clock.now())
    ) {
      return present(documentId, version, cached.data);
    }
  }
  return computeSummary(ctx, { documentId, version, title: doc.title, status: doc.status });
}

/** Markdown export of a summary, for the Export Summary button. */
export function summaryMarkdown(title: string, summary: Summary, stamp: string | null = null): string {
  const list = (items: string[]) => items.map((item) => `- ${item}`).join("\n");
  return [
    `# AI summary: ${title}`,
    "",
    ...(stamp ? [`> ${stamp}`, ""] : []),
    `${summary.kind ? `${summary.kind} · ` : ""}Version ${summary.version} · Risk level: **${summary.riskLevel}** · Updated ${summary.updatedAt}`,
    "",
    "## Key points",
    "",
    list(summary.keyPoints),
    "",
    "## Recent changes",
    "",
    list(summary.changeHighlights),
    "",
    "## Risk notes",
    "",
    list(summary.riskNotes),
    "",
    "## Suggested actions",
    "",
    list(summary.suggestedActions),
    "",
    "_Computed by Quire from the document's text: key points are quoted sentences; each risk note says what was found and where._",
    "",
  ].join("\n");
}
