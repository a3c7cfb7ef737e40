import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";

/** Tables of the running system (jobs, settings, set-up marks, sign-in throttling, waitlist): no foreign keys. */

/** Failed sign-ins, counted per username and per IP over a sliding window. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_failures_username_idx").on(t.username, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Organisation-wide settings (profile, feature toggles, default reviewers), one JSON value per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /** Same key, same work: enqueueing twice while one is pending is a no-op. */
    dedupeKey: text("dedupe_key"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: at("run_at").notNull().defaultNow(),
    lockedAt: at("locked_at"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("jobs_ready_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * Work that happens in time (jobs/schedule.ts): one row per declared schedule. The process that
 * claims a due row (FOR UPDATE SKIP LOCKED) moves next_run_at past now and enqueues the job in the
 * same transaction, so each occurrence fires once however many processes tick.
 */
export const schedules = pgTable("schedules", {
  name: text("name").primaryKey(),
  /** The declared rule as text ("cron 17 * * * *", "every 1800s"): a changed rule restarts the count. */
  rule: text("rule").notNull(),
  nextRunAt: at("next_run_at").notNull(),
  lastRunAt: at("last_run_at"),
  payload: jsonb("payload").notNull().default({}),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export const waitlist = pgTable("waitlist", {
  id: id(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/** Marks one-time set-up steps (demo seeding) so they run once per data directory or database. */
export const systemState = pgTable("system_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
