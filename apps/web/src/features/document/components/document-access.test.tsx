import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AccessHolder, DocumentAccess, Group, UserListItem } from "@quire/contracts";
import { mockFetch, type Route } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ShareDialog } from "./share-dialog";

beforeAll(() => {
  // Radix Checkbox measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const user = (id: string, username: string, role: UserListItem["role"]): UserListItem => ({
  id,
  username,
  role,
  assignable: { review: false, approve: false },
});
const users = [user("u1", "admin", "Admin"), user("u2", "author", "Author"), user("u5", "viewer", "Viewer")];
const groups: Group[] = [
  { id: "g1", name: "Finance", description: "", memberCount: 2, createdAt: "2026-11-01T00:00:00.000Z" },
  { id: "g2", name: "Legal", description: "", memberCount: 1, createdAt: "2026-11-01T00:00:00.000Z" },
];
const holder = (username: string, role: string, reasons: string[]): AccessHolder => ({
  userId: username,
  username,
  role,
  reasons,
});
const everyone = [
  holder("admin", "Admin", ["Admin"]),
  holder("author", "Author", ["Owner"]),
  holder("viewer", "Viewer", ["Category Engineering is open to every role"]),
];
const open: DocumentAccess = { documentId: "d1", restricted: false, userIds: [], groupIds: [] };

/**
 * The document's access list as the server keeps it: PUT stores what `put` answers with (an
 * error leaves it), and the holders follow the list.
 */
function serveAccess(
  first: DocumentAccess,
  {
    put,
    holders = () => everyone,
  }: { put?: (body: DocumentAccess) => Route; holders?: (a: DocumentAccess) => AccessHolder[] } = {},
) {
  let access = first;
  const sent: unknown[] = [];
  mockFetch({
    "GET /api/documents/d1/access": () => ({ body: access }),
    "GET /api/documents/d1/access/holders": () => ({ body: holders(access) }),
    "GET /api/users": { body: users },
    "GET /api/groups": { body: groups },
    "PUT /api/documents/d1/access": (request) => {
      const body = JSON.parse(request?.body ?? "{}") as Omit<DocumentAccess, "documentId">;
      sent.push(body);
      const answer = put ? put({ documentId: "d1", ...body }) : { body: { documentId: "d1", ...body } };
      if ((answer.status ?? 200) < 300) access = answer.body as DocumentAccess;
      return answer;
    },
  });
  return sent;
}

function renderShare({ canManageAccess = true } = {}) {
  const onClose = vi.fn();
  renderWithApp(
    <ShareDialog
      documentId="d1"
      title="Budget 2027"
      version={2}
      canManageAccess={canManageAccess}
      onClose={onClose}
    />,
    { path: "/document/d1" },
  );
  return onClose;
}

const holders = () =>
  within(screen.getByTestId("list-access-holders"))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("data-testid"));
const badge = () => screen.getByTestId("badge-access-mode").textContent;
const box = (testId: string) => screen.getByTestId(testId);

describe("Share dialog: who has access", () => {
  it("lists everyone who can open the document and why, under the category's rules", async () => {
    serveAccess(open);
    renderShare();
    await screen.findByTestId("list-access-holders");
    expect(holders()).toEqual(["access-holder-admin", "access-holder-author", "access-holder-viewer"]);
    expect(screen.getByTestId("access-holder-viewer").textContent).toContain(
      "Category Engineering is open to every role",
    );
    expect(screen.getByTestId("access-holder-author").textContent).toContain("(Author)");
    expect(badge()).toBe("Category access");
  });

  it("shows neither the list nor the restriction to someone who may not manage access", () => {
    const spy = mockFetch({});
    renderShare({ canManageAccess: false });
    expect(screen.getByTestId("dialog-share").textContent).toContain("Budget 2027");
    expect(screen.queryByTestId("section-document-access")).toBeNull();
    expect(spy.mock.calls.some(([url]) => url.includes("/access"))).toBe(false);
  });

  it("says why when the access list cannot be read, and offers no restriction", async () => {
    mockFetch({
      "GET /api/documents/d1/access": { status: 500, body: { message: "Database unavailable" } },
      "GET /api/documents/d1/access/holders": { body: everyone },
      "GET /api/users": { body: users },
      "GET /api/groups": { body: groups },
    });
    renderShare();
    expect((await screen.findByRole("alert")).textContent).toBe("Database unavailable");
    await waitFor(() => expect(holders()).toHaveLength(3));
    expect(screen.queryByTestId("button-restrict")).toBeNull();
  });
});

