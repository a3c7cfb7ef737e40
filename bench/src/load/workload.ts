import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { QUICK_QUESTIONS } from "@quire/contracts";
import type { QuireTarget } from "./targets.js";

export interface EndpointResult {
  name: string;
  connections: number;
  requests: number;
  perSecond: number;
  /** Latency of the answered requests (2xx): a quick 503 is not an answer. */
  p50: number;
  p95: number;
  p99: number;
  /** Refused at once with 503 and Retry-After: admission control asking the client to come back. */
  busy: number;
  /** Answers with `Retry-After` among the 503s (all of them, if the server says when to come back). */
  busyWithRetryAfter: number;
  /**
   * Refused with 429 and Retry-After: over the signed-in user's per-minute limit for this kind of
   * request (one bench user sends every upload, far more than a person would), a rule, not a fault.
   */
  limited: number;
  /** Answers other than 2xx, 503 and 429 with Retry-After, and connection errors. */
  errors: number;
  /** Requests the client gave up on after its 30 s timeout. */
  timeouts: number;
  /** Status codes other than 2xx and 503, and connection errors, by count. */
  problems: string;
}

/** The value at quantile `q` of ascending `sorted` (0 for none). */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Real text for uploads: Debian's copyright files. */
function corpus(): string[] {
  const texts: string[] = [];
  for (const pkg of readdirSync("/usr/share/doc").sort()) {
    try {
      texts.push(readFileSync(path.join("/usr/share/doc", pkg, "copyright"), "utf8").slice(0, 4000));
    } catch {
      // no plain copyright file
    }
    if (texts.length >= 100) break;
  }
  return texts;
}

const SEARCHES = ["password", "backup policy", "vendor", "security incident", "retention", "access control"];

function multipart(categoryId: string, name: string, text: string) {
  const boundary = `----quire-load-${Math.random().toString(16).slice(2)}`;
  const part = (header: string, value: string) => `--${boundary}\r\n${header}\r\n\r\n${value}\r\n`;
  const body =
    part(`Content-Disposition: form-data; name="categoryId"`, categoryId) +
    part(
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/markdown`,
      text,
    ) +
    `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));

/** A fetch that, refused as busy (503), waits as Retry-After says and sends again, as clients do. */
async function patientFetch(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, init);
    const wait = Number(res.headers.get("retry-after"));
    if (res.status !== 503 || !Number.isFinite(wait) || attempt >= 30) return res;
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

async function api<T>(
  target: QuireTarget,
  cookie: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await patientFetch(`${target.baseUrl}${route}`, {
    method,
    headers: {
      cookie,
      origin: target.baseUrl,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Prepared {
  documentIds: string[];
  categoryId: string;
  /** Documents awaiting the reviewer's decision, one review request each. */
  reviewPool: string[];
}

/** Documents to read, and a pool of submissions for the reviewer to decide during the run. */
export async function prepare(target: QuireTarget, reviews: number): Promise<Prepared> {
  const { author } = target.cookies;
  const categories = await api<Array<{ id: string }>>(target, author, "GET", "/api/categories");
  const categoryId = categories[0]!.id;
  const texts = corpus();
  const reviewPool: string[] = [];
  for (let start = 0; start < reviews; start += 8) {
    const batch = Array.from({ length: Math.min(8, reviews - start) }, (_, i) => start + i);
    reviewPool.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const { body, contentType } = multipart(
            categoryId,
            `review-${n}.md`,
            `Review ${n}\n\n${texts[n % texts.length]}`,
          );
          const res = await patientFetch(`${target.baseUrl}/api/documents/upload`, {
            method: "POST",
            headers: { cookie: author, origin: target.baseUrl, "content-type": contentType },
            body,
          });
          if (res.status !== 201) throw new Error(`preparing an upload: ${res.status} ${await res.text()}`);
          const { id } = (await res.json()) as { id: string };
          await api(target, author, "POST", `/api/documents/${id}/submit-review`, {});
          return id;
        }),
      )),
    );
  }
  const documents = await api<Array<{ id: string }>>(target, author, "GET", "/api/documents?pageSize=500");
  return { documentIds: documents.map((d) => d.id), categoryId, reviewPool };
}

interface Endpoint {
  name: string;
  connections: number;
  cookie: string;
  /** Caps the run (the review pool is finite). */
  amount?: number;
  next(n: number): { method: "GET" | "POST" | "PATCH"; path: string; body?: string; contentType?: string };
}

