import { readFileSync } from "node:fs";
import type { SignInInfo, SystemInfo } from "@quire/contracts";
import { oidcRedirectUri } from "../../config";
import type { AppContext } from "../../context";
import { countJobsByStatus } from "../../jobs/queue";
import { canGlobal, type Actor } from "../../policies/policy";
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

/** How many background jobs wait, run and have failed for good: an Admin sees work pile up. */
async function jobCounts(ctx: AppContext): Promise<NonNullable<SystemInfo["jobs"]>> {
  const rows = await countJobsByStatus(ctx.db, ["queued", "running", "failed"]);
  const of = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  return { queued: of("queued"), running: of("running"), failed: of("failed") };
}

/**
 * How sign-in is configured, as the identity provider must be told it: the redirect URI is the one
 * sign-in sends (PUBLIC_URL's), the client secret never leaves.
 */
function signInInfo(ctx: AppContext): SignInInfo {
  const oidc = ctx.config.oidc;
  return {
    password: ctx.config.localLogin,
    sso: oidc
      ? {
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          redirectUri: oidcRedirectUri(oidc),
          scopes: oidc.scopes,
          roleClaim: oidc.roleClaim ?? null,
          roleMap: oidc.roleMap,
          groupsClaim: oidc.groupsClaim ?? null,
        }
      : null,
  };
}

/**
 * Settings › System Information, read from the running build rather than written in the page;
 * the job counts and the sign-in configuration only for those who manage settings.
 */
export async function systemInfo(ctx: AppContext, actor: Pick<Actor, "role">): Promise<SystemInfo> {
  const manages = canGlobal(actor, "settings.manage");
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
    jobs: manages ? await jobCounts(ctx) : null,
    signIn: manages ? signInInfo(ctx) : null,
  };
}
