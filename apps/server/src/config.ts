import { availableParallelism } from "node:os";
import path from "node:path";
import { roleSchema, type Role } from "@quire/contracts";
import { z } from "zod";
import type { PasswordHashing } from "./lib/passwords";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().url().optional(),
  BLOB_STORE: z.enum(["fs", "db"]).default("fs"),
  DEMO: booleanFromEnv.default(true),
  DEMO_PASSWORD: z.string().min(1).default("demo"),
  DEMO_DOCUMENTS: booleanFromEnv.default(true),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  BLOB_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(1800),
  BLOB_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).default(900),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WORKER: booleanFromEnv.default(true),
  CONVERSION_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  WEB_DIST: z.string().optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Quire <quire@localhost>"),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/,
      "TRUST_PROXY must be true, false, a hop count or addresses",
    )
    .default("false"),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().trim().min(1).default("openid profile email"),
  OIDC_ROLE_CLAIM: z.string().trim().min(1).optional(),
  OIDC_ROLE_MAP: z.string().trim().optional(),
  OIDC_GROUPS_CLAIM: z.string().trim().min(1).optional(),
  OIDC_GROUP_MAP: z.string().trim().optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).default("SSO"),
  LOCAL_LOGIN: booleanFromEnv.default(true),
  PASSWORD_HASHING: z.enum(["standard", "fast-for-tests"]).default("standard"),
  CLOCK_SHIFT: booleanFromEnv.default(false),
  CONSUME_DIR: z.string().trim().min(1).optional(),
  CONSUME_OWNER: z.string().trim().min(1).optional(),
  CONSUME_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  CONSUME_SCAN_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
});

export type Config = {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  blobStore: "fs" | "db";
  demo: boolean;
  demoPassword: string;
  /** With `demo`, also the sample archive (29 documents); without, demo users and categories only. */
  demoDocuments: boolean;
  /** Undefined means "generate one and keep it in dataDir" (see lib/secret.ts). */
  sessionSecret: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** How often a job-running process deletes unclaimed originals (0: never), and how old they must be. */
  blobSweep: { intervalSeconds: number; graceSeconds: number };
  logLevel: string;
  runWorker: boolean;
  /** Conversion and OCR worker threads (CONVERSION_THREADS; the machine's parallelism by default). */
  conversionThreads: number;
  /** Jobs one job runner works on at once (JOB_CONCURRENCY; see jobConcurrencyOf). */
  jobConcurrency: number;
  webDist: string | undefined;
  ai: { baseUrl: string; apiKey: string | undefined; model: string | undefined } | undefined;
  /**
   * Whether X-Forwarded-For/-Proto are believed: false (direct), true (any proxy), a hop count, or
   * the proxies' addresses/CIDRs. Behind an HTTPS proxy it makes the session cookie Secure.
   */
  trustProxy: boolean | number | string[];
  /** E-mail delivery of notifications; undefined when no SMTP server is configured. */
  mail: MailConfig | undefined;
  /** PUBLIC_URL without a trailing slash: where people open Quire (single sign-on's return address). */
  publicUrl: string | undefined;
  /** Single sign-on with OpenID Connect; undefined when OIDC_ISSUER is not set. */
  oidc: OidcConfig | undefined;
  /** Username and password sign-in (LOCAL_LOGIN); off only when single sign-on is configured. */
  localLogin: boolean;
  /** The cost of new password hashes: always "standard" outside NODE_ENV=test (loadConfig refuses the other). */
  passwordHashing: PasswordHashing;
  /** POST /api/system/clock moves the clock forward (CLOCK_SHIFT; loadConfig refuses it outside NODE_ENV=test). */
  clockShift: boolean;
  /** The watched folder (CONSUME_DIR); undefined when none is configured. */
  consume: ConsumeConfig | undefined;
};

