// Loops between domain module folders, which the file-level check cannot see: documents/a.ts may
// import search/b.ts while search/c.ts imports documents/d.ts, with no loop between files, and
// still neither folder can be read, changed or tested without the other. Run by `npm run lint:deps`
// on the modules alone: imports of the layers below (policies, events, db, …) are checked by
// .dependency-cruiser.cjs, and tests may reach into any module for their fixtures.
const base = require("./.dependency-cruiser.cjs");

const moduleFolder = "^apps/server/src/modules/[^/]+$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-module-folder-cycle",
      severity: "error",
      comment:
        "Two module folders import each other (directly or through others): the reaction belongs in a " +
        "subscriber to a domain event (events/catalog.ts), or what both need moves to a lower layer.",
      scope: "folder",
      from: { path: moduleFolder },
      to: { path: moduleFolder, circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: { path: "^apps/server/src/modules/" },
    exclude: { path: `${base.options.exclude.path}|\\.test\\.ts$` },
  },
};
