import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { Page } from "playwright-core";
import type { Viewport } from "../support/browser";
import { browserSuite, unexpectedErrors } from "../support/suite";

const suite = browserSuite();

/** Each size runs on its own approved document and group, so neither finds the other's campaign. */
const runs: Array<[string, Viewport, { title: string; group: string; member: string }]> = [
  ["1280", { width: 1280, height: 900 }, { title: "Leave Policy", group: "HR team", member: "reviewer2" }],
  ["390", { width: 390, height: 844 }, { title: "Travel Policy", group: "Legal", member: "reviewer" }],
];

type Counts = { acknowledged: number; pending: number };

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `the page fits ${width} px (scrolls ${scroll})`);
}

async function countsOf(page: Page, id: string): Promise<Counts> {
  const state = (await (await page.request.get(`/api/documents/${id}/acknowledgement`)).json()) as {
    counts: Counts;
  };
  return state.counts;
}

for (const [name, viewport, run] of runs) {
  test(`read and acknowledge at ${name} px: the owner asks a group, a member confirms, the owner sees who has and exports it`, async () => {
    const owner = await suite.session("author", { viewport, tourCompleted: true });
    const member = await suite.session(run.member, { viewport, tourCompleted: true });
    const listed = (await (await owner.page.request.get("/api/documents?pageSize=100")).json()) as Array<{
      id: string;
      title: string;
    }>;
    const doc = listed.find((d) => d.title === run.title);
    assert.ok(doc, `the demo archive holds ${run.title}`);

    // The owner starts a campaign for the group from the document's page.
    await owner.page.goto(`/document/${doc.id}`);
    const card = owner.page.getByTestId("acknowledgement-card");
    await card.getByTestId("button-start-acknowledgement").click();
    const start = owner.page.getByTestId("dialog-start-acknowledgement");
    await start.getByLabel(run.group, { exact: true }).click();
    await start.getByTestId("button-confirm-start-acknowledgement").click();
    await owner.page.getByText("Campaign started", { exact: true }).first().waitFor();
    const before = await countsOf(owner.page, doc.id);
    assert.equal(before.acknowledged, 0);
    assert.ok(before.pending >= 2, "the group's members are asked");
    assert.equal(
      (await card.getByTestId("text-acknowledgement-counts").innerText()).trim(),
      `0 acknowledged, ${before.pending} not yet`,
    );
    await noSidewaysScroll(owner.page, viewport.width);

    // The member finds it on the dashboard, with the server's count, and acknowledges on the page.
    await member.page.goto("/dashboard");
    const mine = (await (await member.page.request.get("/api/acknowledgements/mine")).json()) as {
      count: number;
    };
    const waiting = member.page.getByTestId("to-acknowledge");
    await waiting.waitFor();
    assert.equal(
      (await waiting.getByTestId("text-to-acknowledge-count").innerText()).trim(),
      String(mine.count),
    );
    await noSidewaysScroll(member.page, viewport.width);
    await waiting.getByTestId(`to-acknowledge-${doc.id}`).click();
    const banner = member.page.getByTestId("acknowledge-banner");
    await banner.waitFor();
    await noSidewaysScroll(member.page, viewport.width);
    await banner.getByTestId("button-acknowledge").click();
    await member.page.getByTestId("text-acknowledged").waitFor();
    assert.equal(await member.page.getByTestId("acknowledge-banner").count(), 0);
    await member.page.goto("/dashboard");
    await member.page
      .getByTestId("button-dashboard-upload")
      .or(member.page.getByTestId("dashboard"))
      .first()
      .waitFor();
    const after = (await (await member.page.request.get("/api/acknowledgements/mine")).json()) as {
      count: number;
      items: Array<{ documentId: string }>;
    };
    assert.equal(after.count, mine.count - 1);
    assert.ok(!after.items.some((i) => i.documentId === doc.id));

    // The owner sees who confirmed and who has not, by name, with the API's counts, and downloads the CSV.
    await owner.page.reload();
    const counts = await countsOf(owner.page, doc.id);
    assert.deepEqual(counts, { acknowledged: 1, pending: before.pending - 1 });
    await card
      .getByTestId("text-acknowledgement-counts")
      .getByText(`1 acknowledged, ${counts.pending} not yet`)
      .waitFor();
    await card.getByTestId("button-acknowledgement-report").click();
    const report = owner.page.getByTestId("dialog-acknowledgement-report");
    const done = report.getByTestId("list-acknowledged");
    await done.getByText(run.member, { exact: true }).waitFor();
    assert.equal(await done.getByRole("listitem").count(), 1);
    const pending = await report.getByTestId("list-not-acknowledged").getByRole("listitem").allInnerTexts();
    assert.equal(pending.length, counts.pending);
    assert.ok(!pending.includes(run.member));
    assert.ok(pending.includes("author"), "the owner, a member of the group too, has not acknowledged");
    const [download] = await Promise.all([
      owner.page.waitForEvent("download"),
      report.getByTestId("link-acknowledgement-csv").click(),
    ]);
    assert.match(download.suggestedFilename(), /_acknowledgements_v\d+\.csv$/);
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\n");
    assert.equal(
      lines[0],
      "name,document,version,status,acknowledged_at_utc,original_sha256,markdown_sha256",
    );
    assert.match(
      lines[1] ?? "",
      new RegExp(
        `^${run.member},${run.title},\\d+,acknowledged,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,[0-9a-f]{64},[0-9a-f]{64}$`,
      ),
    );
    assert.equal(lines.length, 1 + 1 + counts.pending);
    await noSidewaysScroll(owner.page, viewport.width);

    assert.deepEqual(unexpectedErrors(owner.consoleErrors()), [], "owner console");
    assert.deepEqual(unexpectedErrors(member.consoleErrors()), [], "member console");
    await owner.context.close();
    await member.context.close();
  });
}
