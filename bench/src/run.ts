// `npm run bench -- <name> [...]`: runs benchmarks; each prints its figure beside a peer's
// figure measured in the same run. With no name, runs every benchmark.
import { closeSharedTestResources } from "../../apps/server/test/support/harness.js";
import { runAiBench } from "./ai";
import { runIngestBench } from "./ingest";
import { runRiskBench } from "./ai-risk";
import { runLoadBench } from "./load";
import { runSearchBench } from "./search";
import { runWebBench } from "./web";

const benchmarks: Record<string, { describe: string; run: () => Promise<void> }> = {
  ai: {
    describe: "classifier accuracy on Debian package sections beside baselines; ask citations vs full-text",
    run: runAiBench,
  },
  risk: {
    describe:
      "risk-note precision, summary checks and change-analysis accuracy on labelled real documents and edits",
    run: runRiskBench,
  },
  ingest: {
    describe:
      "PDF pages/s beside poppler's pdftotext; DOCX documents/s; OCR s/page; documents/s arrival → searchable via folder and API with search p95",
    run: runIngestBench,
  },
  load: {
    describe:
      "mixed API load (autocannon, 50 connections, 60 s) on PGlite and PostgreSQL beside bare Fastify",
    run: runLoadBench,
  },
  search: {
    describe: "search p50/p95 at 10k/100k passages beside plain ts_rank_cd; MRR@10 full-text vs hybrid",
    run: runSearchBench,
  },
  web: {
    describe: "first-load JS per route beside a bare React page; Lighthouse on /, /home, /documents, /search",
    run: runWebBench,
  },
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = requested.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(", ")}. Available:`);
    for (const [name, b] of Object.entries(benchmarks)) console.error(`  ${name.padEnd(10)} ${b.describe}`);
    process.exit(2);
  }
  try {
    for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
      console.log(`\n== ${name}: ${benchmarks[name]!.describe}`);
      await benchmarks[name]!.run();
    }
  } finally {
    // Test apps share conversion workers and pooled PGlite databases; open, they keep the process alive.
    await closeSharedTestResources();
  }
}

await main();