describe("Share dialog: restricting", () => {
  it("restricts to a chosen group and person, and then lists only who is left", async () => {
    const sent = serveAccess(open, {
      holders: (a) => (a.restricted ? everyone.filter((h) => h.username !== "viewer") : everyone),
    });
    renderShare();
    fireEvent.click(await screen.findByTestId("button-restrict"));
    const editor = screen.getByTestId("editor-restrict");
    // Nothing is restricted yet, so there is nothing to remove.
    expect(within(editor).queryByTestId("button-remove-restriction")).toBeNull();
    fireEvent.click(box("checkbox-restrict-group-Finance"));
    fireEvent.click(box("checkbox-restrict-user-author"));
    fireEvent.click(box("checkbox-restrict-user-viewer"));
    fireEvent.click(box("checkbox-restrict-user-viewer"));
    fireEvent.click(within(editor).getByTestId("button-save-restriction"));

    expect(await screen.findByText("Access restricted")).toBeTruthy();
    expect(sent).toEqual([{ restricted: true, userIds: ["u2"], groupIds: ["g1"] }]);
    await waitFor(() => expect(badge()).toBe("Restricted"));
    await waitFor(() => expect(holders()).toEqual(["access-holder-admin", "access-holder-author"]));
    expect(screen.queryByTestId("editor-restrict")).toBeNull();
  });

  it("opens an existing restriction with its choices ticked, and removes it", async () => {
    const sent = serveAccess({ documentId: "d1", restricted: true, userIds: ["u2"], groupIds: ["g2"] });
    renderShare();
    fireEvent.click(await screen.findByTestId("button-restrict"));
    expect(box("checkbox-restrict-group-Legal").getAttribute("aria-checked")).toBe("true");
    expect(box("checkbox-restrict-group-Finance").getAttribute("aria-checked")).toBe("false");
    expect(box("checkbox-restrict-user-author").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByTestId("button-remove-restriction"));

    expect(await screen.findByText("Restriction removed")).toBeTruthy();
    expect(sent).toEqual([{ restricted: false, userIds: ["u2"], groupIds: ["g2"] }]);
    await waitFor(() => expect(badge()).toBe("Category access"));
  });

  it("keeps the editor and its choices when the server refuses, and says why", async () => {
    const refusal = "Group g9 does not exist";
    const sent = serveAccess(open, { put: () => ({ status: 400, body: { message: refusal } }) });
    renderShare();
    fireEvent.click(await screen.findByTestId("button-restrict"));
    fireEvent.click(box("checkbox-restrict-group-Legal"));
    fireEvent.click(screen.getByTestId("button-save-restriction"));

    expect(await screen.findByText("Access not saved")).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.getByTestId("editor-restrict")).toBeTruthy();
    expect(box("checkbox-restrict-group-Legal").getAttribute("aria-checked")).toBe("true");
    expect(badge()).toBe("Category access");
    await waitFor(() =>
      expect((screen.getByTestId("button-save-restriction") as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("closes the editor on Cancel without saving", async () => {
    const sent = serveAccess(open);
    renderShare();
    fireEvent.click(await screen.findByTestId("button-restrict"));
    fireEvent.click(box("checkbox-restrict-group-Legal"));
    fireEvent.click(within(screen.getByTestId("editor-restrict")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("editor-restrict")).toBeNull();
    expect(sent).toEqual([]);
    // Opened again, it starts from what the server holds, not from the abandoned choice.
    fireEvent.click(screen.getByTestId("button-restrict"));
    expect(box("checkbox-restrict-group-Legal").getAttribute("aria-checked")).toBe("false");
  });
});
