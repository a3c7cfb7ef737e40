/**
 * An import as a user would run it: documents uploaded through the API of a real app (PGlite),
 * then its job runner converts and indexes them while searches keep coming. Prints the time from
 * the first upload until every document is searchable and the search p95 during the indexing.
 */
import { createTestApp, json, multipart } from "../../apps/server/test/support/harness.js";
import type { CorpusDocument } from "./search-corpus.js";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `count` documents of `corpus` with distinct text: the API refuses a file already in the archive (409). */
function distinctDocuments(corpus: CorpusDocument[], count: number): CorpusDocument[] {
  const seen = new Set<string>();
  const out: CorpusDocument[] = [];
  for (const doc of corpus) {
    if (out.length >= count) break;
    if (seen.has(doc.body)) continue; // sibling packages often share their long description
    seen.add(doc.body);
    out.push(doc);
  }
  return out;
}

export async function measureImport(
  corpus: CorpusDocument[],
  count: number,
  queries: string[],
): Promise<void> {
  const docs = distinctDocuments(corpus, count);
  const t = await createTestApp();
  try {
    const [category] = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "admin" }),
    );
    const started = performance.now();
    // Two uploaders: each user may upload 600 documents a minute.
    for (const [index, doc] of docs.entries()) {
      const { body, headers } = multipart(
        { title: doc.title, categoryId: category!.id },
        { name: `${doc.title}.md`, bytes: Buffer.from(doc.body) },
      );
      const as = index % 2 === 0 ? "admin" : "author";
      const res = await t.request("POST", "/api/documents/upload", { as, body, headers });
      if (res.statusCode !== 201) throw new Error(`upload ${doc.title}: ${res.statusCode} ${res.body}`);
    }
    const uploaded = performance.now();
    const times: number[] = [];
    let indexing = true;
    const jobs = t.runner.runUntilIdle().finally(() => {
      indexing = false;
    });
    for (let i = 0; indexing; i++) {
      const q = queries[i % queries.length]!;
      const at = performance.now();
      const res = await t.request("GET", `/api/search?${new URLSearchParams({ q, limit: "10" })}`, {
        as: "admin",
      });
      if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode}`);
      times.push(performance.now() - at);
      // Leave the runner room to work: a user searches now and then, not in a tight loop.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await jobs;
    const searchable = performance.now();
    const last = docs[docs.length - 1]!;
    const found = json<Array<{ document: { title: string } }>>(
      await t.request("GET", `/api/search?${new URLSearchParams({ q: last.query ?? last.title })}`, {
        as: "admin",
      }),
    ).some((r) => r.document.title === last.title);
    console.log(
      `\n  import of ${docs.length} documents through the API (PGlite): uploaded in ${((uploaded - started) / 1000).toFixed(0)} s, all searchable ${((searchable - started) / 1000).toFixed(0)} s after the first upload (last one found by its description: ${found ? "yes" : "no"})`,
    );
    console.log(
      `  search while indexing: ${times.length} queries, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
  } finally {
    await t.close();
  }
}
