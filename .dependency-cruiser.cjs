// The import graph of the server and the shared packages, checked by `npm run lint` (and so by CI):
// no import loop anywhere, and infrastructure never reaches into a domain module. ESLint's
// import-x/no-cycle sees one file at a time; this walks the whole graph once, including imports
// that only carry types (a type loop is still a loop for a reader).
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
      name: "infrastructure-not-to-domain",
      severity: "error",
      comment:
        "Infrastructure (db, jobs, storage, ingest, lib) must not import a domain module: the module " +
        "registers with the infrastructure (e.g. defineJob), never the other way round.",
      from: { path: "^apps/server/src/(db|jobs|storage|ingest|lib)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/server/src/modules/" },
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
