import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  chromium,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from "playwright-core";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Closes the browser, waiting at most 30 s: a Chromium that hangs on close must not hold the
 * rest of a test file's teardown. One left open goes when the file's process exits, at the latest
 * when its time limit (scripts/test.mjs) stops it.
 */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), 30_000);
  });
  const outcome = await Promise.race([browser.close().then(() => "closed" as const), limit]);
  clearTimeout(timer);
  if (outcome === "timeout") console.warn("Chromium did not close within 30 s; it goes with this process");
}

export async function newContext(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  // How long a wait for something the test expects (a text, a request's answer) lasts before it
  // fails. These waits assert that it happens, not how fast: with a second full test run beside
  // this one on two cores, a PDF upload's answer or a saved change's entry took over 10 s.
  context.setDefaultTimeout(30_000);
  nameTheSite(context.request, new URL(baseUrl).origin);
  return context;
}

/**
 * Requests a test sends through `context.request` (also `page.request`) come from no page, so they
 * carry no Origin, and the server refuses a change nothing vouches for. The web app's own fetches
 * name the site; these are made to say the same. What the browser itself sends is left alone.
 */
function nameTheSite(request: APIRequestContext, origin: string): void {
  type Send = (url: string, options?: { headers?: Record<string, string> }) => Promise<APIResponse>;
  const methods = ["post", "put", "patch", "delete", "fetch"] as const;
  for (const method of methods) {
    // Each has its own options type; they share `headers`, the only field touched here.
    const send = (request[method] as Send).bind(request);
    (request as unknown as Record<string, Send>)[method] = (url, options = {}) =>
      send(url, { ...options, headers: { origin, ...options.headers } });
  }
}

/**
 * Expected failed requests: the session check answers 401 when nobody is signed in. Chromium logs
 * it as a console error; anything else logged as an error fails the test.
 */
const expectedFailures: readonly { path: RegExp; status: number }[] = [
  { path: /\/api\/auth\/user$/, status: 401 },
];

function isExpected(message: ConsoleMessage): boolean {
  const url = message.location().url;
  const status = /status of (\d{3})/.exec(message.text())?.[1];
  return expectedFailures.some(
    (f) => f.path.test(new URL(url, "http://x").pathname) && String(f.status) === status,
  );
}

/** Collects console errors and uncaught page errors so a test can assert there were none. */
export function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !isExpected(message)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return () => errors;
}

export async function signIn(page: Page, username: string, password = "demo"): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };

/** Runs axe-core in the page; returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

export type Viewport = { width: number; height: number };

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors so far (see watchConsole). */
  consoleErrors: () => string[];
}

export interface SessionOptions {
  viewport?: Viewport;
  /**
   * The first-visit guided tour marked done (true, the default, so the tour that starts by itself
   * one second after Home loads cannot take the focus in a test about something else) or not
   * (false); null leaves the flag absent, as on a real first visit.
   */
  tourCompleted?: boolean | null;
  /** Where sign-in lands (through `?next=`); /home when omitted. */
  path?: string;
  /** Lets the page read and write the clipboard (copy-link buttons). */
  clipboard?: boolean;
}

/** A new browser context signed in as `username` through the login form, on `path`. */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  username: string,
  { viewport, tourCompleted = true, path, clipboard = false }: SessionOptions = {},
): Promise<Session> {
  const context = await newContext(browser, baseUrl, viewport);
  if (tourCompleted !== null)
    await context.addInitScript(
      (value) => localStorage.setItem("tour-completed", value),
      String(tourCompleted),
    );
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto(path ? `/login?next=${encodeURIComponent(path)}` : "/login");
  await signIn(page, username);
  const landing = path ? path.split("?")[0] : "/home";
  await page.waitForURL((url) => url.pathname === landing);
  // The signed-in app is built in slices once the session is known, behind the session's loading
  // line: the session is ready for a test once the app's top bar shows.
  await page.getByTestId("button-command-palette").waitFor();
  return { context, page, consoleErrors };
}

/**
 * How far the page scrolls sideways, and the element that sticks out furthest, so a failure
 * says where to look. Waits two frames first: a viewport change reflows on the next frame.
 */
export async function overflow(page: Page): Promise<{ excess: number; widest: string }> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  return page.evaluate(() => {
    const excess = document.documentElement.scrollWidth - window.innerWidth;
    // Name the element that sticks out furthest, so a failure says where to look; one inside a box
    // that scrolls or clips sideways (a tab strip, a wide table) pushes nothing, so is not named.
    // (No named function in here: the test's transpiler wraps those in a helper the page lacks.)
    let widest = "";
    let right = window.innerWidth;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body && !clipped; up = up.parentElement) {
        clipped = getComputedStyle(up).overflowX !== "visible";
      }
      if (clipped) continue;
      const r = el.getBoundingClientRect();
      if (r.right > right + 0.5 && r.width > 0) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${String(el.className).slice(0, 80)} → ${Math.round(r.right)} px`;
      }
    }
    return { excess, widest };
  });
}
