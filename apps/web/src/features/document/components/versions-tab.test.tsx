import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { VersionDiff } from "@quire/contracts";
import { version } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { VersionsTab } from "./versions-tab";

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

/** Three versions, newest first as the server lists them; the middle one has no change note. */
const versions = [
  version({
    version: 3,
    content: "# Leave\n\n25 days a year.",
    changeNote: "Raise the allowance",
    author: "editor",
  }),
  version({ version: 2, content: "# Leave\n\n20 days a year." }),
  version({ version: 1, content: "# Leave", changeNote: "First draft" }),
];

/** The server's line diff between two versions, naming the versions it compared in its lines. */
function diff(from: number, to: number): VersionDiff {
  return {
    from,
    to,
    stats: { added: 1, removed: 1, unchanged: 2 },
    sideBySide: [
      { kind: "unchanged", left: { number: 1, text: "# Leave" }, right: { number: 1, text: "# Leave" } },
      {
        kind: "changed",
        left: { number: 2, text: `text of version ${from}` },
        right: { number: 2, text: `text of version ${to}` },
      },
    ],
    unified: [
      { kind: " ", text: "# Leave", oldNumber: 1, newNumber: 1 },
      { kind: "-", text: `text of version ${from}`, oldNumber: 2 },
      { kind: "+", text: `text of version ${to}`, newNumber: 2 },
    ],
    truncated: false,
  };
}

function serve(list = versions, { diffFails = false } = {}) {
  const diffs = ["1/3", "2/3", "1/2"];
  return mockFetch({
    "GET /api/documents/d1/versions": { body: list },
    ...Object.fromEntries(
      diffs.map((pair) => {
        const [from, to] = pair.split("/").map(Number) as [number, number];
        const answer = diffFails
          ? { status: 500, body: { message: "Diff unavailable" } }
          : { body: diff(from, to) };
        return [`GET /api/documents/d1/diff/${pair}`, answer];
      }),
    ),
  });
}

const entry = (n: number) => screen.getByTestId(`version-${n}`);

describe("Versions tab: the history", () => {
  it("lists every version newest first with its change note, author and size, and links to each", async () => {
    serve();
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    const list = await screen.findByTestId("list-versions");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-testid")),
    ).toEqual(["version-3", "version-2", "version-1"]);
    expect(entry(3).textContent).toContain("(current)");
    expect(entry(3).textContent).toContain("Raise the allowance");
    expect(entry(3).textContent).toContain("editor");
    expect(entry(3).textContent).toContain("24 characters");
    expect(entry(2).textContent).not.toContain("(current)");
    // No change note: the version's number names it.
    expect(entry(2).textContent).toContain("Version 2");
    expect(within(entry(1)).getByRole("link", { name: "v1" }).getAttribute("href")).toBe("/document/d1?v=1");
  });

  it("links each version to its changes from the one before, except the first", async () => {
    serve();
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    await screen.findByTestId("list-versions");
    expect(within(entry(3)).getByRole("link", { name: "Changes in version 3" }).getAttribute("href")).toBe(
      "/document/d1/diff/2/3",
    );
    expect(within(entry(2)).getByRole("link", { name: "Changes in version 2" }).getAttribute("href")).toBe(
      "/document/d1/diff/1/2",
    );
    expect(within(entry(1)).queryByRole("link", { name: /Changes/ })).toBeNull();
  });

  it("says there is a single version and offers no comparison", async () => {
    serve([versions[2]!]);
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    expect((await screen.findByTestId("text-single-version")).textContent).toContain("Single Version");
    expect(screen.queryByTestId("version-comparison")).toBeNull();
  });

  it("says so when the versions cannot be read", async () => {
    mockFetch({
      "GET /api/documents/d1/versions": { status: 500, body: { message: "Database unavailable" } },
    });
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Unable to load version data for comparison.",
    );
  });

  it("keeps the history but offers no way to compare while the diff viewer is turned off", async () => {
    const spy = serve();
    renderWithApp(<VersionsTab documentId="d1" compare={false} />, { path: "/document/d1" });
    await screen.findByTestId("list-versions");
    expect(screen.queryByRole("link", { name: /Changes in version/ })).toBeNull();
    expect(screen.queryByTestId("version-comparison")).toBeNull();
    expect(spy.mock.calls.some(([url]) => url.includes("/diff/"))).toBe(false);
  });
});

describe("Versions tab: the comparison", () => {
  it("compares the previous version with the current one by default, with the server's diff", async () => {
    serve();
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    const comparison = await screen.findByTestId("version-comparison");
    expect(await within(comparison).findByTestId("stat-lines-added")).toBeTruthy();
    expect(within(comparison).getByTestId("stat-lines-removed").textContent).toBe("1");
    expect(within(comparison).getByTestId("stat-lines-unchanged").textContent).toBe("2");
    expect(within(comparison).getAllByText("text of version 2").length).toBeGreaterThan(0);
    expect(within(comparison).getAllByText("text of version 3").length).toBeGreaterThan(0);
    expect(screen.getByTestId("link-open-diff").getAttribute("href")).toBe("/document/d1/diff/2/3");
  });

  it("asks the server for the pair chosen in the selects", async () => {
    const spy = serve();
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    await screen.findByTestId("stat-lines-added");
    fireEvent.keyDown(screen.getByTestId("select-compare-from"), { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "Version 1" }));
    expect((await screen.findAllByText("text of version 1")).length).toBeGreaterThan(0);
    expect(spy.mock.calls.map(([url]) => url)).toContain("/api/documents/d1/diff/1/3");
    expect(screen.getByTestId("link-open-diff").getAttribute("href")).toBe("/document/d1/diff/1/3");
  });

  it("says the comparison could not be loaded when the diff fails", async () => {
    serve(versions, { diffFails: true });
    renderWithApp(<VersionsTab documentId="d1" />, { path: "/document/d1" });
    const comparison = await screen.findByTestId("version-comparison");
    expect((await within(comparison).findByRole("alert")).textContent).toBe(
      "Unable to load version data for comparison.",
    );
    expect(within(comparison).queryByTestId("stat-lines-added")).toBeNull();
  });
});