export interface ConsumeConfig {
  /** Absolute path of the folder every job-running process scans. */
  dir: string;
  /** Username of the documents' owner (CONSUME_OWNER); the first Admin when absent. */
  owner: string | undefined;
  /** A file is taken once its size and modification time were unchanged for this long. */
  settleSeconds: number;
  /** How often the folder is scanned. */
  scanSeconds: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL without a trailing slash, required with single sign-on: its return address and `next`'s origin. */
  publicUrl: string;
  scopes: string;
  /** The ID token claim (dotted path allowed) whose values pick the role; undefined: roles are set in Quire. */
  roleClaim: string | undefined;
  /** Claim value → role, in priority order: the first entry the user's claim holds wins. */
  roleMap: Array<{ value: string; role: Role }>;
  /** The claim listing the user's groups, kept on the user at every sign-in. */
  groupsClaim: string | undefined;
  /** Provider group name → Quire group name; a provider group not listed maps to the Quire group of its own name. */
  groupMap: Map<string, string>;
  buttonLabel: string;
}

const OIDC_CALLBACK_PATH = "/api/auth/oidc/callback";

/**
 * Where the provider sends the browser back: always PUBLIC_URL's (required with single sign-on),
 * never an address taken from the request's Host header, which the client chooses. Sign-in and
 * Settings both read it here, so what an Admin registers is what is sent.
 */
export function oidcRedirectUri(config: OidcConfig): string {
  return `${config.publicUrl}${OIDC_CALLBACK_PATH}`;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
  /** Where people open Quire: links in e-mails point here. */
  publicUrl: string;
}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const oidc = parseOidc(e);
  const conversionThreads = e.CONVERSION_THREADS ?? availableParallelism();
  if (!e.LOCAL_LOGIN && !oidc) {
    throw new Error(
      "Invalid configuration: LOCAL_LOGIN=false turns password sign-in off, so OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must configure single sign-on (otherwise nobody could sign in)",
    );
  }
  if (e.PASSWORD_HASHING !== "standard" && e.NODE_ENV !== "test") {
    throw new Error(
      `Invalid configuration: PASSWORD_HASHING=${e.PASSWORD_HASHING} weakens stored passwords and is only accepted with NODE_ENV=test`,
    );
  }
  if (e.CLOCK_SHIFT && e.NODE_ENV !== "test") {
    throw new Error(
      "Invalid configuration: CLOCK_SHIFT=true lets an Admin move the server's clock forward and is only accepted with NODE_ENV=test",
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    blobStore: e.BLOB_STORE,
    demo: e.DEMO,
    demoPassword: e.DEMO_PASSWORD,
    demoDocuments: e.DEMO_DOCUMENTS,
    sessionSecret: e.SESSION_SECRET,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    blobSweep: { intervalSeconds: e.BLOB_SWEEP_INTERVAL_SECONDS, graceSeconds: e.BLOB_SWEEP_GRACE_SECONDS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    runWorker: e.WORKER,
    conversionThreads,
    jobConcurrency: e.JOB_CONCURRENCY ?? defaultJobConcurrency(conversionThreads, !e.DATABASE_URL),
    webDist: e.WEB_DIST,
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL } : undefined,
    mail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from: e.MAIL_FROM,
          publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
        }
      : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    oidc,
    localLogin: e.LOCAL_LOGIN,
    passwordHashing: e.PASSWORD_HASHING,
    clockShift: e.CLOCK_SHIFT,
    consume: e.CONSUME_DIR
      ? {
          dir: path.resolve(e.CONSUME_DIR),
          owner: e.CONSUME_OWNER,
          settleSeconds: e.CONSUME_SETTLE_SECONDS,
          scanSeconds: e.CONSUME_SCAN_SECONDS,
        }
      : undefined,
  };
}

/**
 * As many jobs at once as there are conversion threads, so OCR and conversions fill them. With
 * embedded storage (PGlite) every statement of every job runs on the thread that answers requests,
 * so by default no more than two jobs' statements take turns with the requests' there.
 */
export function defaultJobConcurrency(conversionThreads: number, embedded: boolean): number {
  return embedded ? Math.min(conversionThreads, 2) : conversionThreads;
}

