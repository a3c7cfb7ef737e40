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
 * Tune on the fit file only; the check file is scored once, when the tuning is done.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { AiAnswer } from "@quire/contracts";
import { localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { loadArchive } from "./ai-ask-archive.js";
import { holdsFact, reliabilityTable } from "./ai-ask-eval.js";
import { restore, save, type SavedRetrieval } from "./ai-ask-snapshot.js";
import type { EnterpriseSet } from "./ai-ask-enterprise.js";

type Kind = "answerable" | "near" | "absent";

interface SavedCase {
  kind: Kind;
  question: string;
  document: string | null;
  expected: string | null;
  /** Search's own top document for the question. */
  searchTop: string | null;
  retrieval: SavedRetrieval;
}

const PATH = new URL("../data/ask-enterprise.json", import.meta.url);
const pct = (k: number, n: number) => `${((k / Math.max(1, n)) * 100).toFixed(1)}% (${k}/${n})`;
const refused = (answer: AiAnswer) => answer.citations.length === 0 || Boolean(answer.notCovered?.length);

async function saveHalves(prefix: string, halves: Array<"fit" | "check">): Promise<void> {
  const set = JSON.parse(readFileSync(PATH, "utf8")) as EnterpriseSet;
  const archive = await loadArchive(set, Number(process.env.BENCH_AI_ENTERPRISE_DOCUMENTS ?? 300), {});
  try {
    const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
    const loaded = new Set(archive.texts.map((d) => d.title));
    console.log(`${archive.texts.length} documents in ${archive.seconds.toFixed(0)} s`);
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
        const retrieval = save(await retrieve(ctx, archive.actor, q.question));
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
  const verbose = process.env.BENCH_AI_VERBOSE === "1";
  const cases = JSON.parse(readFileSync(path, "utf8")) as SavedCase[];
  const answerOf = (c: SavedCase) => localAnswer(restore(c.retrieval), { question: c.question }).answer;
  const answerable = cases.filter((c) => c.kind === "answerable");
  let first = 0;
  let searchFirst = 0;
  let fact = 0;
  let falseRefusals = 0;
  const scored: Array<{ p: number; right: boolean }> = [];
  for (const c of answerable) {
    const answer = answerOf(c);
    const right = answer.citations[0]?.title === c.document;
    if (c.searchTop === c.document) searchFirst++;
    if (right) first++;
    if (holdsFact(answer, c.expected ?? "")) fact++;
    if (refused(answer)) falseRefusals++;
    if (verbose && (!right || refused(answer)))
      console.log(
        `      miss: "${c.question}" → ${answer.citations[0]?.title ?? "(none)"} (${answer.confidence}${answer.notCovered ? `, not covered: ${answer.notCovered.join(", ")}` : ""}); search: ${c.searchTop}; asked: ${c.document}`,
      );
    if (answer.citations.length > 0) scored.push({ p: answer.confidence, right });
  }
  const refusals = (kind: Kind) => {
    const list = cases.filter((c) => c.kind === kind);
    let n = 0;
    for (const c of list) {
      const answer = answerOf(c);
      if (refused(answer)) n++;
      else {
        scored.push({ p: answer.confidence, right: false });
        if (verbose)
          console.log(
            `      answered: "${c.question}" → ${answer.citations[0]?.title} (${answer.confidence})`,
          );
      }
    }
    return { n, of: list.length };
  };
  const near = refusals("near");
  const absent = refusals("absent");
  const n = answerable.length;
  console.log(`  ${path}: ${n} answerable questions, ${near.of} near misses, ${absent.of} uncovered topics`);
  console.log(
    `    first citation is the right document   ${pct(first, n)} (search's own top result: ${pct(searchFirst, n)})`,
  );
  console.log(`    answer contains the expected fact      ${pct(fact, n)}`);
  console.log(`    answerable questions refused           ${pct(falseRefusals, n)}`);
  console.log(`    near misses refused                    ${pct(near.n, near.of)} (target ≥ 90%)`);
  console.log(`    uncovered topics refused               ${pct(absent.n, absent.of)} (target ≥ 95%)`);
  reliabilityTable(scored);
}

const [command, path, ...halves] = process.argv.slice(2);
if (command === "save" && path) {
  await saveHalves(path, halves.length ? (halves as Array<"fit" | "check">) : ["fit"]);
  process.exit(0);
} else if (command === "score" && path) score(path);
else console.error("usage: ai-ask-enterprise-snapshot.ts save <prefix> [fit] [check] | score <file>");
