import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { overflow, seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { repoRoot } from "../support/server";
import { settingsSections } from "../../apps/web/src/config/settings-sections";
import { browserSuite } from "../support/suite";

/**
 * At 390 px no page scrolls sideways and axe finds no
 * serious or critical violation, for every route the web app declares (and the states a route
 * opens in: a search with results, a document with its summary panel, its Versions and Approvals
 * tabs), as each role that sees different controls. The route list is read from routes.ts itself,
 * so a new page is checked without anyone remembering to add it here.
 */
const suite = browserSuite();

const PHONE = { width: 390, height: 844 };

/** `paths.x.path` names used in routes.ts, resolved through paths.ts's patterns. */
function declaredRoutePatterns(): string[] {
  const routes = readFileSync(join(repoRoot, "apps/web/src/app/routes.ts"), "utf8");
  const pathsSource = readFileSync(join(repoRoot, "apps/web/src/config/paths.ts"), "utf8");
  const names = [...routes.matchAll(/paths\.(\w+)\.path/g)].map((m) => m[1]!);
  return names.map((name) => {
    const match = new RegExp(`\\b${name}: \\{\\s*path: "([^"]+)"`).exec(pathsSource);
    assert.ok(match, `paths.${name} has a path pattern`);
    return match[1]!;
  });
}

type Doc = { id: string; versionCount: number; categoryId: string };

async function fill(page: Page, pattern: string): Promise<string> {
  const docs = (await (await page.request.get("/api/documents?pageSize=100")).json()) as Doc[];
  const multi = docs.find((d) => d.versionCount >= 2) ?? docs[0];
  assert.ok(multi, "the demo has documents");
  return pattern
    .replace(":categoryId", multi.categoryId)
    .replace(":documentId", multi.id)
    .replace(":id", multi.id)
    .replace(":fromVersion", "1")
    .replace(":toVersion", String(Math.max(2, multi.versionCount)));
}

/** Every address a pattern stands for: each section of Settings for "/settings/*", else one. */
async function fillAll(page: Page, pattern: string): Promise<string[]> {
  if (pattern === "/settings/*")
    return settingsSections.map((section) => section.href).filter((href) => href !== "/settings");
  return [await fill(page, pattern)];
}

/**
 * Item 12: ids shown where a name exists, and names broken mid-word. Visible text only (inputs
 * holding share links are values, not text); a link whose text is itself a URL or path may show
 * an id, as a permalink must.
 */
async function idsAndBrokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || !uuid.test(text) || !parent.checkVisibility()) continue;
      if (/^\s*(https?:\/\/|\/)\S*\s*$/.test(text)) continue;
      problems.push(`id shown: "${text.trim().slice(0, 80)}"`);
    }
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      if (getComputedStyle(el).wordBreak !== "break-all" || !el.checkVisibility()) continue;
      const text = el.innerText.trim();
      if (text && !/^(https?:\/\/|\/)\S*$/.test(text)) problems.push(`break-all on "${text.slice(0, 60)}"`);
    }
    return problems;
  });
}

async function settle(page: Page): Promise<void> {
  // Named, so a page that never goes quiet says which one it is.
  await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch((error: Error) => {
    throw new Error(`${page.url()} never went quiet: ${error.message}`);
  });
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label="Loading page"]'));
  await page.waitForTimeout(300);
}

test("the route list covers the app", () => {
  const patterns = declaredRoutePatterns();
  for (const expected of ["/home", "/documents", "/document/:id", "/doc/:id", "/settings", "/settings/*"])
    assert.ok(patterns.includes(expected), expected);
});