/** The OIDC_* variables as one setting, or a start-up error naming what is missing or malformed. */
function parseOidc(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) {
    if (e.OIDC_ROLE_CLAIM || e.OIDC_ROLE_MAP || e.OIDC_GROUPS_CLAIM || e.OIDC_GROUP_MAP)
      throw new Error(
        "Invalid configuration: OIDC_ROLE_CLAIM, OIDC_ROLE_MAP, OIDC_GROUPS_CLAIM and OIDC_GROUP_MAP need OIDC_ISSUER",
      );
    return undefined;
  }
  const missing = Object.entries({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
  })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0 || !issuer || !clientId || !clientSecret)
    throw new Error(`Invalid configuration: single sign-on also needs ${missing.join(" and ")}`);
  const url = new URL(issuer);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    throw new Error(
      "Invalid configuration: OIDC_ISSUER must be an https:// URL (http:// only for localhost)",
    );
  if (!e.PUBLIC_URL)
    throw new Error(
      "Invalid configuration: single sign-on needs PUBLIC_URL (the address people open Quire at, e.g. https://quire.example.com): the identity provider sends them back to PUBLIC_URL/api/auth/oidc/callback, which must not be taken from a request's Host header",
    );
  if (!e.OIDC_SCOPES.split(/\s+/).includes("openid"))
    throw new Error('Invalid configuration: OIDC_SCOPES must include "openid"');
  const roleMap = parseRoleMap(e.OIDC_ROLE_MAP ?? "");
  if (roleMap.length > 0 && !e.OIDC_ROLE_CLAIM)
    throw new Error("Invalid configuration: OIDC_ROLE_MAP needs OIDC_ROLE_CLAIM (the claim it maps)");
  const groupMap = parseGroupMap(e.OIDC_GROUP_MAP ?? "");
  if (groupMap.size > 0 && !e.OIDC_GROUPS_CLAIM)
    throw new Error("Invalid configuration: OIDC_GROUP_MAP needs OIDC_GROUPS_CLAIM (the claim it maps)");
  return {
    issuer,
    clientId,
    clientSecret,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ""),
    scopes: e.OIDC_SCOPES,
    roleClaim: e.OIDC_ROLE_CLAIM,
    roleMap,
    groupsClaim: e.OIDC_GROUPS_CLAIM,
    groupMap,
    buttonLabel: e.OIDC_BUTTON_LABEL,
  };
}

/** "quire-admins=Admin,quire-authors=Author" → entries; a malformed entry or unknown role stops start-up. */
function parseRoleMap(value: string): Array<{ value: string; role: Role }> {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf("=");
      const claimValue = entry.slice(0, at).trim();
      const role = roleSchema.safeParse(entry.slice(at + 1).trim());
      if (at <= 0 || !claimValue || !role.success)
        throw new Error(
          `Invalid configuration: OIDC_ROLE_MAP entry "${entry}" must be claim-value=Role, the role one of ${roleSchema.options.join(", ")}`,
        );
      return { value: claimValue, role: role.data };
    });
}

/** "idp-legal=Legal,idp-hr=HR team" → provider group → Quire group; a malformed entry stops start-up. */
function parseGroupMap(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)) {
    const at = entry.indexOf("=");
    const from = entry.slice(0, at).trim();
    const to = entry.slice(at + 1).trim();
    if (at <= 0 || !from || !to)
      throw new Error(
        `Invalid configuration: OIDC_GROUP_MAP entry "${entry}" must be provider-group=Quire group`,
      );
    map.set(from, to);
  }
  return map;
}

/**
 * Settings that work for one process but break when several share a PostgreSQL database, each
 * as a sentence for the start-up log. Empty with embedded storage.
 */
export function scaleOutWarnings(config: Config): string[] {
  if (!config.databaseUrl) return [];
  const warnings: string[] = [];
  if (!config.sessionSecret) {
    warnings.push(
      "SESSION_SECRET is not set: this process signs sessions with a secret of its own, so other processes will not accept its sign-ins. Give every process the same SESSION_SECRET.",
    );
  }
  if (config.blobStore === "fs") {
    warnings.push(
      `BLOB_STORE=fs keeps originals in ${config.dataDir}/blobs on this machine: processes on other machines (workers included) cannot read them. Use BLOB_STORE=db, or one shared DATA_DIR.`,
    );
  }
  return warnings;
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}
