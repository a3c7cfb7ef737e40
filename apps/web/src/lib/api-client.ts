/**
 * The one way the web reads the API, with seed §7/§8 semantics: cookies always sent, any non-ok
 * answer becomes `Error("{status}: {body text or status text}")`. Every JSON answer is parsed
 * with the zod schema the caller must pass (from @quire/contracts), or one loaded by the function
 * it passes (lib/lazy-schema.ts), so no answer is used on trust; an answer that does not match throws a `ResponseShapeError` with a readable message,
 * which screens show like any other error. `errorMessage` turns a thrown error into text for
 * people to read.
 */
import type { z } from "zod";

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
  }
}

/** The server answered 2xx, but not in the shape its contract promises (a version skew or a bug). */
export class ResponseShapeError extends Error {
  readonly url: string;
  constructor(url: string, issues: readonly z.core.$ZodIssue[]) {
    const first = issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join(".")}` : "";
    super(`The server's answer to ${url} could not be read${where}: ${first?.message ?? "unexpected shape"}`);
    this.name = "ResponseShapeError";
    this.url = url;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** Checks a decoded answer against its contract; the only place an answer becomes typed. */
export function parseAnswer<S extends z.ZodType>(url: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ResponseShapeError(url, parsed.error.issues);
  return parsed.data;
}

/**
 * The schema an answer is checked with, or a function that loads it: the first page's requests
 * load theirs beside the request, so zod and the contracts stay out of the page's first code.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

async function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  return typeof source === "function" ? source() : source;
}

/** Sends the request while its schema loads (when it is not loaded yet), and waits for both. */
async function sendChecked<S extends z.ZodType>(
  url: string,
  source: SchemaSource<S>,
  options: RequestOptions,
): Promise<[Response, S]> {
  return Promise.all([send(url, options), loadSchema(source)]);
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (with its content type); omitted for body-less requests. */
  body?: unknown;
  /** Sent as multipart form data instead of JSON. */
  form?: FormData;
};

/**
 * A swap of the session's cookie in progress (the demo role switch). The swap ends the cookie
 * every request carries, so a request sent meanwhile would come back 401; requests wait for it.
 */
let sessionSwap: Promise<void> | null = null;

/**
 * Runs `swap`, which sends the request that replaces the session, while every other request
 * waits for it to end (then they carry the new cookie). The swap's own request starts before the
 * wait is set up, so it is not held. It answers what `swap` answers, which its own fetcher has
 * already checked against a schema.
 */
export async function swapSession<Result>(swap: () => Promise<Result>): Promise<Result> {
  const running = swap();
  const held = running.then(
    () => undefined,
    () => undefined,
  );
  sessionSwap = held;
  try {
    return await running;
  } finally {
    if (sessionSwap === held) sessionSwap = null;
  }
}

/** The longest `Retry-After` waited for before trying once more; a longer one is shown instead. */
const MAX_RETRY_WAIT_SECONDS = 10;

/**
 * Seconds to wait before sending again, when the server answered 503 with `Retry-After`: it was
 * busy with that kind of work and refused the request before doing any of it, so sending it again
 * (a change or an upload too) cannot apply it twice.
 */
export function retryDelaySeconds(res: {
  status: number;
  headers: { get(name: string): string | null };
}): number | null {
  if (res.status !== 503) return null;
  const header = res.headers.get("retry-after");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const seconds = Number(header);
  return seconds <= MAX_RETRY_WAIT_SECONDS ? seconds : null;
}

async function send(url: string, { method = "GET", body, form }: RequestOptions): Promise<Response> {
  if (sessionSwap) await sessionSwap;
  const json = body !== undefined && form === undefined;
  const once = () =>
    fetch(url, {
      method,
      headers: json ? { "Content-Type": "application/json" } : {},
      body: form ?? (json ? JSON.stringify(body) : undefined),
      credentials: "include",
    });
  const res = await once();
  // Busy: wait as asked and try once more; a second refusal is shown with the server's message.
  const delay = retryDelaySeconds(res);
  if (delay === null) return res;
  await res.text().catch(() => "");
  await new Promise((resolve) => setTimeout(resolve, delay * 1000));
  return once();
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A request whose JSON answer is parsed with `schema` (required: no answer is used unchecked). */
export async function apiFetch<S extends z.ZodType>(
  url: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const [res, loaded] = await sendChecked(url, schema, options);
  await throwIfResNotOk(res);
  return parseAnswer(url, loaded, await readJson(res));
}

/** Like `apiFetch`, but the statuses in `nullOn` (e.g. 404 "none yet") yield null instead of throwing. */
export async function apiFetchOrNull<S extends z.ZodType>(
  url: string,
  schema: SchemaSource<S>,
  nullOn: readonly number[],
  options: RequestOptions = {},
): Promise<z.output<S> | null> {
  const [res, loaded] = await sendChecked(url, schema, options);
  if (nullOn.includes(res.status)) return null;
  await throwIfResNotOk(res);
  return parseAnswer(url, loaded, await readJson(res));
}

/** A list answer plus its X-Total-Count header (the total for paging), each item parsed. */
export async function apiFetchPage<S extends z.ZodType>(
  url: string,
  itemSchema: SchemaSource<S>,
): Promise<{ items: z.output<S>[]; total: number | null }> {
  const [res, loaded] = await sendChecked(url, itemSchema, {});
  await throwIfResNotOk(res);
  const items = parseAnswer(url, loaded.array(), await readJson(res)) as z.output<S>[];
  const header = res.headers.get("x-total-count");
  const total = header === null ? null : Number(header);
  return { items, total: total !== null && Number.isFinite(total) ? total : null };
}

/** A command whose answer is not used (204 or an acknowledgement): only the status is checked. */
export async function apiCommand(method: NonNullable<RequestOptions["method"]>, url: string, body?: unknown) {
  const res = await send(url, { method, body });
  await throwIfResNotOk(res);
}

/** Raw bytes (an original file), for viewers that decode them themselves. */
export async function apiFetchBytes(url: string): Promise<ArrayBuffer> {
  const res = await send(url, {});
  await throwIfResNotOk(res);
  return res.arrayBuffer();
}

/** A file the server builds from a request (a zip of originals), with the answer's headers. */
export async function apiFetchFile(
  url: string,
  options: RequestOptions,
): Promise<{ blob: Blob; headers: Headers }> {
  const res = await send(url, options);
  await throwIfResNotOk(res);
  return { blob: await res.blob(), headers: res.headers };
}

const statusPrefix = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status carried by an error thrown above, or null for network and other errors. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = statusPrefix.exec(error.message);
    if (match?.[1]) return Number(match[1]);
  }
  return null;
}

/** What to show a person: the server's `{message}` when there is one, else the error text. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (!(error instanceof Error)) return fallback;
  if (error.name === "TypeError" && /fetch/i.test(error.message)) {
    return "Cannot reach the server. Check your connection and try again.";
  }
  const match = statusPrefix.exec(error.message);
  if (!match) return error.message || fallback;
  const body = match[2]?.trim() ?? "";
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): fall through to the raw text.
  }
  return body.startsWith("<") || body === "" ? fallback : body;
}
