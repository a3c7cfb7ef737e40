// The import graph of the server and the shared packages, checked by `npm run lint` (and so by CI):
// no import loop anywhere, and no layer importing one above it (README, Architecture: the spine
// and infrastructure never reach into a domain module; modules register with them instead).
// ESLint's import-x/no-cycle sees one file at a time; this walks the whole graph once, including
// imports that only carry types (a type loop is still a loop for a reader). Loops between module
// folders are checked by .dependency-cruiser-folders.cjs, on the modules alone.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-import-loop",
      severity: "error",
      comment: "Modules import each other in a loop: move what both need into a third module.",
      from: { path: "^(apps/server/src|packages)/" },
      to: { circular: true },
    },
    {
      name: "no-upward-import",
      severity: "error",
      comment:
        "The registry (policies), the spine (events, jobs) and infrastructure (db, storage, ingest, " +
        "lib) must not import a domain module: the module registers with them (defineJob, " +
        "defineSubscriber) or the rule moves down to where both can read it, never the other way round.",
      from: {
        path: "^apps/server/src/(policies|events|jobs|db|storage|ingest|lib)/",
        pathNot: "\\.test\\.ts$",
      },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "no-upward-import-to-registry",
      severity: "error",
      comment:
        "The spine (events, jobs) and infrastructure (db, storage, ingest, lib) must not import the " +
        "policy registry: who may do what is decided above them, in routes and commands.",
      from: { path: "^apps/server/src/(events|jobs|db|storage|ingest|lib)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/policies/" },
    },
    {
      name: "production-stays-test-free",
      severity: "error",
      comment:
        "Server code outside *.test.ts must not import vitest or the test support: what only tests " +
        "need lives in apps/server/test/support, so the shipped app carries no test doubles or hooks.",
      from: { path: "^apps/server/src/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/test/|(^|/)node_modules/(vitest|@vitest)/" },
    },
    {
      name: "packages-stay-pure",
      severity: "error",
      comment: "contracts and textkit are shared by server and web: they never import an app.",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|drizzle)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require("node:path").join(__dirname, "apps/server/tsconfig.json") },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
