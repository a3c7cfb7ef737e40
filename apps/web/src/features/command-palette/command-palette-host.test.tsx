import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { document as doc, sessionUser, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { useCommandPalette } from "@/lib/command-palette";
import { CommandPaletteHost } from "./command-palette-host";

beforeAll(() => {
  // cmdk scrolls the chosen option into view and measures its list; jsdom has neither.
  Element.prototype.scrollIntoView ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function OpenButton() {
  const palette = useCommandPalette();
  return (
    <button type="button" onClick={palette?.openPalette}>
      Open palette
    </button>
  );
}

function Page() {
  return (
    <main>
      <OpenButton />
      <label>
        Notes
        <textarea />
      </label>
    </main>
  );
}

function routes(role: "Admin" | "Viewer" = "Admin") {
  return mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "1", username: role.toLowerCase(), role }) },
    "GET /api/settings": { body: settings() },
    "GET /api/search": {
      body: [
        {
          document: doc({ id: "d7", title: "Travel Expense Policy" }),
          relevanceScore: 0.9,
          highlightedExcerpt: "travel",
        },
      ],
    },
  });
}

const key = (init: KeyboardEventInit, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
  });

describe("Command palette", () => {
  it("opens with Ctrl-K as a labelled dialog, goes to a page the role may open, and closes", async () => {
    routes("Viewer");
    const { location } = renderWithApp(
      <CommandPaletteHost>
        <Page />
      </CommandPaletteHost>,
      { path: "/home" },
    );
    await key({ key: "k", ctrlKey: true });
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    const input = within(dialog).getByRole("combobox");
    await waitFor(() => expect(document.activeElement).toBe(input));
    // A Viewer is offered General and Account of Settings, none of an Admin's sections.
    await within(dialog).findByText("Settings: Account");
    expect(within(dialog).queryByText("Settings: Audit")).toBeNull();
    expect(within(dialog).queryByText("Upload Documents")).toBeNull();
    fireEvent.change(input, { target: { value: "dash" } });
    fireEvent.click(await within(dialog).findByText("Dashboard"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("runs a search on Enter and lists the matching documents as one types", async () => {
    const sent = routes();
    const { location } = renderWithApp(
      <CommandPaletteHost>
        <Page />
      </CommandPaletteHost>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open palette" }));
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    const input = within(dialog).getByRole("combobox");
    fireEvent.change(input, { target: { value: "travel" } });
    expect(await within(dialog).findByText("Travel Expense Policy")).toBeTruthy();
    expect(sent.mock.calls.map(([url]) => url)).toContain("/api/search?q=travel&limit=5&typeahead=1");
    // The search is the option chosen first, so Enter runs it.
    expect(within(dialog).getByTestId("command-search").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/search?q=travel"));
  });

  it("asks the assistant with the question typed", async () => {
    routes();
    const { location } = renderWithApp(
      <CommandPaletteHost>
        <Page />
      </CommandPaletteHost>,
    );
    await key({ key: "k", metaKey: true });
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    fireEvent.change(within(dialog).getByRole("combobox"), { target: { value: "Who approves invoices?" } });
    fireEvent.click(within(dialog).getByTestId("command-ask"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard?ask=Who+approves+invoices%3F"));
  });

  it("gives the focus back on Escape, and ignores / and ? typed in a field", async () => {
    routes();
    renderWithApp(
      <CommandPaletteHost>
        <Page />
      </CommandPaletteHost>,
    );
    const opener = screen.getByRole("button", { name: "Open palette" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    fireEvent.keyDown(within(dialog).getByRole("combobox"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    const notes = screen.getByLabelText("Notes");
    notes.focus();
    await key({ key: "?", shiftKey: true }, notes);
    await key({ key: "/" }, notes);
    expect(screen.queryByRole("dialog")).toBeNull();

    await key({ key: "?", shiftKey: true });
    const shortcuts = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(shortcuts).getByText("Show these shortcuts")).toBeTruthy();
  });
});
