import { after, before } from "node:test";
import type { Browser, BrowserContext } from "playwright-core";
import {
  closeBrowser,
  launchBrowser,
  newContext,
  openSession,
  type Session,
  type SessionOptions,
  type Viewport,
} from "./browser";
import { startServer, type RunningServer } from "./server";

export interface BrowserSuite {
  /** The file's server; started in `before`, so read it inside a test or hook. */
  readonly server: RunningServer;
  /** The file's Chromium; launched in `before`, after the server. */
  readonly browser: Browser;
  /** A new browser context on the server (see newContext). */
  context(viewport?: Viewport): Promise<BrowserContext>;
  /** A new browser context signed in as `username` (see openSession). */
  session(username: string, options?: SessionOptions): Promise<Session>;
}

/**
 * One server and one browser for the calling test file: registers `before` (start the server with
 * `env`, then launch the browser) and `after` (close the browser, then stop the server). Call it
 * once at the top level of the file.
 */
export function browserSuite(env?: Record<string, string>): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  before(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });

  after(async () => {
    await closeBrowser(browser);
    await server?.stop();
  });

  const running = (): RunningServer => {
    if (!server) throw new Error("the server starts in before(): use it inside a test or hook");
    return server;
  };
  const launched = (): Browser => {
    if (!browser) throw new Error("the browser launches in before(): use it inside a test or hook");
    return browser;
  };

  return {
    get server() {
      return running();
    },
    get browser() {
      return launched();
    },
    context: (viewport) => newContext(launched(), running().baseUrl, viewport),
    session: (username, options) => openSession(launched(), running().baseUrl, username, options),
  };
}

/**
 * 404s the document page expects while a document has no approval round, AI summary or
 * improvements; the page hides those sections. Chromium logs each failed fetch as a console error.
 */
export const documentPage404 = /status of 404.*\/api\/documents\/[^/]+\/(approval|summary|improvements)\)$/;

/** Console errors (see watchConsole) other than the document page's expected 404s. */
export const unexpectedErrors = (errors: string[]): string[] =>
  errors.filter((e) => !documentPage404.test(e));
