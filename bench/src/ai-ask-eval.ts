/**
 * The assistant on real text (bench/data/ask-eval.json): paraphrased questions about Debian
 * licences, manual pages, package descriptions and READMEs in an archive padded to ~1000 real
 * documents, reported on the check half only, beside a plain textbook BM25 written here.
 */
import { confidenceLevel, confidenceLevels, type AiAnswer } from "@quire/contracts";
import { ask, localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { loadArchive, loadEvalSet, type EvalQuestion } from "./ai-ask-archive.js";
import { fitBench, type Refit } from "./ai-ask-fit.js";
import { PlainBm25 } from "./plain-bm25.js";
import {
  quotesNonAnswering,
  retrievalStages,
  textsHoldFact,
  type FitCase,
  type HoldsFact,
} from "./ai-ask-learn.js";

const TOTAL_DOCUMENTS = Number(process.env.BENCH_AI_DOCUMENTS ?? 1000);

const normalise = (s: string) =>
  s
    .replace(/\s*\[\d+\]/g, "")
    .replace(/\s+/g, " ")
    .toLowerCase();

export function holdsFact(answer: AiAnswer, expected: string): boolean {
  return normalise(answer.answer).includes(normalise(expected));
}

/** Area under the ROC curve: the chance a right answer's confidence beats a wrong one's. */
export function auc(scored: Array<{ p: number; right: boolean }>): number {
  const right = scored.filter((s) => s.right).map((s) => s.p);
  const wrong = scored.filter((s) => !s.right).map((s) => s.p);
  if (right.length === 0 || wrong.length === 0) return NaN;
  let wins = 0;
  for (const r of right) for (const w of wrong) wins += r > w ? 1 : r === w ? 0.5 : 0;
  return wins / (right.length * wrong.length);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface PassReport {
  first: number;
  top3: number;
  fact: number;
  absentRefused: number;
  auc: number;
  p95: number;
}

const pct = (k: number, n: number) => `${((k / Math.max(1, n)) * 100).toFixed(1)}% (${k}/${n})`;

/** One pass of the check half through `ask` with the given context (local, or with a provider). */
type Answerer = (question: string) => Promise<AiAnswer>;

async function evaluate(
  name: string,
  answerer: Answerer,
  questions: EvalQuestion[],
  absent: string[],
  verbose: boolean,
  documentHolds: HoldsFact,
): Promise<PassReport> {
  const times: number[] = [];
  const timed = async (q: string) => {
    const started = performance.now();
    const answer = await answerer(q);
    times.push(performance.now() - started);
    return answer;
  };
  let first = 0;
  let led = 0;
  let top3 = 0;
  let fact = 0;
  let quotingTwo = 0;
  let nonAnswering = 0;
  let quotedNonAnswering = 0;
  let notCovered = 0;
  const scored: Array<{ p: number; right: boolean }> = [];
  for (const q of questions) {
    const answer = await timed(q.question);
    const titles = answer.citations.map((c) => c.title);
    const right = titles[0] === q.document;
    if (right) first++;
    // A declined answer points at the closest passage instead: what its reader is led to open.
    if ((titles[0] ?? answer.closest?.title) === q.document) led++;
    if (titles.slice(0, 3).includes(q.document)) top3++;
    const holds = holdsFact(answer, q.expected);
    if (holds) fact++;
    if (new Set(titles).size > 1) quotingTwo++;
    if (quotesNonAnswering(answer, q.document, q.expected, documentHolds)) nonAnswering++;
    if (quotesNonAnswering(answer, q.document, q.expected)) quotedNonAnswering++;
    if (answer.notCovered?.length) notCovered++;
    if (titles.length > 0) scored.push({ p: answer.confidence, right });
    if (verbose && (!right || !holds))
      console.log(
        `    ${right ? "fact missed" : "miss"}: "${q.question}" → ${titles[0] ?? "(refused)"} (${answer.confidence}); want ${q.document}: "${q.expected}"`,
      );
  }
  let refused = 0;
  for (const q of absent) {
    const answer = await timed(q);
    // Saying the archive does not mention what was asked is a refusal, though the closest text is cited.
    if (answer.citations.length === 0 || answer.notCovered?.length) refused++;
    else {
      scored.push({ p: answer.confidence, right: false });
      if (verbose)
        console.log(`    answered absent: "${q}" → ${answer.citations[0]?.title} (${answer.confidence})`);
    }
  }
  reliabilityTable(scored);
  const n = questions.length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const area = auc(scored);
  const report: PassReport = {
    first: first / n,
    top3: top3 / n,
    fact: fact / n,
    absentRefused: refused / absent.length,
    auc: area,
    p95: percentile(times, 95),
  };
  console.log(`  ${name}:`);
  console.log(`    first citation is the right document   ${pct(first, n)}`);
  console.log(`      or a declined answer's closest passage ${pct(led, n)}`);
  console.log(`    right document in the top 3 citations  ${pct(top3, n)}`);
  console.log(`    answer contains the expected fact      ${pct(fact, n)}`);
  console.log(`    absent topics refused                  ${pct(refused, absent.length)}`);
  console.log(`    answerable questions said not covered  ${pct(notCovered, n)}`);
  console.log(
    `    answers quoting two or more documents ${quotingTwo}; quoting one that is not the asked document and whose text does not hold the fact ${nonAnswering} (whose quoted sentences do not: ${quotedNonAnswering})`,
  );
  console.log(
    `    mean confidence, answers right ${mean(scored.filter((s) => s.right).map((s) => s.p)).toFixed(2)} vs wrong ${mean(scored.filter((s) => !s.right).map((s) => s.p)).toFixed(2)}; AUC ${area.toFixed(3)} (${scored.length} answers)`,
  );
  console.log(
    `    latency p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms (${times.length} questions)`,
  );
  return report;
}

/**
 * Observed accuracy per confidence level (the level the UI shows): of the answers given at each
 * level (answerable questions and absent topics alike), the share whose first citation is right.
 */
export function reliabilityTable(scored: ReadonlyArray<{ p: number; right: boolean }>): void {
  console.log(
    "    reliability (answers given, by the level shown; right = first citation is the asked document):",
  );
  for (const level of confidenceLevels) {
    const at = scored.filter((s) => confidenceLevel(s.p) === level);
    const right = at.filter((s) => s.right).length;
    const share = at.length ? `${((right / at.length) * 100).toFixed(1)}%` : "—";
    console.log(
      `      ${level.padEnd(6)} ${String(at.length).padStart(4)} answers, ${share} right (${right})`,
    );
  }
}

export async function askEvalBench(): Promise<void> {
  const set = loadEvalSet();
  const providerEnv: Record<string, string> = {};
  for (const key of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"]) {
    const value = process.env[key];
    if (value) providerEnv[key] = value;
  }
  const archive = await loadArchive(set, TOTAL_DOCUMENTS, {});
  try {
    const check = set.questions.filter((q) => q.half === "check");
    const absent = set.absent.filter((q) => q.half === "check").map((q) => q.question);
    const kinds = new Set(set.documents.map((d) => d.kind));
    console.log(
      `Assistant on real text (${[...kinds].join(", ")}): ${archive.texts.length} documents loaded in ${archive.seconds.toFixed(0)} s${archive.missing.length ? `, ${archive.missing.length} sources missing or too short on this machine (${archive.missing.slice(0, 5).join(", ")})` : ""}`,
    );
    const loadedTitles = new Set(archive.texts.map((d) => d.title));
    const answerable = check.filter((q) => loadedTitles.has(q.document));
    console.log(
      `  check half: ${answerable.length} questions with a known source document, ${absent.length} on absent topics (fit half: ${set.questions.length - check.length} + ${set.absent.length - absent.length}, not reported)`,
    );
    const bm25 = new PlainBm25(archive.texts.map((d) => `${d.title}\n${d.markdown}`));
    const bm25First = answerable.filter(
      (q) => archive.texts[bm25.rank(q.question, 1)[0] ?? -1]?.title === q.document,
    ).length;
    console.log(
      `  plain BM25 (k1 1.2, b 0.75, no stemming), top document right  ${pct(bm25First, answerable.length)}`,
    );
    const offlineSearch = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
    let searchFirst = 0;
    for (const q of answerable) {
      const [top] = await searchPassages(offlineSearch, archive.actor, q.question, { limit: 1 });
      if (top?.title === q.document) searchFirst++;
    }
    console.log(
      `  Quire search's own top result right (the first citation's floor)  ${pct(searchFirst, answerable.length)}`,
    );
    const fitting = process.env.BENCH_AI_FIT;
    const refit: Refit =
      fitting === "1" || fitting === "all"
        ? "all"
        : fitting === "document" || fitting === "confidence"
          ? fitting
          : null;
    const verbose = process.env.BENCH_AI_VERBOSE === "1";
    const holds = textsHoldFact(archive.texts);
    const models = await fitBench(archive, set, refit, holds);
    const offline = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
    const answerer: Answerer = refit
      ? async (q) =>
          localAnswer(await retrieve(offline, archive.actor, q, models.reranker, models.document), models)
            .answer
      : (q) => ask(offline, archive.actor, q);
    if (refit && verbose) {
      const fit = set.questions.filter((q) => q.half === "fit" && loadedTitles.has(q.document));
      const fitAbsent = set.absent.filter((q) => q.half === "fit").map((q) => q.question);
      await evaluate(
        "FIT half with the models just fitted (for tuning only)",
        answerer,
        fit,
        fitAbsent,
        verbose,
        holds,
      );
    }
    const local = await evaluate(
      "Quire ask, offline engine (check half)",
      answerer,
      answerable,
      absent,
      verbose && !refit,
      holds,
    );
    const stages: FitCase[] = [];
    for (const q of answerable) {
      const retrieval = await retrieve(offline, archive.actor, q.question, models.reranker, models.document);
      stages.push({ retrieval, document: q.document, expected: q.expected });
    }
    console.log(`    where the right document is lost (counts only): ${retrievalStages(stages)}`);
    const ratio = local.first / Math.max(1e-9, bm25First / answerable.length);
    console.log(
      `  targets: first ≥ 80% and ≥ 1.15× BM25 (${(local.first * 100).toFixed(1)}%, ${ratio.toFixed(2)}×); absent refused ≥ 95% (${(local.absentRefused * 100).toFixed(1)}%); fact ≥ 70% (${(local.fact * 100).toFixed(1)}%); p95 ≤ 300 ms (${local.p95.toFixed(0)}); AUC ≥ 0.75 (${local.auc.toFixed(3)})`,
    );
    if (providerEnv.AI_BASE_URL) {
      const config = {
        ...archive.t.ctx.config,
        ai: { baseUrl: providerEnv.AI_BASE_URL, apiKey: providerEnv.AI_API_KEY, model: providerEnv.AI_MODEL },
      };
      const ctx = { ...archive.t.ctx, config };
      await evaluate(
        `Quire ask through the provider at ${providerEnv.AI_BASE_URL} (check half)`,
        (q) => ask(ctx, archive.actor, q),
        answerable,
        absent,
        false,
        holds,
      );
    } else {
      console.log("  provider path: AI_BASE_URL is not set, so only the offline engine was measured");
    }
  } finally {
    await archive.t.close();
  }
}
