import { readFileSync } from "node:fs";
import type { SystemInfo } from "@quire/contracts";
import type { AppContext } from "../../context";
import { APP_VERSION } from "../../version";

const startedAt = new Date().toISOString();

/** When the product last changed: the newest migration of this build (null if unreadable). */
function lastUpdate(): string | null {
  try {
    const journal = JSON.parse(
      readFileSync(new URL("../../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
    ) as {
      entries: Array<{ when: number }>;
    };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    return Number.isFinite(newest) ? new Date(newest).toISOString().slice(0, 10) : null;
  } catch {
    return null;
  }
}

/** Settings › System Information, read from the running build rather than written in the page. */
export function systemInfo(ctx: AppContext): SystemInfo {
  const environment = { production: "Production", development: "Development", test: "Test" }[ctx.config.env];
  return {
    version: `v${APP_VERSION}`,
    environment,
    database: ctx.dbKind,
    blobStore: ctx.config.blobStore,
    demo: ctx.config.demo,
    aiProvider: ctx.config.ai
      ? `OpenAI-compatible endpoint (${new URL(ctx.config.ai.baseUrl).host})`
      : "Built-in offline engine",
    nodeVersion: process.version,
    startedAt,
    lastUpdate: lastUpdate(),
  };
}
