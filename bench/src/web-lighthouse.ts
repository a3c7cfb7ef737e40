// Lighthouse (npm) driving Debian's Chromium against a real Quire process serving the built app
// with its demo data; signed-in pages get an Admin's session cookie.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { signIn, startServer } from "../../apps/server/test/reliability/server-process.js";

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  /** The two metrics that explain most of a performance score on these pages. */
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runLighthouse(
  webDist: string,
  paths: string[],
  options: { runs: number; preset: "desktop" | "mobile" },
): Promise<LighthouseScores[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-web-bench-"));
  const server = await startServer({ DATA_DIR: dataDir, DEMO: "true", WEB_DIST: webDist });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const cookie = await signIn(server.baseUrl, "admin");
    const results: LighthouseScores[] = [];
    for (const page of paths) {
      const runs: LighthouseScores[] = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(
          `${server.baseUrl}${page}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            // The landing page is public; the others are what a signed-in user sees.
            ...(page === "/" ? {} : { extraHeaders: { Cookie: cookie } }),
          },
          options.preset === "desktop" ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
        runs.push({
          path: page,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          largestContentfulPaintMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          totalBlockingTimeMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        });
      }
      results.push({
        path: page,
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        largestContentfulPaintMs: median(runs.map((r) => r.largestContentfulPaintMs)),
        totalBlockingTimeMs: median(runs.map((r) => r.totalBlockingTimeMs)),
      });
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
