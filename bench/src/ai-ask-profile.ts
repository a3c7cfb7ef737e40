/**
 * Where an assistant question's time goes: the ask benchmark's archive loaded once, then the
 * retrieval's steps timed one by one for the check half's questions.
 * `npx tsx bench/src/ai-ask-profile.ts`
 */
import { analyseQuestion } from "@quire/textkit";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import { localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { matchingPassages } from "../../apps/server/src/modules/search/repository.js";
import { synonymsOf } from "../../apps/server/src/modules/search/wordnet.js";
import { loadArchive, loadEvalSet } from "./ai-ask-archive.js";

const set = loadEvalSet();
const archive = await loadArchive(set, Number(process.env.BENCH_AI_DOCUMENTS ?? 1000), {});
const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
const questions = set.questions
  .filter((q) => q.half === "check")
  .map((q) => q.question)
  .slice(0, 40);
const totals = new Map<string, number>();
const time = async <T>(name: string, f: () => Promise<T> | T): Promise<T> => {
  const started = performance.now();
  const out = await f();
  totals.set(name, (totals.get(name) ?? 0) + performance.now() - started);
  return out;
};
for (const q of questions) {
  const a = analyseQuestion(q);
  const words = a.asked.map((x) => x.word);
  await time("synonyms", () => words.map((w) => synonymsOf(ctx, w)));
  const h = await time("search hybrid", () =>
    searchPassages(ctx, archive.actor, words.join(" "), { limit: 8, mode: "hybrid" }),
  );
  await time("search default", () =>
    searchPassages(ctx, archive.actor, words.join(" "), { limit: 8, mode: "fulltext" }),
  );
  await time("search or", () =>
    searchPassages(ctx, archive.actor, words.join(" or "), { limit: 8, mode: "fulltext" }),
  );
  const stored = await time("matchingPassages", () =>
    matchingPassages(
      ctx.db,
      h.map((f) => f.documentId),
      words,
      h.map((f) => f.passageId),
      ["eng"],
    ),
  );
  totals.set("passages read", (totals.get("passages read") ?? 0) + stored.length);
  const r = await time("retrieve (whole)", () => retrieve(ctx, archive.actor, q));
  await time("localAnswer", () => localAnswer(r));
}
for (const [k, v] of totals)
  console.log(
    k.padEnd(20),
    (v / questions.length).toFixed(1),
    k === "passages read" ? "per question" : "ms per question",
  );
await archive.t.close();
process.exit(0);