function endpoints(target: QuireTarget, prepared: Prepared): Endpoint[] {
  const { author, reviewer } = target.cookies;
  const texts = corpus();
  const ids = prepared.documentIds;
  const json = "application/json";
  return [
    {
      name: "GET /api/documents",
      connections: 10,
      cookie: author,
      next: () => ({ method: "GET", path: "/api/documents" }),
    },
    {
      name: "GET /api/documents/:id",
      connections: 12,
      cookie: author,
      next: (n) => ({ method: "GET", path: `/api/documents/${ids[n % ids.length]}` }),
    },
    {
      name: "GET /api/search",
      connections: 10,
      cookie: author,
      next: (n) => ({
        method: "GET",
        path: `/api/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}`,
      }),
    },
    {
      name: "POST /api/ai/ask",
      connections: 6,
      cookie: author,
      next: (n) => ({
        method: "POST",
        path: "/api/ai/ask",
        body: JSON.stringify({ question: QUICK_QUESTIONS[n % QUICK_QUESTIONS.length] }),
        contentType: json,
      }),
    },
    {
      name: "POST /api/documents/upload",
      connections: 6,
      cookie: author,
      next: (n) => {
        const { body, contentType } = multipart(
          prepared.categoryId,
          `load-${n}.md`,
          `Load upload ${n}\n\n${texts[n % texts.length]}`,
        );
        return { method: "POST", path: "/api/documents/upload", body, contentType };
      },
    },
    {
      name: "PATCH /api/documents/:id/approval",
      connections: 6,
      cookie: reviewer,
      amount: prepared.reviewPool.length,
      next: (n) => ({
        method: "PATCH",
        path: `/api/documents/${prepared.reviewPool[n]}/approval`,
        body: JSON.stringify({ status: "Approved", comment: "Read under load" }),
        contentType: json,
      }),
    },
  ];
}

/** A client's wait for an answer: what a browser or script would wait before giving up. */
const CLIENT_TIMEOUT_MS = 30_000;

/**
 * `endpoint.connections` clients, each sending its next request once the last was answered, for
 * `seconds`. Refused as busy (503), a client waits as Retry-After says before sending again, as the
 * web app does: a client that came back at once would spend the server's time on refusals.
 */
async function runEndpoint(
  target: QuireTarget,
  endpoint: Endpoint,
  seconds: number,
): Promise<EndpointResult> {
  let n = 0;
  const answered: number[] = [];
  const statuses = new Map<number, number>();
  let busy = 0;
  let busyWithRetryAfter = 0;
  let limited = 0;
  let connectionErrors = 0;
  let timeouts = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end && (endpoint.amount === undefined || n < endpoint.amount)) {
      const next = endpoint.next(n++);
      const sent = performance.now();
      try {
        const res = await fetch(`${target.baseUrl}${next.path}`, {
          method: next.method,
          headers: {
            cookie: endpoint.cookie,
            // A change names its site, as the web app's pages do: the server refuses one without.
            origin: target.baseUrl,
            ...(next.contentType ? { "content-type": next.contentType } : {}),
          },
          body: next.body,
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        const took = performance.now() - sent;
        if (res.ok) {
          answered.push(took);
        } else if (res.status === 503) {
          busy++;
          const wait = Number(res.headers.get("retry-after"));
          if (res.headers.has("retry-after") && Number.isFinite(wait)) {
            busyWithRetryAfter++;
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          }
        } else if (res.status === 429 && res.headers.has("retry-after") && Number.isFinite(retryAfter(res))) {
          limited++;
          // Waits as asked, but not past the run's end: a client does not hold the bench open.
          const wait = Math.min(retryAfter(res) * 1000, Math.max(0, end - performance.now()));
          await new Promise((resolve) => setTimeout(resolve, wait));
        } else {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      } catch (error) {
        if ((error as Error).name === "TimeoutError") timeouts++;
        else connectionErrors++;
      }
    }
  };
  await Promise.all(Array.from({ length: endpoint.connections }, client));
  const duration = Math.min(performance.now(), end) - started;
  const problems = [...statuses].map(([code, count]) => `${count}×${code}`);
  if (connectionErrors > 0) problems.push(`${connectionErrors}×connection error`);
  answered.sort((a, b) => a - b);
  return {
    name: endpoint.name,
    connections: endpoint.connections,
    requests: answered.length,
    perSecond: answered.length / (duration / 1000),
    p50: Math.round(quantile(answered, 0.5)),
    p95: Math.round(quantile(answered, 0.95)),
    p99: Math.round(quantile(answered, 0.99)),
    busy,
    busyWithRetryAfter,
    limited,
    errors: [...statuses.values()].reduce((sum, c) => sum + c, 0) + connectionErrors,
    timeouts,
    problems: problems.join(", "),
  };
}

/** Every endpoint at once, 50 connections in all: the mixed workload. */
export async function runMixed(target: QuireTarget, prepared: Prepared, seconds: number, only?: string) {
  const wanted = only?.split(",").filter(Boolean) ?? [];
  const chosen = endpoints(target, prepared).filter(
    (e) => wanted.length === 0 || wanted.some((w) => e.name.includes(w)),
  );
  return Promise.all(chosen.map((e) => runEndpoint(target, e, seconds)));
}

/** The peer: all 50 connections on the bare route. */
export async function runPeer(
  baseUrl: string,
  seconds: number,
  connections: number,
): Promise<EndpointResult> {
  const answered: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${baseUrl}/api/ping`, connections, duration: seconds },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) answered.push(responseTime);
    });
  });
  answered.sort((a, b) => a - b);
  return {
    name: "peer: bare Fastify GET",
    connections,
    requests: result.requests.total,
    perSecond: result.requests.total / (result.duration || seconds),
    p50: Math.round(quantile(answered, 0.5)),
    p95: Math.round(quantile(answered, 0.95)),
    p99: Math.round(quantile(answered, 0.99)),
    busy: 0,
    busyWithRetryAfter: 0,
    limited: 0,
    errors: result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
    problems: "",
  };
}
