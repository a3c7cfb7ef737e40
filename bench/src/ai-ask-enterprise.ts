/**
 * The assistant on enterprise-like text (bench/data/ask-enterprise.json): policy, procedure,
 * governance, specification and licence documents no one here wrote (the Debian constitution and
 * social contract, the bug-reporting procedure, the Developer's Reference on duties and
 * membership, debian-policy's sub-policies and copyright format, /usr/share/common-licenses),
 * padded with manual pages and package descriptions. On the check half: the first citation beside
 * search's own top result for the same question, the fact in the answer, answerable questions
 * refused, near misses refused (the archive covers the topic, not the asked case), uncovered
 * topics refused, and the reliability of each confidence level.
 * BENCH_AI_ENTERPRISE_DOCUMENTS=300 (0 skips); BENCH_AI_ENTERPRISE_HALF=fit reports the fit half (for
 * tuning), BENCH_AI_VERBOSE=1 prints each miss; `npx tsx bench/src/ai-ask-enterprise.ts` runs it alone. The policy documents come with Debian's
 * debian-policy, developers-reference and doc-debian packages; missing ones are named.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ask } from "../../apps/server/src/modules/ai/ask.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { closeSharedTestResources } from "../../apps/server/test/support/harness.js";
import { loadArchive, type EvalSet } from "./ai-ask-archive.js";
import { printTally, type AnsweredCase } from "./ai-ask-tally.js";

const TOTAL = Number(process.env.BENCH_AI_ENTERPRISE_DOCUMENTS ?? 300);
/** The half reported: "check" (the default) or "fit", the one tuning may look at. */
const HALF: "fit" | "check" = process.env.BENCH_AI_ENTERPRISE_HALF === "fit" ? "fit" : "check";
const VERBOSE = process.env.BENCH_AI_VERBOSE === "1";
const PATH = new URL("../data/ask-enterprise.json", import.meta.url);

export interface EnterpriseSet extends EvalSet {
  nearMiss: Array<{ question: string; half: "fit" | "check" }>;
}

export async function askEnterpriseBench(): Promise<void> {
  if (TOTAL <= 0) return;
  const set = JSON.parse(readFileSync(PATH, "utf8")) as EnterpriseSet;
  const archive = await loadArchive(set, TOTAL, {});
  try {
    const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
    const loaded = new Set(archive.texts.map((d) => d.title));
    const questions = set.questions.filter((q) => q.half === HALF && loaded.has(q.document));
    const near = set.nearMiss.filter((q) => q.half === HALF).map((q) => q.question);
    const absent = set.absent.filter((q) => q.half === HALF).map((q) => q.question);
    console.log(
      `\nAssistant on enterprise-like text (policy, procedure, governance, specification, licence): ${archive.texts.length} documents in ${archive.seconds.toFixed(0)} s${archive.missing.length ? `; missing on this machine: ${archive.missing.join(", ")}` : ""}`,
    );
    console.log(
      `  ${HALF} half: ${questions.length} answerable questions, ${near.length} near misses, ${absent.length} uncovered topics`,
    );
    const cases: AnsweredCase[] = [];
    for (const q of questions) {
      const [top] = await searchPassages(ctx, archive.actor, q.question, { limit: 1 });
      const answer = await ask(ctx, archive.actor, q.question);
      cases.push({ kind: "answerable", ...q, searchTop: top?.title ?? null, answer });
    }
    for (const [kind, list] of [
      ["near", near],
      ["absent", absent],
    ] as const)
      for (const question of list) {
        const answer = await ask(ctx, archive.actor, question);
        cases.push({ kind, question, document: null, expected: null, searchTop: null, answer });
      }
    printTally(cases, VERBOSE);
  } finally {
    await archive.t.close();
  }
}

// `npx tsx bench/src/ai-ask-enterprise.ts` runs this part alone; the shared test resources (pooled
// databases, conversion workers) are closed as run.ts does, or they keep the process alive.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await askEnterpriseBench();
  } finally {
    await closeSharedTestResources();
  }
}
