import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { repoRoot } from "../support/server";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();
const fixtures = join(repoRoot, "e2e/fixtures");

/** Markup a reader must never see in a summary: headings, links, escapes, emphasis, code. */
const MARKUP = /^#|\]\(|\]\[|<https?:|\\[.=<>*_-]|\*\*|`/;

/** The text's words in order, lower case, so a tag can be looked for as a word or phrase of it. */
const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;

async function uploadThroughForm(page: Page, file: string, title: string): Promise<string> {
  await page.goto("/upload");
  await page.getByRole("heading", { name: "Upload Documents" }).waitFor();
  await page.getByTestId("input-file").setInputFiles(join(fixtures, file));
  await page.getByTestId("input-title").fill(title);
  await page.getByTestId("select-category").click();
  await page.getByRole("option", { name: "Engineering", exact: true }).click();
  await page.getByTestId("button-submit-upload").click();
  await page.waitForURL((url) => /^\/document\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
  await page
    .getByText(`${title} has been uploaded and processed.`, { exact: true })
    .waitFor({ timeout: 90_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");
}

for (const [file, title, kind, named] of [
  ["rootless-builds-spec.pdf", "Supporting rootless builds", "Specification", /specification/i],
  ["apache-2.0-licence.docx", "Apache License 2.0", "Licence", /licen[cs]e/i],
  ["mosquitto-README.md", "Eclipse Mosquitto", "README", /readme/i],
] as const) {
  test(`a ${kind.toLowerCase()} uploaded as ${file} is summarised as one, without markup, tagged with its own words`, async () => {
    const { context, page, consoleErrors } = await suite.session("author");
    const id = await uploadThroughForm(page, file, title);

    await page.goto(`/document/${id}?expand=summary`);
    const badge = page.getByTestId("text-document-kind");
    await badge.waitFor({ timeout: 30_000 });
    assert.match(await badge.innerText(), new RegExp(`Kind: ${kind}$`));
    const points = await page.getByTestId("summary-key-points").locator("li").allInnerTexts();
    assert.ok(points.length >= 2, `${file}: ${points.length} key points`);
    assert.match(points[0] ?? "", named, `${file}: the first point names the kind`);
    for (const point of points) assert.doesNotMatch(point, MARKUP, `${file}: ${point}`);
    const risks = await page.getByTestId("summary-risks").innerText();
    assert.doesNotMatch(risks, /rule fired/);

    const doc = (await (await page.request.get(`/api/documents/${id}`)).json()) as {
      tags: string[];
      currentVersion: { content: string };
    };
    assert.ok(doc.tags.length > 0, `${file}: tags`);
    const text = words(doc.currentVersion.content);
    for (const tag of doc.tags) assert.ok(text.includes(` ${words(tag).trim()} `), `${file}: tag "${tag}"`);
    // A README's remote badges are refused by the page's Content Security Policy, as they should be.
    const blockedImages = /violates the following Content Security Policy directive: "img-src/;
    assert.deepEqual(
      unexpectedErrors(consoleErrors()).filter((e) => !blockedImages.test(e)),
      [],
    );
    await context.close();
  });
}

test("'Ask about this document' answers from that document only, citing it", async () => {
  const { context, page, consoleErrors } = await suite.session("viewer");
  const docs = (await (await page.request.get("/api/documents")).json()) as { id: string; title: string }[];
  const leave = docs.find((d) => d.title === "Leave Policy");
  assert.ok(leave);
  await page.goto(`/document/${leave.id}`);
  const panel = page.getByTestId("panel-ask-document");
  await panel.getByLabel("Question about this document").fill("How long is paternity and partner leave?");
  await panel.getByTestId("button-ask-document").click();
  const answer = panel.getByTestId("text-ai-answer");
  await answer.waitFor({ timeout: 30_000 });
  assert.match(await answer.innerText(), /4 weeks/);
  const sources = await panel.getByTestId(/^link-citation-/).allInnerTexts();
  assert.ok(sources.length > 0);
  for (const source of sources) assert.match(source, /Leave Policy/);
  assert.deepEqual(unexpectedErrors(consoleErrors()), []);
  await context.close();
});

test("a question typed into search is answered above the results, with its sources", async () => {
  const { context, page, consoleErrors } = await suite.session("viewer", { path: "/search" });
  await page
    .getByPlaceholder("Search documents, content, and metadata...")
    .fill("How long is paternity and partner leave?");
  await page.getByRole("button", { name: "Search" }).click();
  const answer = page.getByTestId("search-answer");
  await answer.getByTestId("text-ai-answer").waitFor({ timeout: 30_000 });
  assert.match(await answer.getByTestId("link-citation-1").innerText(), /Leave Policy/);
  await page.getByTestId("text-results-count").waitFor();
  // A plain search asks nothing.
  await page.getByPlaceholder("Search documents, content, and metadata...").fill("leave policy");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(
    (url) => url.search.includes("leave+policy") || url.search.includes("leave%20policy"),
  );
  await page.getByTestId("text-results-count").waitFor();
  assert.equal(await page.getByTestId("search-answer").count(), 0);
  assert.deepEqual(unexpectedErrors(consoleErrors()), []);
  await context.close();
});
