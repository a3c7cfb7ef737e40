import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Document } from "@quire/contracts";
import { mockFetch } from "@/test/fetch-mock";
import { documentControl, settings } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { DocumentActionsMenu } from "./document-actions-menu";

const none = {
  update: false,
  createVersion: false,
  submitForReview: false,
  archive: false,
  share: false,
  control: false,
};
const submitOnly = { ...none, submitForReview: true };
const all = {
  update: true,
  createVersion: true,
  submitForReview: true,
  archive: true,
  share: true,
  control: true,
};

function doc(status: Document["status"], abilities: Document["abilities"]): Document {
  const category = { id: "c1", name: "Legal", description: "", icon: "fas fa-folder", color: "red" };
  return {
    id: "d1",
    title: "DPA Template",
    status,
    categoryId: "c1",
    category,
    owner: "author",
    ownerId: "2",
    tags: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    versionCount: 1,
    currentVersionNumber: 1,
    currentVersion: { content: "", changeNote: null },
    originalFilename: "dpa.md",
    mediaType: "text/markdown",
    language: null,
    processing: { state: "ready", error: null },
    archived: false,
    abilities,
    control: documentControl(),
  };
}

async function openMenu(): Promise<string[]> {
  const trigger = screen.getByRole("button", { name: "Actions for DPA Template" });
  fireEvent.pointerDown(trigger, { button: 0, pointerType: "mouse" });
  return (await screen.findAllByRole("menuitem")).map((item) => item.textContent ?? "");
}

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // Radix Checkbox measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe("DocumentActionsMenu", () => {
  it("shows no menu at all when the server grants nothing", () => {
    mockFetch({});
    renderWithApp(<DocumentActionsMenu document={doc("Draft", none)} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers Edit Metadata, Submit for Review and Archive on an allowed Draft", async () => {
    mockFetch({});
    renderWithApp(<DocumentActionsMenu document={doc("Draft", all)} />);
    expect(await openMenu()).toEqual(["Edit Metadata", "Submit for Review", "Archive"]);
  });

  it("offers Submit for Review on Draft documents only", async () => {
    mockFetch({});
    renderWithApp(<DocumentActionsMenu document={doc("Approved", all)} />);
    expect(await openMenu()).toEqual(["Edit Metadata", "Archive"]);
  });

  it("opens from the keyboard on its first item, and again once closed", async () => {
    mockFetch({});
    renderWithApp(<DocumentActionsMenu document={doc("Draft", all)} />);
    const trigger = screen.getByRole("button", { name: "Actions for DPA Template" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "Enter" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Edit Metadata", "Submit for Review", "Archive"]);
    await waitFor(() => expect(window.document.activeElement).toBe(items[0]));

    fireEvent.keyDown(window.document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("menuitem")).toBeNull());
    const again = screen.getByRole("button", { name: "Actions for DPA Template" });
    expect(again.getAttribute("aria-expanded")).toBe("false");
    expect(await openMenu()).toEqual(["Edit Metadata", "Submit for Review", "Archive"]);
  });

  it("shows no menu on a Draft it may only submit while approval workflows are off", async () => {
    mockFetch({ "GET /api/settings": { body: settings({ approvalWorkflows: false }) } });
    renderWithApp(<DocumentActionsMenu document={doc("Draft", submitOnly)} />);
    // Offered until the settings say otherwise (the features default to on).
    expect(screen.getByRole("button", { name: "Actions for DPA Template" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
  });

  it("opens the submit dialog with every reviewer chosen and the first approver", async () => {
    mockFetch({
      "GET /api/users": {
        body: [
          { id: "1", username: "admin", role: "Admin", assignable: { review: false, approve: false } },
          { id: "3", username: "reviewer", role: "Reviewer", assignable: { review: true, approve: false } },
          { id: "6", username: "reviewer2", role: "Reviewer", assignable: { review: true, approve: false } },
          { id: "4", username: "approver", role: "Approver", assignable: { review: false, approve: true } },
        ],
      },
    });
    renderWithApp(<DocumentActionsMenu document={doc("Draft", all)} />);
    await openMenu();
    fireEvent.click(screen.getByRole("menuitem", { name: "Submit for Review" }));
    // The dialog is a lazy chunk: on a loaded machine its first import takes longer than findBy's 1 s.
    const reviewer2 = await screen.findByRole("checkbox", { name: "reviewer2" }, { timeout: 15_000 });
    expect(reviewer2.getAttribute("data-state")).toBe("checked");
    expect(screen.getByRole("checkbox", { name: "reviewer" }).getAttribute("data-state")).toBe("checked");
    expect(screen.queryByRole("checkbox", { name: "admin" })).toBeNull();
    expect(screen.getByTestId("select-approver").textContent).toContain("approver");
  });
});
