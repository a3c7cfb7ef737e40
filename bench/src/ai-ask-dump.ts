/**
 * Tuning loop for the assistant, fit half only: loads the archive once, retrieves every fit
 * question and saves the candidates (with features and search's orders) to a JSON file that
 * `ai-ask-explore.ts` re-ranks and answers offline in seconds.
 * `npx tsx bench/src/ai-ask-dump.ts /tmp/fit.json`
 */
import { writeFileSync } from "node:fs";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { loadArchive, loadEvalSet } from "./ai-ask-archive.js";
import { PlainBm25 } from "./ai-ask-eval.js";

const out = process.argv[2] ?? "/tmp/ask-fit.json";
const set = loadEvalSet();
const archive = await loadArchive(set, Number(process.env.BENCH_AI_DOCUMENTS ?? 1000), {});
console.log(`loaded ${archive.texts.length} documents in ${archive.seconds.toFixed(0)} s`);
const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
const bm25 = new PlainBm25(archive.texts.map((d) => `${d.title}\n${d.markdown}`));
const cases = [
  ...set.questions.filter((q) => q.half === "fit"),
  ...set.absent.filter((q) => q.half === "fit").map((q) => ({ ...q, document: null, expected: null })),
];
const rows = [];
for (const q of cases) {
  const started = performance.now();
  const r = await retrieve(ctx, archive.actor, q.question);
  const ms = performance.now() - started;
  const fulltext = await searchPassages(ctx, archive.actor, q.question, { limit: 10, mode: "fulltext" });
  const asked = await searchPassages(ctx, archive.actor, r.analysis.query || q.question, {
    limit: 10,
    mode: "fulltext",
  });
  rows.push({
    question: q.question,
    document: q.document,
    expected: q.expected,
    ms,
    bm25Top: archive.texts[bm25.top(q.question)]?.title ?? null,
    fulltext: fulltext.map((f) => ({ title: f.title, score: f.score })),
    askedFulltext: asked.map((f) => ({ title: f.title, score: f.score })),
    retrieval: {
      analysis: r.analysis,
      ranked: r.ranked,
      byDocument: [...r.byDocument],
      synonyms: [...r.synonyms].map(([k, v]) => [k, [...v]]),
      idf: [...r.idf],
    },
  });
}
writeFileSync(out, JSON.stringify(rows));
console.log(`saved ${rows.length} cases to ${out}`);
await archive.t.close();
