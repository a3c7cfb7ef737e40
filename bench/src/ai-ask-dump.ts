/**
 * Exploration for the assistant: loads the ask benchmark's archive once and writes every
 * question's retrieval (candidate passages with their re-ranker features) to a JSON file, so
 * document-level models can be fitted and compared offline on the fit half in seconds.
 * `npx tsx bench/src/ai-ask-dump.ts /tmp/ask.json`
 */
import { writeFileSync } from "node:fs";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import { readQueryStats } from "../../apps/server/src/modules/search/bm25-repository.js";
import { loadArchive, loadEvalSet } from "./ai-ask-archive.js";

const out = process.argv[2] ?? "/tmp/ask.json";
const set = loadEvalSet();
const archive = await loadArchive(set, Number(process.env.BENCH_AI_DOCUMENTS ?? 1000), {});
const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
const items = [
  ...set.questions.map((q) => ({ ...q })),
  ...set.absent.map((q) => ({ question: q.question, half: q.half, document: null, expected: null })),
];
const rows = [];
for (const q of items) {
  const started = performance.now();
  const r = await retrieve(ctx, archive.actor, q.question);
  const ms = performance.now() - started;
  const stats = await readQueryStats(
    ctx.db,
    r.analysis.asked.map((a) => a.word),
  );
  rows.push({
    ...q,
    ms,
    passages: stats.passages,
    df: stats.lexemes.map((l) => (l.length ? Math.max(...l.map((x) => x.df)) : -1)),
    asked: r.analysis.asked,
    ranked: r.ranked.map((p) => ({
      documentId: p.documentId,
      title: p.title,
      ordinal: p.ordinal,
      probability: p.probability,
      features: p.features,
      holds: q.expected
        ? p.text.replace(/\s+/g, " ").toLowerCase().includes(q.expected.replace(/\s+/g, " ").toLowerCase())
        : false,
    })),
  });
}
writeFileSync(out, JSON.stringify({ titles: archive.texts.map((t) => t.title), rows }));
await archive.t.close();
process.exit(0);
