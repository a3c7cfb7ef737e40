// `npm run lint` runs this: every installed package must support the Node.js version the README
// promises (package.json "engines"), so a dependency bump cannot silently require a newer Node.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const promised = semver.minVersion(
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node,
);
const offenders = [];

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      walk(folder);
      continue;
    }
    const manifest = path.join(folder, "package.json");
    if (existsSync(manifest)) {
      const { name, version, engines } = JSON.parse(readFileSync(manifest, "utf8"));
      if (typeof engines?.node === "string" && !semver.satisfies(promised, engines.node))
        offenders.push(`${name}@${version} wants node ${engines.node}`);
    }
    if (existsSync(path.join(folder, "node_modules"))) walk(path.join(folder, "node_modules"));
  }
}

for (const dir of [
  "node_modules",
  "apps/server/node_modules",
  "apps/web/node_modules",
  "bench/node_modules",
  "e2e/node_modules",
])
  if (existsSync(path.join(root, dir))) walk(path.join(root, dir));

if (offenders.length > 0) {
  console.error(
    `Dependencies that do not support Node ${promised} (package.json engines):\n  ${offenders.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`engines: every installed package supports Node ${promised}`);
