import { Cron } from "croner";
import type { Config } from "../config";
import type { JobDefinition } from "./define";

/** When a schedule fires: a cron pattern (minutes first, in UTC) or a fixed interval. */
export type ScheduleRule = { cron: string } | { everySeconds: number };

interface ScheduleSpec<P extends Record<string, unknown>> {
  /** Unique and stable: the schedule's row is found by it across restarts and processes. */
  name: string;
  /** The rule, or one read from the configuration (null turns the schedule off). */
  rule: ScheduleRule | ((config: Config) => ScheduleRule | null);
  /** What each occurrence enqueues: the work runs as a job, so a crash cannot lose it. */
  job: JobDefinition<P>;
  payload: P;
}

/** A declared schedule with its rule resolved against the configuration. */
export interface ActiveSchedule {
  name: string;
  /** The rule as stored: a changed declaration is noticed and the next occurrence recomputed. */
  ruleText: string;
  payload: Record<string, unknown>;
  /** The first occurrence strictly after `after`. */
  nextAfter(after: Date): Date;
  enqueue: JobDefinition<Record<string, unknown>>["enqueue"];
}

export interface ScheduleDefinition {
  name: string;
  /** Null when the configuration turns the schedule off. */
  activate(config: Config): ActiveSchedule | null;
}

function resolve(name: string, rule: ScheduleRule): Pick<ActiveSchedule, "ruleText" | "nextAfter"> {
  if ("cron" in rule) {
    // Evaluation only (no callback, so croner starts no timer); UTC, so every process agrees.
    const cron = new Cron(rule.cron, { timezone: "UTC", paused: true });
    return {
      ruleText: `cron ${rule.cron}`,
      nextAfter: (after) => {
        const next = cron.nextRun(after);
        if (!next)
          throw new Error(`schedule ${name}: '${rule.cron}' has no occurrence after ${after.toISOString()}`);
        return next;
      },
    };
  }
  if (!Number.isInteger(rule.everySeconds) || rule.everySeconds < 1)
    throw new Error(`schedule ${name}: everySeconds must be a whole number of seconds, at least 1`);
  const ms = rule.everySeconds * 1000;
  return { ruleText: `every ${rule.everySeconds}s`, nextAfter: (after) => new Date(after.getTime() + ms) };
}

/**
 * Work that happens in time, declared by the module that owns it, collected by the app like jobs
 * (services.ts). Each occurrence enqueues `job` with `payload`; exactly one process fires it, and
 * occurrences missed while nothing ran fire once, not once each. A cron rule is checked here, so a
 * malformed one fails at start-up with croner's reason.
 */
export function defineSchedule<P extends Record<string, unknown>>(spec: ScheduleSpec<P>): ScheduleDefinition {
  if (typeof spec.rule !== "function") resolve(spec.name, spec.rule);
  return {
    name: spec.name,
    activate(config) {
      const rule = typeof spec.rule === "function" ? spec.rule(config) : spec.rule;
      if (!rule) return null;
      return {
        name: spec.name,
        payload: spec.payload,
        ...resolve(spec.name, rule),
        // The payload was typed against the job where the schedule was declared.
        enqueue: (db, payload, options) => spec.job.enqueue(db, payload as P, options),
      };
    },
  };
}
