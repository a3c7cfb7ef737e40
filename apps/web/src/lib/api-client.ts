/**
 * The one way the web reads the API, with seed §7/§8 semantics: cookies always sent, any non-ok
 * answer becomes `Error("{status}: {body text or status text}")`. Every JSON answer is parsed
 * with the zod schema the caller must pass (from @quire/contracts), or one loaded by the function
 * it passes (lib/lazy-schema.ts), so no answer is used on trust; an answer that does not match throws a `ResponseShapeError` with a readable message,
 * which screens show like any other error. `errorMessage` turns a thrown error into text for
 * people to read, in the interface's language.
 */
import type { z } from "zod";
import type { ApiErrorBody } from "@quire/contracts";
import { currentLanguage, i18n } from "./i18n";
import { takeEarlyResponse } from "./early-requests";

/** The error answer's body when it is Quire's own (contracts' ApiErrorBody), else null. */
function errorBody(text: string): Partial<ApiErrorBody> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy's HTML page, plain text).
  }
  return null;
}

export class ApiError extends Error {
  readonly status: number;
  /** What kind of refusal it is (contracts' apiErrorCodes), when the server said. */
  readonly code: string | null;
  /** What the code's text fills in. */
  readonly params: Record<string, string | number>;
  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    const body = errorBody(bodyText);
    this.code = typeof body?.code === "string" ? body.code : null;
    this.params = body?.params && typeof body.params === "object" ? body.params : {};
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
  // The session check public/boot.js sent before this code arrived; a failed one is sent again.
  const early = method === "GET" ? takeEarlyResponse(url) : undefined;
  const res = early ? await early.catch(once) : await once();
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

type Translate = (key: string, options?: Record<string, unknown>) => string;
const translate = (key: string, options?: Record<string, unknown>) =>
  (i18n.t as unknown as Translate).call(i18n, key, options);

/**
 * The catalogue's text for an error code, when it has one and it is the one to show: in English the
 * server's own message is shown instead when there is one, since it is English already and often
 * names more (which field, which stage); in other languages the code's text is.
 */
function codeText(error: ApiError, hasMessage: boolean): string | null {
  if (!error.code || (hasMessage && currentLanguage() === "en")) return null;
  const key = `common:errors.codes.${error.code}`;
  if (!i18n.exists(key)) return null;
  // Params are data: passed as `replace`, so none can be read as one of i18next's options.
  return translate(key, { replace: error.params });
}

/** The server's `{message}` in an error answer's body, when the body is one. */
function serverMessage(body: string): string | null {
  const parsed = errorBody(body);
  return typeof parsed?.message === "string" ? parsed.message : null;
}

/**
 * What to show a person, in the interface's language: the text of the error's code when the
 * catalogue has it, else the server's `{message}`, else the error text; `fallback` (or "Something
 * went wrong") when there is nothing readable.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = () => fallback ?? translate("common:errors.generic");
  if (!(error instanceof Error)) return otherwise();
  if (error.name === "TypeError" && /fetch/i.test(error.message)) return translate("common:errors.network");
  if (error instanceof ResponseShapeError) return translate("common:errors.unreadable");
  const match = statusPrefix.exec(error.message);
  if (!match) return error.message || otherwise();
  const body = match[2]?.trim() ?? "";
  const message = serverMessage(body);
  const coded = error instanceof ApiError ? codeText(error, message !== null) : null;
  if (coded !== null) return coded;
  if (message !== null) return message;
  return body.startsWith("<") || body === "" || errorBody(body) !== null ? otherwise() : body;
}
