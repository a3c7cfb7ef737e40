/**
 * Fetch helpers with seed §7/§8 semantics: cookies always sent, any non-ok answer becomes
 * `Error("{status}: {body text or status text}")`. The API answers errors as JSON `{message}`;
 * `errorMessage` turns the thrown text back into that message for people to read.
 */

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** Sends JSON only when there is a body, so body-less writes carry no content type. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** GET a JSON answer; statuses listed in `nullOn` yield null instead of throwing. */
export async function getJson<T>(url: string, nullOn: readonly number[] = []): Promise<T | null> {
  const res = await fetch(url, { credentials: "include" });
  if (nullOn.includes(res.status)) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
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