for (const username of ["admin", "author", "reviewer", "approver", "viewer"]) {
  test(`no page scrolls sideways at 390 px or shows an id for a name, as ${username}`, async () => {
    const context = await suite.context(PHONE);
    await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await page.goto("/login");
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === "/home");

    const failures: string[] = [];
    const check = async (where: string) => {
      const { excess, widest } = await overflow(page);
      if (excess > 0) failures.push(`${where}: ${excess} px too wide (${widest})`);
      for (const problem of await idsAndBrokenWords(page)) failures.push(`${where}: ${problem}`);
      for (const v of await seriousAxeViolations(page))
        failures.push(`${where}: axe ${v.impact} ${v.id} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    };
    const urls = ["/", "/login", "/no/such/page"];
    for (const pattern of declaredRoutePatterns()) urls.push(...(await fillAll(page, pattern)));
    const documentUrl = await fill(page, "/document/:id");
    urls.push("/search?q=policy", `${documentUrl}?expand=summary`);
    for (const url of urls) {
      await page.goto(url);
      await settle(page);
      await check(url);
    }
    // The document's other tabs are the same route in another state.
    await page.goto(documentUrl);
    await settle(page);
    for (const tab of ["tab-versions", "tab-comments", "tab-approvals"]) {
      const trigger = page.getByTestId(tab);
      if ((await trigger.count()) === 0) continue;
      await trigger.click();
      await settle(page);
      await check(`${documentUrl} › ${tab}`);
    }
    // The notifications menu names people and documents too.
    await page.goto("/home");
    await settle(page);
    await page.getByTestId("button-notifications").click();
    await page.getByText("Recent Notifications").waitFor();
    await page.waitForLoadState("networkidle");
    for (const problem of await idsAndBrokenWords(page)) failures.push(`notifications: ${problem}`);
    await page.keyboard.press("Escape");
    assert.deepEqual(failures, [], failures.join("\n"));
    // The made-up path answers 404 for no document; nothing else may log an error.
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

async function phoneSession(username: string) {
  const context = await suite.context(PHONE);
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login");
  await signIn(page, username);
  await page.waitForURL((url) => url.pathname === "/home");
  return { context, page, consoleErrors };
}

test("chart labels on the dashboard and the Approval Dashboard never overlap at 390 px", async () => {
  const { context, page, consoleErrors } = await phoneSession("author");
  for (const [route, testId] of [
    ["/dashboard", "insights-chart"],
    ["/approvals", "approvals-chart"],
  ] as const) {
    await page.goto(route);
    const charts = page.getByTestId(testId);
    await charts.first().locator(".recharts-cartesian-axis-tick-value").first().waitFor();
    for (let i = 0; i < (await charts.count()); i++) {
      const labels = await charts
        .nth(i)
        .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
        .evaluateAll((nodes) =>
          nodes.map((n) => {
            const r = n.getBoundingClientRect();
            const angle = /rotate\((-?[\d.]+)/.exec(n.getAttribute("transform") ?? "")?.[1];
            return {
              x: Number(n.getAttribute("x")),
              left: r.left,
              right: r.right,
              angle: angle ? Number(angle) : 0,
              text: n.textContent ?? "",
            };
          }),
        );
      assert.ok(labels.length >= 2, "a chart with several labels");
      for (let k = 1; k < labels.length; k++) {
        const p = labels[k - 1]!;
        const q = labels[k]!;
        // Parallel rotated lines of text sit dx·sin(angle) apart; 11 px text needs about that much.
        const gap = p.angle ? (q.x - p.x) * Math.abs(Math.sin((p.angle * Math.PI) / 180)) : q.left - p.right;
        assert.ok(gap >= (p.angle ? 11 : 2), `"${p.text}" and "${q.text}" overlap (${gap.toFixed(1)} px)`);
      }
      for (const label of labels) {
        assert.ok(Array.from(label.text).length <= 12, `"${label.text}" is abbreviated`);
        // Days are named in the app's one date style ("Nov 3"), not as ISO days.
        assert.doesNotMatch(label.text, /\d{4}-\d{2}-\d{2}/, `${route}: "${label.text}"`);
      }
    }
  }
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
  // Seconds when well; bounded so a browser that stops answering fails this test, not the whole file.
  test(`the help-tour button covers no content at ${viewport.width} px`, { timeout: 180_000 }, async () => {
    const context = await suite.context(viewport);
    await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
    const page = await context.newPage();
    await page.goto("/login");
    await signIn(page, "author");
    await page.waitForURL((url) => url.pathname === "/home");
    for (const route of ["/home", "/dashboard"]) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      const button = page.getByTestId("button-help-tour");
      await button.waitFor();
      // At every scroll position, no visible text or control lies under the button.
      const covered = await page.evaluate(async () => {
        const found: string[] = [];
        const help = document.querySelector<HTMLElement>('[data-testid="button-help-tour"]')!;
        const step = Math.max(200, window.innerHeight / 2);
        for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
          window.scrollTo(0, y);
          // A frame lets fixed and sticky parts settle; bounded, because a headless Chromium under
          // load sometimes stops producing frames, and page.evaluate has no time limit of its own
          // (two browser runs stood still here until their file's limit).
          await new Promise((r) => {
            requestAnimationFrame(() => r(null));
            setTimeout(() => r(null), 100);
          });
          const box = help.getBoundingClientRect();
          for (const el of Array.from(
            document.querySelectorAll<HTMLElement>(
              "main a, main button, main p, main h1, main h2, main h3, main li, main td, main span",
            ),
          )) {
            if (help.contains(el) || el.contains(help) || !el.checkVisibility()) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            const hit = r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
            if (hit)
              found.push(
                `${el.tagName.toLowerCase()} "${(el.innerText || "").trim().slice(0, 40)}" at scroll ${y}`,
              );
          }
        }
        return found;
      });
      assert.deepEqual(covered, [], `${route}: ${covered.slice(0, 5).join("; ")}`);
    }
    await context.close();
  });
}

/** What a page itself says (the archive's own text left out), chart labels included. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector("main")!.cloneNode(true) as HTMLElement;
    for (const content of Array.from(
      main.querySelectorAll('[data-testid="document-content"], [data-testid="clean-content"]'),
    ))
      content.remove();
    const chartLabels = Array.from(main.querySelectorAll("svg text")).map((t) => t.textContent ?? "");
    document.body.append(main);
    const text = `${main.innerText}\n${chartLabels.join("\n")}`;
    main.remove();
    return text;
  });
}

test("one date style: no page shows a numeric or ISO date", async () => {
  const context = await suite.context({ width: 1440, height: 900 });
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, "admin");
  await page.waitForURL((url) => url.pathname === "/home");
  const docs = (await (await page.request.get("/api/documents?pageSize=100")).json()) as Doc[];
  const doc = docs.find((d) => d.versionCount >= 2) ?? docs[0]!;
  const found: string[] = [];
  // "11/24/2026", "24.11.2026", "2026-11-24" or "2026-11-24T…": formats other than lib/format.ts's.
  const foreign = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}/g;
  const scan = async (where: string) => {
    for (const match of (await pageText(page)).matchAll(foreign)) found.push(`${where}: ${match[0]}`);
  };
  const urls = [
    "/home",
    "/dashboard",
    "/documents",
    `/category/${doc.categoryId}`,
    "/approvals",
    ...settingsSections.map((section) => section.href),
    `/doc/${doc.id}`,
    `/document/${doc.id}`,
  ];
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    await scan(url);
  }
  for (const tab of ["tab-versions", "tab-approvals"]) {
    await page.getByTestId(tab).click();
    await settle(page);
    await scan(`/document/${doc.id} › ${tab}`);
  }
  await page.getByTestId("button-notifications").click();
  await page.getByText("Recent Notifications").waitFor();
  await page.waitForLoadState("networkidle");
  const menu = await page.getByRole("menu").innerText();
  for (const match of menu.matchAll(foreign)) found.push(`notifications: ${match[0]}`);
  assert.deepEqual(found, []);
  await context.close();
});
