import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiErrorBody } from "@quire/contracts";
import type { DatabaseKind } from "../db/client";
import { AdmissionGate, SharedPlaces, type AdmissionLimit } from "./admission-gate";

export { AdmissionGate, SharedPlaces, type AdmissionLimit } from "./admission-gate";

/**
 * The kinds of work a request can be, each admitted on its own: a flood of one kind (searches,
 * questions to the assistant) fills its own queue and is told to come back, while uploads,
 * reviews and reads keep their places. With embedded storage every query runs on the one thread
 * that answers requests, so letting everything in at once made every request slow, and some
 * timed out; refusing at once with 503 and `Retry-After` keeps each answer prompt.
 */
export type AdmissionKind = "search" | "ask" | "upload" | "writes" | "reads";

export interface AdmissionLimits {
  /** Places the kinds marked `shared` draw on besides their own: how many of them run at once in all. */
  sharedPlaces: number;
  kinds: Record<AdmissionKind, AdmissionLimit>;
}

/**
 * Sized for a two-core machine. With embedded storage every query runs on the thread that answers
 * requests, one at a time: each request in flight slows the others, and an upload (dozens of
 * statements, each waiting its turn behind every other request's) took 20 s under mixed load with
 * fifteen in flight. So reads, searches, questions and changes share three places in all, and
 * uploads have two of their own that no read can take. PostgreSQL runs queries in parallel on its
 * own processes and admits more. Search and the assistant are the costliest reads (ranking, the
 * answer model). An upload's own work on PostgreSQL is mostly waiting (receiving the body, storing
 * the file, statements on the database's processes): with four places, six steady uploaders waited
 * half their time in the queue and managed a third fewer uploads than with no limit, so it admits
 * eight; a PDF or DOCX among them still waits for one of the two conversion threads. A queue holds
 * a few seconds' worth of its kind.
 */
export const ADMISSION_LIMITS: Record<DatabaseKind, AdmissionLimits> = {
  pglite: {
    sharedPlaces: 3,
    kinds: {
      search: { concurrency: 2, queue: 6, maxWaitMs: 5_000, retryAfterSeconds: 2, shared: true },
      ask: { concurrency: 1, queue: 3, maxWaitMs: 5_000, retryAfterSeconds: 3, shared: true },
      upload: { concurrency: 2, queue: 8, maxWaitMs: 10_000, retryAfterSeconds: 2 },
      writes: { concurrency: 3, queue: 32, maxWaitMs: 10_000, retryAfterSeconds: 1, shared: true },
      // A page of the web app asks for a dozen things at once; they queue rather than be refused.
      reads: { concurrency: 3, queue: 48, maxWaitMs: 10_000, retryAfterSeconds: 1, shared: true },
    },
  },
  postgres: {
    sharedPlaces: Infinity,
    kinds: {
      search: { concurrency: 6, queue: 24, maxWaitMs: 10_000, retryAfterSeconds: 2 },
      ask: { concurrency: 3, queue: 12, maxWaitMs: 10_000, retryAfterSeconds: 3 },
      upload: { concurrency: 8, queue: 32, maxWaitMs: 10_000, retryAfterSeconds: 2 },
      writes: { concurrency: 12, queue: 96, maxWaitMs: 10_000, retryAfterSeconds: 1 },
      reads: { concurrency: 24, queue: 192, maxWaitMs: 10_000, retryAfterSeconds: 1 },
    },
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
  limits: AdmissionLimits,
): Record<AdmissionKind, AdmissionGate> {
  const shared = new SharedPlaces(limits.sharedPlaces);
  const gates = Object.fromEntries(
    Object.entries(limits.kinds).map(([kind, limit]) => [kind, new AdmissionGate(limit, shared)]),
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
        .send({
          message: `The server is busy with ${DESCRIPTIONS[kind]}; try again in ${seconds} s.`,
          code: "busy",
          params: { seconds },
        } satisfies ApiErrorBody);
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
