import type { ChangeAnalysis } from "@quire/contracts";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { textWork } from "../../lib/text-work";
import { findVersion } from "../documents/version-repository";
import { readAll } from "../../db/read-all";

/** The Diff page's AI Analysis Summary for versions `from` → `to` of a document the guard let through. */
export async function analyseVersions(
  ctx: AppContext,
  documentId: string,
  from: number,
  to: number,
): Promise<ChangeAnalysis> {
  const [older, newer] = await readAll(ctx.db, [
    () => findVersion(ctx.db, documentId, from),
    () => findVersion(ctx.db, documentId, to),
  ]);
  if (!older || !newer) throw notFound("Version");
  const analysis = await textWork(ctx, {
    kind: "analyseChange",
    older: older.version.content,
    newer: newer.version.content,
  });
  return {
    from,
    to,
    keyChanges: analysis.keyChanges,
    keyChangeItems: analysis.keyChangeItems,
    clauseChanges: analysis.clauseChanges.map(({ attribute, before, after, risk, context }) => ({
      attribute,
      before,
      after,
      risk,
      context,
    })),
    impact: analysis.impact,
    riskLevel: analysis.riskLevel,
    sections: analysis.sections,
    figures: analysis.figures,
    obligationsAdded: analysis.obligationsAdded,
    obligationsRemoved: analysis.obligationsRemoved,
    obligationsChanged: analysis.obligationsChanged,
    stats: analysis.stats,
  };
}
