import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app";
import { bootstrap, type Seeder } from "../../src/bootstrap/bootstrap";
import { loadConfig, type Config } from "../../src/config";
import { createContext, type AppContext } from "../../src/context";
import { openDatabase, type DatabaseHandle } from "../../src/db/client";
import { createConverter, type Converter } from "../../src/ingest/convert-pool";
import { manualClock } from "../../src/lib/clock";
import type { JobRunner } from "../../src/jobs/runner";
import type { EventHub } from "../../src/modules/events/hub";
import { createJobRunner, startEventHub } from "../../src/services";
import { subscribers } from "../../src/subscribers";
import { ensurePostgresTemplate, TEMPLATE_ENV } from "./db-snapshot";
import { acquirePglite, closeIdlePglite } from "./pglite-pool";

export interface TestApp {
  /** The app; its inject() names this site in Origin on a change, as the web app's browser does (sendLikeABrowser). */
  app: FastifyInstance;
  /** inject() exactly as given: no Origin added, for tests of the cross-site rule itself. */
  injectAsSent(options: InjectOptions): Promise<LightMyRequestResponse>;
  ctx: AppContext;
  /** The job runner, not started: tests run queued jobs explicitly with runner.runUntilIdle(). */
  runner: JobRunner;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  /** Signs in (once per username, then reuses the cookie) and returns the Cookie header value. */
  cookieFor(username: string, password?: string): Promise<string>;
  /** An API request as a demo user (or anonymous with `as: null`). */
  /** This app's live event streams. */
  hub: EventHub;
  /** The database's URL when it is PostgreSQL (null for PGlite in memory). */
  databaseUrl: string | null;
  database: DatabaseHandle;
  /** Drops cached sign-ins, e.g. after moving the clock past their expiry. */
  forgetSessions(): void;
  request(
    method: InjectOptions["method"],
    url: string,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  as?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seeders?: Seeder[];
  /** Join the database of another test app (PostgreSQL only): two processes' worth of servers on one database. */
  shareDatabaseOf?: TestApp;
}

/**
 * The conversion workers every test app in this test process uses (files run one after another in
 * a worker that keeps its modules, isolate: false). A pool per app loaded a thread again in each of
 * some 40 files that upload, about 0.5 s of CPU each. Never closed: the process's end stops it.
 * Tests of the pool's own limits make pools of their own.
 */
let sharedConverter: Converter | undefined;

/**
 * What test apps share across a process (the conversion workers, the pooled databases), closed for
 * a process that must end by itself when its work is done (a benchmark); test workers need not.
 */
export async function closeSharedTestResources(): Promise<void> {
  const converter = sharedConverter;
  sharedConverter = undefined;
  await converter?.close();
  await closeIdlePglite();
}

/**
 * A real app on a real, empty database: PGlite in memory by default, or a throw-away database in
 * the PostgreSQL named by TEST_DATABASE_URL (created here, dropped at close).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quire-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DEMO: "true",
    LOG_LEVEL: "silent",
    // Hashes record their cost; at full cost the suite spent its time in scrypt (config.ts allows this only in tests).
    PASSWORD_HASHING: "fast-for-tests",
    // runUntilIdle runs one job at a time, so tests see their jobs' effects in the order queued; a
    // file about running several at once asks for more.
    JOB_CONCURRENCY: "1",
    ...options.env,
  });
  const { database, dropDatabase } = options.shareDatabaseOf?.databaseUrl
    ? {
        database: await openDatabase({ url: options.shareDatabaseOf.databaseUrl }),
        dropDatabase: async () => {},
      }
    : await openTestDatabase();
  const clock = manualClock(new Date());
  sharedConverter ??= createConverter();
  const ctx = createContext({
    config,
    database,
    subscribers,
    sessionSecret: "test-secret-".padEnd(48, "x"),
    clock,
    converter: sharedConverter,
  });
  // What main.ts starts, minus starting the runner: tests run queued jobs with runner.runUntilIdle().
  const runner = createJobRunner(ctx);
  const hub = await startEventHub(ctx);
  const stopJobListener = config.runWorker ? await ctx.jobs.listen(() => runner.wake()) : null;
  const app = await buildApp(ctx, { hub });
  await bootstrap(ctx, options.seeders);
  await app.ready();
  const injectAsSent = sendLikeABrowser(app);

  const cookies = new Map<string, string>();
  async function cookieFor(username: string, password = config.demoPassword): Promise<string> {
    const cached = cookies.get(username);
    if (cached) return cached;
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    cookies.set(username, cookie);
    return cookie;
  }

  async function request(method: InjectOptions["method"], url: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.as) headers.cookie = await cookieFor(opts.as);
    return app.inject({
      method,
      url,
      headers,
      ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions["payload"] }),
    });
  }

  return {
    app,
    injectAsSent,
    ctx,
    runner,
    hub,
    databaseUrl: database.url,
    database,
    clock,
    config,
    cookieFor,
    request,
    forgetSessions: () => cookies.clear(),
    async close() {
      await app.close();
      await runner.stop();
      await stopJobListener?.();
      await hub.stop();
      await ctx.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Makes `app.inject()` send what a browser running the web app sends with a change: an Origin
 * naming the site it was sent to (the request's Host, light-my-request's "localhost:80" unless a
 * test names another). The server refuses a change that neither Origin, `Sec-Fetch-Site:
 * same-origin` nor an API token vouches for; tests speak as the web app unless they say otherwise,
 * so a request that already carries Origin, Sec-Fetch-Site or a bearer token is sent as it is.
 * Returns the unwrapped inject, for tests of the rule itself.
 */
function sendLikeABrowser(app: FastifyInstance): (options: InjectOptions) => Promise<LightMyRequestResponse> {
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === "string" || !UNSAFE.has(String(options.method ?? "GET").toUpperCase()))
      return options;
    const headers = { ...(options.headers as Record<string, string> | undefined) };
    const named = Object.keys(headers).map((h) => h.toLowerCase());
    if (named.includes("origin") || named.includes("sec-fetch-site")) return options;
    if (/^Bearer /.test(headers.authorization ?? headers.Authorization ?? "")) return options;
    const host = headers.host ?? headers.Host ?? "localhost:80";
    return { ...options, headers: { ...headers, origin: `http://${host}` } };
  };
  // Fastify's inject is overloaded (a chain without arguments); only the one-call form is wrapped,
  // hence the cast through the loose signature.
  const loose = app.inject.bind(app) as (options?: InjectOptions | string) => unknown;
  (app as unknown as { inject: typeof loose }).inject = (options) =>
    options === undefined ? loose() : loose(withOrigin(options));
  return inject;
}

async function openTestDatabase(): Promise<{ database: DatabaseHandle; dropDatabase: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await acquirePglite(), dropDatabase: async () => {} };
  const template = process.env[TEMPLATE_ENV] || (await ensurePostgresTemplate(serverUrl));
  const throwaway = await createThrowawayDatabase(serverUrl, template);
  return { database: await openDatabase({ url: throwaway.url }), dropDatabase: throwaway.drop };
}

/**
 * A new database on the PostgreSQL server `serverUrl` names, for one test to own: empty, or a copy
 * of `template` (a migrated one, see db-snapshot.ts).
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quire_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function json<T = unknown>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export interface MultipartFile {
  name: string;
  bytes: Uint8Array;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte (file names, sizes). */
export function multipart(
  fields: Record<string, string>,
  file?: MultipartFile,
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----quire-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
