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
  p50: number;
  p99: number;
  errors: number;
  /** Status codes other than 2xx, and connection errors/timeouts, by count. */
  problems: string;
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

async function api<T>(
  target: QuireTarget,
  cookie: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${target.baseUrl}${route}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
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
          const res = await fetch(`${target.baseUrl}/api/documents/upload`, {
            method: "POST",
            headers: { cookie: author, "content-type": contentType },
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

function runEndpoint(target: QuireTarget, endpoint: Endpoint, seconds: number): Promise<EndpointResult> {
  let n = 0;
  const instance = autocannon({
    url: target.baseUrl,
    connections: endpoint.connections,
    duration: seconds,
    ...(endpoint.amount ? { amount: endpoint.amount } : {}),
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => {
          const next = endpoint.next(n++);
          return {
            ...request,
            method: next.method,
            path: next.path,
            body: next.body,
            headers: {
              cookie: endpoint.cookie,
              ...(next.contentType ? { "content-type": next.contentType } : {}),
            },
          };
        },
      },
    ],
  });
  return instance.then((result) => {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stat]) => `${stat.count}×${code}`);
    if (result.errors > 0) codes.push(`${result.errors}×connection error`);
    if (result.timeouts > 0) codes.push(`${result.timeouts}×timeout`);
    return {
      name: endpoint.name,
      connections: endpoint.connections,
      requests: result.requests.total,
      perSecond: result.requests.total / (result.duration || seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
      problems: codes.join(", "),
    };
  });
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
  const result = await autocannon({ url: `${baseUrl}/api/ping`, connections, duration: seconds });
  return {
    name: "peer: bare Fastify GET",
    connections,
    requests: result.requests.total,
    perSecond: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    problems: "",
  };
}
