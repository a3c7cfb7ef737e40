import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { Viewport } from "../support/browser";
import { browserSuite } from "../support/suite";
import { GERMAN_PAGES, type GermanPage } from "../support/german-pages";

/**
 * The interface speaks the language each user chose in Settings › Account: the shell and Home
 * switch at once, a reload keeps it, and another device the same user signs in on shows it too.
 * English stays the default for everyone who has not chosen.
 */
const suite = browserSuite();

const WIDTHS: (Viewport & { user: string })[] = [
  { width: 1280, height: 800, user: "author" },
  { width: 390, height: 844, user: "approver" },
];

type Strings = {
  lang: string;
  option: string;
  settingsTitle: string;
  /** What the shell and Home show in this language, by test id. */
  shown: Record<string, string>;
  /** Texts of the English interface that must be gone. */
  absentEnglish: string[];
};

const GERMAN: Strings = {
  lang: "de",
  option: "Deutsch",
  settingsTitle: "Einstellungen",
  shown: {
    "text-page-title": "Startseite",
    "home-page": "Willkommen bei Quire",
    "stat-total": "Dokumente insgesamt",
    "recent-documents": "Neueste Dokumente",
    "link-view-all": "Alle anzeigen",
    "button-command-palette": "Schnellsuche",
  },
  absentEnglish: [
    "Welcome to Quire",
    "Recent Documents",
    "Total Documents",
    "View All",
    "All rights reserved",
    "Search Documents",
    "Browse by category",
  ],
};

const FRENCH: Strings = {
  lang: "fr",
  option: "Français",
  settingsTitle: "Paramètres",
  shown: {
    "text-page-title": "Accueil",
    "home-page": "Bienvenue sur Quire",
    "stat-total": "Total des documents",
    "recent-documents": "Documents récents",
    "link-view-all": "Tout afficher",
  },
  absentEnglish: ["Welcome to Quire", "Recent Documents", "All rights reserved", "Search Documents"],
};

/** The sidebar's links in this language: a column on a wide screen, the drawer on a phone. */
const GERMAN_NAV: Record<string, string> = {
  "nav-home": "Startseite",
  "nav-documents": "Alle Dokumente",
  "nav-approvals": "Freigaben",
  "nav-settings": "Einstellungen",
  "button-take-tour": "Tour starten",
};
const ENGLISH_NAV = ["Home", "All Documents", "Approvals", "Settings", "Take Tour"];

async function chooseLanguage(page: Page, strings: Strings) {
  await page.goto("/settings/account");
  await page.getByTestId("card-language").waitFor();
  await page.getByTestId("select-language").click();
  await page.getByRole("option", { name: strings.option }).click();
  // The page switches without a reload once the server has kept the choice.
  await page.getByRole("heading", { level: 1, name: strings.settingsTitle }).waitFor();
  assert.equal(await page.getAttribute("html", "lang"), strings.lang);
  assert.match((await page.getByTestId("select-language").textContent()) ?? "", new RegExp(strings.option));
}

/** Home in `strings`' language: its known texts shown, the English ones gone. */
async function assertHomeSpeaks(page: Page, strings: Strings, where: string) {
  await page.getByTestId("home-page").getByText(strings.shown["home-page"]!).waitFor();
  await page.getByTestId("stat-total-value").waitFor();
  assert.equal(await page.getAttribute("html", "lang"), strings.lang, `${where}: <html lang>`);
  for (const [testId, text] of Object.entries(strings.shown)) {
    const content = (await page.getByTestId(testId).first().textContent()) ?? "";
    assert.ok(content.includes(text), `${where}: ${testId} shows "${text}", got "${content.slice(0, 80)}"`);
  }
  const body = await page.locator("body").innerText();
  for (const english of strings.absentEnglish) {
    assert.ok(!body.includes(english), `${where}: "${english}" is still English`);
  }
  // Relative times in the recent list are no longer English ("3 d ago").
  assert.ok(!/\d+ (min|h|d) ago|just now/.test(body), `${where}: an English relative time`);
}

