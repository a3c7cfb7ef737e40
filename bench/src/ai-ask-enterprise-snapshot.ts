/**
 * The enterprise bench (ai-ask-enterprise.ts) replayed from saved retrievals, so a change to how
 * answers are chosen from them (near-miss detection, the first citation among the candidates) is
 * measured in seconds, not in the half hour the archive takes to load on a busy machine. A
 * retrieval does not depend on that code, and without a provider `ask` is `localAnswer` of it, so
 * a replay gives the bench's own figures.
 *   save:  `npx tsx bench/src/ai-ask-enterprise-snapshot.ts save /tmp/ent fit [check]` loads the
 *          archive once and writes /tmp/ent.fit.json (and /tmp/ent.check.json) per half.
 *   score: `npx tsx bench/src/ai-ask-enterprise-snapshot.ts score /tmp/ent.fit.json` prints the
 *          bench's figures for that file with today's code (BENCH_AI_VERBOSE=1: each miss).
 *          BENCH_AI_SEARCH_TOP_MARGIN=x at save time saves retrievals made with another margin.
 * Tune on the fit file only; the check file is scored once, when the tuning is done.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { retrieve, SEARCH_TOP_MARGIN } from "../../apps/server/src/modules/ai/retrieve.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { loadArchive } from "./ai-ask-archive.js";
import { printTally, type AnsweredCase, type CaseKind } from "./ai-ask-tally.js";
import { restore, save, type SavedRetrieval } from "./ai-ask-snapshot.js";
import type { EnterpriseSet } from "./ai-ask-enterprise.js";

interface SavedCase {
  kind: CaseKind;
  question: string;
  document: string | null;
  expected: string | null;
  /** Search's own top document for the question. */
  searchTop: string | null;
  retrieval: SavedRetrieval;
}

const PATH = new URL("../data/ask-enterprise.json", import.meta.url);

async function saveHalves(prefix: string, halves: Array<"fit" | "check">): Promise<void> {
  const set = JSON.parse(readFileSync(PATH, "utf8")) as EnterpriseSet;
  const archive = await loadArchive(set, Number(process.env.BENCH_AI_ENTERPRISE_DOCUMENTS ?? 300), {});
  try {
    const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
    const loaded = new Set(archive.texts.map((d) => d.title));
    console.log(`${archive.texts.length} documents in ${archive.seconds.toFixed(0)} s`);
    // Another margin to try (BENCH_AI_SEARCH_TOP_MARGIN; "Infinity": search's top always first).
    const searchTopMargin = Number(process.env.BENCH_AI_SEARCH_TOP_MARGIN ?? SEARCH_TOP_MARGIN);
    for (const half of halves) {
      const asked: Array<Omit<SavedCase, "retrieval" | "searchTop">> = [
        ...set.questions
          .filter((q) => q.half === half && loaded.has(q.document))
          .map((q) => ({ kind: "answerable" as const, ...q })),
        ...set.nearMiss
          .filter((q) => q.half === half)
          .map((q) => ({ kind: "near" as const, question: q.question, document: null, expected: null })),
        ...set.absent
          .filter((q) => q.half === half)
          .map((q) => ({ kind: "absent" as const, question: q.question, document: null, expected: null })),
      ];
      const cases: SavedCase[] = [];
      for (const q of asked) {
        const [top] = await searchPassages(ctx, archive.actor, q.question, { limit: 1 });
        const retrieval = save(
          await retrieve(ctx, archive.actor, q.question, undefined, undefined, { searchTopMargin }),
        );
        cases.push({
          kind: q.kind,
          question: q.question,
          document: q.document,
          expected: q.expected,
          searchTop: top?.title ?? null,
          retrieval,
        });
      }
      writeFileSync(`${prefix}.${half}.json`, JSON.stringify(cases));
      console.log(`${half}: ${cases.length} questions written to ${prefix}.${half}.json`);
    }
  } finally {
    await archive.t.close();
  }
}

function score(path: string): void {
  const cases = JSON.parse(readFileSync(path, "utf8")) as SavedCase[];
  const answered: AnsweredCase[] = cases.map(({ retrieval, ...c }) => ({
    ...c,
    answer: localAnswer(restore(retrieval), { question: c.question }).answer,
  }));
  const count = (kind: CaseKind) => cases.filter((c) => c.kind === kind).length;
  console.log(
    `  ${path}: ${count("answerable")} answerable questions, ${count("near")} near misses, ${count("absent")} uncovered topics`,
  );
  printTally(answered, process.env.BENCH_AI_VERBOSE === "1");
}

const [command, path, ...halves] = process.argv.slice(2);
if (command === "save" && path) {
  await saveHalves(path, halves.length ? (halves as Array<"fit" | "check">) : ["fit"]);
  process.exit(0);
} else if (command === "score" && path) score(path);
else console.error("usage: ai-ask-enterprise-snapshot.ts save <prefix> [fit] [check] | score <file>");
