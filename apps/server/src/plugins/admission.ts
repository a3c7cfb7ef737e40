import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseKind } from "../db/client";

/**
 * The kinds of work a request can be, each admitted on its own: a flood of one kind (searches,
 * questions to the assistant) fills its own queue and is told to come back, while uploads,
 * reviews and reads keep their places. With embedded storage every query runs on the one thread
 * that answers requests, so letting everything in at once made every request slow, and some
 * timed out; refusing at once with 503 and `Retry-After` keeps each answer prompt.
 */
export type AdmissionKind = "search" | "ask" | "upload" | "writes" | "reads";

export interface AdmissionLimit {
  /** Requests of this kind handled at once. */
  concurrency: number;
  /** Requests waiting for a place; one more is refused at once. */
  queue: number;
  /** A request that waited this long for a place is refused rather than served late. */
  maxWaitMs: number;
  /** What `Retry-After` says, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Sized for a two-core machine. With embedded storage every query runs on the thread that answers
 * requests, one at a time, so few requests of each kind run at once and a request's queries wait
 * behind few others; PostgreSQL runs queries in parallel on its own processes and admits more.
 * Search and the assistant are the costliest reads (ranking, the answer model); uploads are
 * bounded by the conversion threads (two) anyway. A queue holds a few seconds' worth of its kind.
 */
export const ADMISSION_LIMITS: Record<DatabaseKind, Record<AdmissionKind, AdmissionLimit>> = {
  pglite: {
    search: { concurrency: 2, queue: 6, maxWaitMs: 5_000, retryAfterSeconds: 2 },
    ask: { concurrency: 1, queue: 3, maxWaitMs: 5_000, retryAfterSeconds: 3 },
    upload: { concurrency: 2, queue: 8, maxWaitMs: 10_000, retryAfterSeconds: 2 },
    writes: { concurrency: 4, queue: 32, maxWaitMs: 10_000, retryAfterSeconds: 1 },
    // A page of the web app asks for a dozen things at once; they queue rather than be refused.
    reads: { concurrency: 6, queue: 48, maxWaitMs: 10_000, retryAfterSeconds: 1 },
  },
  postgres: {
    search: { concurrency: 6, queue: 24, maxWaitMs: 10_000, retryAfterSeconds: 2 },
    ask: { concurrency: 3, queue: 12, maxWaitMs: 10_000, retryAfterSeconds: 3 },
    upload: { concurrency: 4, queue: 32, maxWaitMs: 10_000, retryAfterSeconds: 2 },
    writes: { concurrency: 12, queue: 96, maxWaitMs: 10_000, retryAfterSeconds: 1 },
    reads: { concurrency: 24, queue: 192, maxWaitMs: 10_000, retryAfterSeconds: 1 },
  },
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The kind of work this route is admitted as; without it, by its method (reads or writes). */
    admission?: AdmissionKind | "exempt";
  }
}

/**
 * Routes admitted as a kind of their own, by method and path (kept here, beside the limits, so the
 * routes' modules need not know about admission). A test checks that each names a real route.
 */
export const ADMISSION_ROUTES: Record<string, AdmissionKind | "exempt"> = {
  "GET /api/search": "search",
  "POST /api/ai/ask": "ask",
  "POST /api/documents/upload": "upload",
  "POST /api/documents/:id/versions": "upload",
  // Health is what monitors and load balancers ask; live-event streams stay open for hours.
  "GET /api/health": "exempt",
  "GET /api/events": "exempt",
  // Sign-in has its own accounting, and delays repeated failures by up to 8 s: queued among
  // changes, a password guesser would hold their places and refuse everyone's edits.
  "POST /api/auth/login": "exempt",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function kindOf(request: FastifyRequest): AdmissionKind | "exempt" {
  const url = request.routeOptions.url;
  // The web app's files and unknown paths (404) cost nothing worth queueing.
  if (url === undefined || !url.startsWith("/api/")) return "exempt";
  const configured = request.routeOptions.config.admission;
  if (configured) return configured;
  const listed = ADMISSION_ROUTES[`${request.method} ${url}`];
  if (listed) return listed;
  return SAFE_METHODS.has(request.method) ? "reads" : "writes";
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore with a bounded FIFO queue. */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limit: AdmissionLimit) {}

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves with a release function once the request may run, or with null when the queue is
   * full (at once) or the wait ran out.
   */
  enter(): Promise<(() => void) | null> {
    if (this.running < this.limit.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.limit.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(null);
        }, this.limit.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so a new arrival cannot jump the queue.
      if (next) next.admit();
      else this.running--;
    };
  }
}

const DESCRIPTIONS: Record<AdmissionKind, string> = {
  search: "searches",
  ask: "questions to the assistant",
  upload: "uploads",
  writes: "changes",
  reads: "requests",
};

declare module "fastify" {
  interface FastifyRequest {
    /** Gives the request's place back; set while it holds one. */
    admissionRelease?: () => void;
  }
}

/**
 * Admits each API request by its kind before anything else runs for it (before the session is
 * read: a refused request costs no query). The place is given back when the answer is sent or the
 * client goes away.
 */
export function registerAdmission(
  app: FastifyInstance,
  limits: Record<AdmissionKind, AdmissionLimit>,
): Record<AdmissionKind, AdmissionGate> {
  const gates = Object.fromEntries(
    Object.entries(limits).map(([kind, limit]) => [kind, new AdmissionGate(limit)]),
  ) as Record<AdmissionKind, AdmissionGate>;

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const kind = kindOf(request);
    if (kind === "exempt") return;
    const gate = gates[kind];
    const release = await gate.enter();
    if (!release) {
      const seconds = gate.limit.retryAfterSeconds;
      return reply
        .code(503)
        .header("retry-after", String(seconds))
        .send({ message: `The server is busy with ${DESCRIPTIONS[kind]}; try again in ${seconds} s.` });
    }
    if (request.raw.destroyed) {
      release();
      return;
    }
    request.admissionRelease = release;
    // "close" comes once the answer is sent or the connection is gone, whichever is first.
    reply.raw.once("close", release);
  });
  app.addHook("onResponse", async (request) => {
    request.admissionRelease?.();
  });
  return gates;
}
