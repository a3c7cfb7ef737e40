// `npm run reindex`: rebuilds the search index (passages, tsvectors, LSA model, embeddings) of the
// configured database. Run it with the server stopped when the database is embedded.
import { reindexAll } from "../modules/search/reindex";
import { openCliContext, runIfEntryPoint } from "./context";

export async function main(): Promise<number> {
  const cli = await openCliContext();
  try {
    let lastReported = 0;
    const summary = await reindexAll(cli.ctx, (done, total) => {
      if (done === total || performance.now() - lastReported > 2000) {
        lastReported = performance.now();
        process.stdout.write(`\rIndexed ${done}/${total} documents`);
      }
    });
    process.stdout.write("\n");
    console.log(
      `Search index rebuilt: ${summary.documents} documents, ${summary.passages} passages, ` +
        (summary.modelDims === null
          ? "too little text for a semantic model yet"
          : `semantic model of ${summary.modelDims} dimensions`) +
        `, in ${summary.seconds.toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await cli.close();
  }
}

runIfEntryPoint(import.meta.url, main);
