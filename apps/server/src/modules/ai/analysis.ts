import type { ChangeAnalysis } from "@quire/contracts";
import { analyseChange } from "@quire/textkit";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { findVersion } from "../documents/repository";
import { loadVisibleDocument } from "../documents/routes";

/** The Diff page's AI Analysis Summary for versions `from` → `to` of a visible document. */
export async function analyseVersions(
  ctx: AppContext,
  actor: Actor,
  documentId: string,
  from: number,
  to: number,
): Promise<ChangeAnalysis> {
  await loadVisibleDocument(ctx, actor, documentId);
  const [older, newer] = await Promise.all([
    findVersion(ctx.db, documentId, from),
    findVersion(ctx.db, documentId, to),
  ]);
  if (!older || !newer) throw notFound("Version");
  const analysis = analyseChange(older.version.content, newer.version.content);
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