/** The sidebar (or, on a phone, the drawer) in German, without its English link names. */
async function assertGermanNavigation(page: Page, phone: boolean) {
  if (phone) await page.getByTestId("button-menu").click();
  const sidebar = page.getByTestId("sidebar");
  await sidebar.waitFor();
  for (const [testId, text] of Object.entries(GERMAN_NAV)) {
    assert.equal((await sidebar.getByTestId(testId).textContent())?.trim(), text, testId);
  }
  const links = await sidebar.innerText();
  for (const english of ENGLISH_NAV) {
    assert.ok(!links.split("\n").includes(english), `the sidebar still says "${english}"`);
  }
  if (phone) {
    await page.keyboard.press("Escape");
    await sidebar.waitFor({ state: "detached" });
  }
}

for (const viewport of WIDTHS) {
  const phone = viewport.width < 768;
  test(`at ${viewport.width} px a user's German follows them across reloads and devices, and French likewise`, async () => {
    const size = { width: viewport.width, height: viewport.height };
    const first = await suite.session(viewport.user, { viewport: size });
    const { page } = first;
    // Nobody chose yet: English, as the browser asks.
    await page.getByTestId("home-page").getByText("Welcome to Quire").waitFor();
    assert.equal(await page.getAttribute("html", "lang"), "en");

    await chooseLanguage(page, GERMAN);
    await assertGermanNavigation(page, phone);
    await page.goto("/home");
    await assertHomeSpeaks(page, GERMAN, "after choosing German");

    await page.reload();
    await assertHomeSpeaks(page, GERMAN, "after a reload");
    await assertGermanNavigation(page, phone);

    // Another device: its sign-in page follows its browser (English), then the user's choice.
    const second = await suite.session(viewport.user, { viewport: size });
    await assertHomeSpeaks(second.page, GERMAN, "on another device");

    // French, chosen on the second device, reaches the first at its next load.
    await chooseLanguage(second.page, FRENCH);
    await second.page.goto("/home");
    await assertHomeSpeaks(second.page, FRENCH, "after choosing French");
    await page.reload();
    await assertHomeSpeaks(page, FRENCH, "the first device after a reload");

    assert.deepEqual(first.consoleErrors(), []);
    assert.deepEqual(second.consoleErrors(), []);
    await first.context.close();
    await second.context.close();
  });
}

