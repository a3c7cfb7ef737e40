/**
 * Fits the document model (listwise), the confidence and the abstention threshold on the fit half
 * from the file ai-ask-dump.ts saved, and prints them with the fit-half figures at thresholds
 * around the one that refuses every absent topic: `npx tsx bench/src/ai-ask-tune.ts /tmp/fit.json`.
 */
import { documentFeatureVector, fitLogistic, fitSoftmax } from "@quire/textkit";
import { confidenceOf, evidenceOf, localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { byDocumentModel } from "../../apps/server/src/modules/ai/retrieve.js";
import type { ConfidenceModel } from "../../apps/server/src/modules/ai/ask-model.js";
import { loadDump, report } from "./ai-ask-explore.js";
const rows = loadDump(process.argv[2] ?? "/tmp/ask-fit.json");
const zero = [0, 0, 0, 0, 0, 0];
const base = rows.map((x) => ({
  ...x,
  r: { ...x.r, ranked: byDocumentModel(x.question, x.r.ranked, zero) },
}));
const docsOf = (x: (typeof base)[number]) => {
  const seen = new Map<string, (typeof x.r.ranked)[number]>();
  for (const p of x.r.ranked) if (!seen.has(p.documentId)) seen.set(p.documentId, p);
  return [...seen.values()];
};
const groups = base
  .filter((x) => x.document)
  .map((x) => {
    const d = docsOf(x);
    return {
      xs: d.map((p) => documentFeatureVector(p.documentFeatures)),
      right: d.findIndex((p) => p.title === x.document),
    };
  });
const w = fitSoftmax(groups, { l2: Number(process.env.L2 ?? 0.01) });
console.log(
  "DOCUMENT_MODEL",
  w.map((v) => Math.round(v * 1000) / 1000),
);
const fitted = rows.map((x) => ({ ...x, r: { ...x.r, ranked: byDocumentModel(x.question, x.r.ranked, w) } }));
const top = fitted.filter((x) => x.document && x.r.ranked[0]?.title === x.document).length;
console.log("ranked first", top);
const crow = fitted.map((x) => ({
  e: evidenceOf(x.r),
  right: !!x.document && x.r.ranked[0]?.title === x.document,
  absent: !x.document,
}));
const m = fitLogistic(
  crow
    .filter((c) => c.e)
    .map((c) => ({ x: [c.e!.logit, Math.min(4, c.e!.lead), c.e!.coverage, c.e!.title], y: c.right ? 1 : 0 })),
  { l2: 0.001, epochs: 3000, learningRate: 0.1, balance: false },
);
const conf: ConfidenceModel = { bias: m.bias, weights: m.weights as [number, number, number, number] };
console.log(
  "CONFIDENCE",
  JSON.stringify({
    bias: Math.round(m.bias * 1000) / 1000,
    weights: m.weights.map((v) => Math.round(v * 1000) / 1000),
  }),
);
const fmt = crow
  .map((c) => ({ c: confidenceOf(c.e, conf), t: c.absent ? "A" : c.right ? "R" : "w" }))
  .sort((a, b) => b.c - a.c);
console.log(fmt.map((o) => o.c.toFixed(2) + o.t).join(" "));
const maxAbsent = Math.max(...fmt.filter((o) => o.t === "A").map((o) => o.c));
const threshold = Math.ceil((maxAbsent + 0.001) * 100) / 100;
console.log("threshold refusing every absent", threshold);
for (const t of [threshold - 0.1, threshold - 0.05, threshold, threshold + 0.05])
  report(
    `t=${t.toFixed(2)}`,
    fitted,
    (r) => localAnswer(r, { threshold: t, confidence: conf }).answer,
    false,
  );
if (process.env.VERBOSE)
  report("v", fitted, (r) => localAnswer(r, { threshold, confidence: conf }).answer, true);
