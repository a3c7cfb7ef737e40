// `npm run bench -- web`: builds the web app, prints each route's first-load JavaScript (gzipped)
// beside a bare React page built in the same run, then Lighthouse performance and accessibility
// for /, /home, /documents and /search, each against ≥ 95 (median of BENCH_WEB_RUNS runs, default
// 3; preset BENCH_WEB_PRESET=desktop|mobile, default desktop; BENCH_WEB_PAGES=/a,/b picks the
// pages; BENCH_WEB_LIGHTHOUSE=0 skips Lighthouse).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildPeer, firstLoadBytes, routeModules, webDist } from "./web-bundle.js";
import { runLighthouse } from "./web-lighthouse.js";

const FIRST_LOAD_BUDGET_KB = 200;
const LIGHTHOUSE_PATHS = process.env.BENCH_WEB_PAGES?.split(",") ?? ["/", "/home", "/documents", "/search"];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function runWebBench(): Promise<void> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("the web build failed");

  const peer = await buildPeer();
  console.log(`-- first-load JavaScript, gzipped (budget ${FIRST_LOAD_BUDGET_KB} KB for / and /home)`);
  console.log(`${"route".padEnd(12)} ${"KB".padStart(7)}  ${"× peer".padStart(7)}`);
  let failed = false;
  for (const [route, module] of Object.entries(routeModules)) {
    const bytes = firstLoadBytes(webDist, ["index.html", module]);
    const overBudget = (route === "/" || route === "/home") && bytes / 1024 > FIRST_LOAD_BUDGET_KB;
    failed ||= overBudget;
    console.log(
      `${route.padEnd(12)} ${kb(bytes).padStart(7)}  ${(bytes / peer).toFixed(2).padStart(7)}${overBudget ? "  OVER BUDGET" : ""}`,
    );
  }
  console.log(
    `${"peer".padEnd(12)} ${kb(peer).padStart(7)}  (a React page rendering one heading, Vite defaults)`,
  );

  if (process.env.BENCH_WEB_LIGHTHOUSE !== "0") {
    const preset = process.env.BENCH_WEB_PRESET === "mobile" ? "mobile" : "desktop";
    const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
    console.log(
      `\n-- Lighthouse (${preset} preset, median of ${runs}; targets: performance and accessibility ≥ 95)`,
    );
    console.log(
      `${"page".padEnd(12)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"LCP ms".padStart(7)} ${"TBT ms".padStart(7)}`,
    );
    for (const s of await runLighthouse(webDist, LIGHTHOUSE_PATHS, { runs, preset })) {
      const below = s.performance < 95 || s.accessibility < 95;
      failed ||= below;
      console.log(
        `${s.path.padEnd(12)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)} ${String(s.largestContentfulPaintMs).padStart(7)} ${String(s.totalBlockingTimeMs).padStart(7)}${below ? "  BELOW TARGET" : ""}`,
      );
    }
  }
  if (failed) process.exitCode = 1;
}