test("signing out hands the sign-in page back to the browser's language", async () => {
  const { context, page, consoleErrors } = await suite.session("reviewer");
  await chooseLanguage(page, GERMAN);
  await page.getByTestId("button-sign-out").click();
  await page.waitForURL((url) => url.pathname === "/login");
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  assert.equal(await page.getAttribute("html", "lang"), "en");
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("the notification bell writes its notifications in German", async () => {
  // The demo archive's Procurement Policy waits on the reviewer, who was asked to review it.
  const { context, page, consoleErrors } = await suite.session("reviewer");
  await chooseLanguage(page, GERMAN);
  await page.getByTestId("button-notifications").click();
  const menu = page.getByRole("menu");
  await menu
    .locator('[data-testid^="notification-"]')
    .filter({ hasText: "Procurement Policy" })
    .first()
    .waitFor();
  const text = await menu.innerText();
  assert.ok(text.includes("Prüfung angefordert"), text);
  assert.match(text, /\w+ bittet Sie, „Procurement Policy“ \(Version \d+\) zu prüfen/);
  for (const english of ["Review requested", "asked you to review", "Recent Notifications"]) {
    assert.ok(!text.includes(english), `the bell still says "${english}": ${text}`);
  }
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

/** A page's path, where "{Title}" stands for the id of the demo document of that title. */
async function resolvePath(page: Page, path: string): Promise<string> {
  const title = /\{([^}]+)\}/.exec(path)?.[1];
  if (title === undefined) return path;
  const docs = (await (await page.request.get("/api/documents?pageSize=100")).json()) as {
    id: string;
    title: string;
  }[];
  const doc = docs.find((d) => d.title === title);
  assert.ok(doc, `the demo has no document "${title}"`);
  return path.replace(`{${title}}`, doc.id);
}

/** Each converted page at this width: what it says in German and that its English is gone. */
async function assertGermanPage(page: Page, target: GermanPage, where: string) {
  await page.goto(await resolvePath(page, target.path));
  await page.locator(target.ready).first().waitFor();
  for (const [testId, text] of Object.entries(target.shown)) {
    // Waits for cards that load their own data (insights, suggestions) to fill in.
    const shown = page.getByTestId(testId).filter({ hasText: text }).first();
    await shown.waitFor({ timeout: 10_000 }).catch(() => {});
    const content = (await page.getByTestId(testId).first().textContent()) ?? "";
    assert.ok(
      content.includes(text),
      `${where} ${target.path}: ${testId} shows "${text}", got "${content.slice(0, 80)}"`,
    );
  }
  const main = await page.locator("main").innerText();
  for (const english of target.absentEnglish) {
    const at = typeof english === "string" ? main.indexOf(english) : main.search(english);
    assert.equal(
      at,
      -1,
      `${where} ${target.path}: still English: "${main.slice(Math.max(0, at - 60), at + 60)}"`,
    );
  }
}

/** All Documents' folded filters, selection and bulk bar in German. */
async function assertGermanDocumentTools(page: Page, phone: boolean, where: string) {
  await page.goto("/documents");
  await page.getByTestId("documents-list").waitFor();
  if (phone) {
    const toggle = page.getByTestId("button-toggle-filters");
    assert.match((await toggle.textContent()) ?? "", /Weitere Filter/, `${where}: the phone's filter button`);
    await toggle.click();
  }
  const filters = await page.getByTestId("form-more-filters").innerText();
  for (const label of ["Kategorie", "Schlagwort", "Eigentümer", "Aktualisiert von", "Anwenden"]) {
    assert.ok(filters.includes(label), `${where}: the filters lack "${label}"`);
  }
  assert.match(await page.getByTestId("saved-views").innerText(), /Gespeicherte Ansichten/);
  await page.getByTestId("checkbox-select-page").click();
  const bar = page.getByTestId("bulk-action-bar");
  await bar.waitFor();
  const text = await bar.innerText();
  assert.match(text, /\d+ ausgewählt/, `${where}: the bulk bar's count`);
  assert.match(text, /Herunterladen/, `${where}: the bulk bar's download`);
  assert.ok(!/selected|Download|Actions/.test(text), `${where}: the bulk bar is still English: ${text}`);
  assert.equal(await page.getByRole("region", { name: "Sammelaktionen" }).count(), 1);
  await page.getByTestId("button-bulk-clear").click();
  await bar.waitFor({ state: "detached" });
}

/** Upload's answers to chosen files, in German: a refused file says why, a good one gets its fields. */
async function assertGermanUpload(page: Page, where: string) {
  await page.goto("/upload");
  const input = page.getByTestId("input-file");
  await input.setInputFiles([
    { name: "leer.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) },
    { name: "notiz.md", mimeType: "text/markdown", buffer: Buffer.from("# Reisekosten\n\nText.") },
  ]);
  const refused = (await page.getByTestId("refused-file").innerText()).replace(/\s+/g, " ");
  assert.match(refused, /leer\.txt ist leer: Die Datei wird nicht gesendet\./, `${where}: ${refused}`);
  await page.getByTestId("chosen-file").waitFor();
  const form = await page.getByTestId("form-upload").innerText();
  assert.match(form, /Weitere Dateien hinzufügen/, `${where}: the drop zone after a choice`);
  // The analysis may pre-select a category (hiding the note on an empty one): the title's hint stays.
  assert.match(form, /Lassen Sie das Feld leer/, `${where}: the title's hint`);
  assert.ok(
    !/is empty|it is not sent|Add more files|Leave it empty|Optional: without/.test(form),
    `${where}: ${form}`,
  );
}

/** A search with results and one without, in German. */
async function assertGermanSearch(page: Page, where: string) {
  await page.goto("/search?q=policy");
  const count = page.getByTestId("text-results-count");
  await count.waitFor();
  assert.match((await count.textContent()) ?? "", /^Suchergebnisse \(\d+ gefunden\)$/, where);
  const first = page.locator('[data-testid^="result-"]').first();
  assert.match(await first.innerText(), /Dokument öffnen/, `${where}: a result's button`);
  assert.match(
    (await first.getByTestId("relevance-stars").getAttribute("aria-label")) ?? "",
    /^Relevanz \d von 5/,
  );
  const results = await page.locator("main").innerText();
  assert.ok(
    !/Search Results|View Document|View Summary|\d+ versions?\b/.test(results),
    `${where}: ${results}`,
  );
  await page.goto("/search?q=zzqqxxv");
  const none = page.getByTestId("no-results");
  await none.waitFor();
  assert.match(await none.innerText(), /Keine Ergebnisse gefunden[\s\S]*Prüfen Sie die Schreibweise/, where);
}

/** A document's header and tabs in German (each tab's content is in german-pages-document.ts). */
async function assertGermanDocumentHeader(page: Page, where: string) {
  await page.goto("/documents");
  await page.locator('[data-testid^="link-document-"]').first().click();
  await page.getByTestId("text-document-title").waitFor();
  const header = page.locator("main header").first();
  const text = await header.innerText();
  for (const german of [
    "Eigentümer:",
    "Aktualisiert am",
    "Herunterladen (.txt)",
    "Original anzeigen",
    "Teilen",
  ]) {
    assert.ok(text.includes(german), `${where}: the document header lacks "${german}": ${text}`);
  }
  assert.ok(!/Owner:|Updated |Download|View Original|Share\b|Language:/.test(text), `${where}: ${text}`);
  assert.match((await page.getByTestId("tab-content").textContent()) ?? "", /^Inhalt$/);
  assert.match((await page.getByTestId("tab-versions").textContent()) ?? "", /^Versionen \(\d+\)$/);
  assert.match((await page.getByTestId("tab-comments").textContent()) ?? "", /^Kommentare$/);
}

for (const viewport of [
  { width: 1280, height: 800, user: "admin" },
  { width: 390, height: 844, user: "author" },
]) {
  const phone = viewport.width < 768;
  test(`at ${viewport.width} px the Dashboard, All Documents, Upload, Search, Approvals and a document's header and tabs speak German`, async () => {
    const { context, page, consoleErrors } = await suite.session(viewport.user, {
      viewport: { width: viewport.width, height: viewport.height },
    });
    await chooseLanguage(page, GERMAN);
    const where = `${viewport.width} px`;
    for (const target of GERMAN_PAGES) await assertGermanPage(page, target, where);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: `Willkommen zurück, ${viewport.user}` }).waitFor();
    await page.locator('[data-testid^="recent-update-"]').first().waitFor();
    await page.locator('[data-testid$="-count"][data-testid^="tile-"]').first().waitFor();
    const tileCount =
      (await page.locator('[data-testid$="-count"][data-testid^="tile-"]').first().textContent()) ?? "";
    assert.match(tileCount, /^\d+ Dokumente?$/, `${where}: a category tile's count`);
    // The recent updates' times ("vor 3 Stunden"); a suggestion's server text may say "days ago".
    const recent = await page.getByTestId("recent-updates").innerText();
    assert.ok(!/\d+ (hours?|days?) ago|Less than an hour ago/.test(recent), `${where}: ${recent}`);
    assert.match(recent, /Vor (weniger als einer Stunde|\d+ (Stunden?|Tag|Tagen))/);
    await assertGermanDocumentTools(page, phone, where);
    await assertGermanUpload(page, where);
    await assertGermanSearch(page, where);
    await assertGermanDocumentHeader(page, where);
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}
