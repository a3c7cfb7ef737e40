import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { QueryClient } from "@tanstack/react-query";
import type { Document } from "@quire/contracts";
import { document as documentFixture } from "@/test/fixtures";
import { mockFetch, type Route, type SentRequest } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { useDocument } from "@/lib/api/document";
import { documentKeys } from "@/lib/query-keys";
import { ContentEditor } from "./content-editor";

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

const original = "# Leave Policy\n\nStaff get 20 days a year.";
const policy = (fields: Partial<Document> = {}) =>
  documentFixture({
    title: "Leave Policy",
    currentVersion: { content: original, changeNote: null },
    ...fields,
  });

function EditablePage() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit
      </button>
      {editing && (
        <ContentEditor
          document={documentFixture({ id: "d1" })}
          onDone={() => setEditing(false)}
          onUploadVersion={() => {}}
        />
      )}
    </>
  );
}

/** The editor on the document as the page holds it, re-read when the page learns of a change. */
function EditorOnPage({ onDone }: { onDone: () => void }) {
  const document = useDocument("d1");
  if (!document.data) return null;
  return (
    <>
      <p data-testid="page-version">{document.data.currentVersionNumber}</p>
      <ContentEditor document={document.data} onDone={onDone} onUploadVersion={() => {}} />
    </>
  );
}

/** Someone else saved `next`; the page re-reads the document (as a live event makes it do). */
async function pageLearnsOf(client: QueryClient, next: number) {
  await client.invalidateQueries({ queryKey: documentKeys.detail("d1") });
  await waitFor(() => expect(screen.getByTestId("page-version").textContent).toBe(String(next)));
}

/** The server: GET answers `current()`, POST answers `save(body)`; every POST body is kept. */
function serve(current: () => Document, save: (body: Record<string, unknown>) => Route) {
  const posts: Array<Record<string, unknown>> = [];
  mockFetch({
    "GET /api/documents/d1": () => ({ body: current() }),
    "POST /api/documents/d1/versions": (sent?: SentRequest) => {
      const body = JSON.parse(sent?.body ?? "{}") as Record<string, unknown>;
      posts.push(body);
      return save(body);
    },
  });
  return posts;
}

async function openEditor() {
  const onDone = vi.fn();
  const rendered = renderWithApp(<EditorOnPage onDone={onDone} />, { path: "/document/d1" });
  const textarea = (await screen.findByTestId("textarea-content")) as HTMLTextAreaElement;
  return { ...rendered, onDone, textarea };
}

const saveButton = () => screen.getByTestId("button-save-version") as HTMLButtonElement;
const edit = (textarea: HTMLTextAreaElement, value: string) =>
  fireEvent.change(textarea, { target: { value } });

describe("ContentEditor", () => {
  it("gives the focus back to what opened it when Cancel closes it", () => {
    mockFetch({});
    renderWithApp(<EditablePage />, { path: "/document/d1" });
    const edit = screen.getByRole("button", { name: "Edit" });
    edit.focus();
    fireEvent.click(edit);
    expect(document.activeElement).toBe(screen.getByTestId("textarea-content"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("form-edit-content")).toBeNull();
    expect(document.activeElement).toBe(edit);
  });

  it("saves the edited text and change note as a new version on top of the one it started from", async () => {
    const posts = serve(policy, (body) => ({
      status: 201,
      body: policy({
        currentVersionNumber: 2,
        versionCount: 2,
        currentVersion: { content: String(body.content), changeNote: "Raise the allowance" },
      }),
    }));
    const { onDone, textarea } = await openEditor();
    expect(textarea.value).toBe(original);
    edit(textarea, "# Leave Policy\n\nStaff get 25 days a year.");
    fireEvent.change(screen.getByTestId("input-change-note"), {
      target: { value: "  Raise the allowance " },
    });
    fireEvent.click(saveButton());

    expect(await screen.findByText("Version 2 of Leave Policy was created.")).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(posts).toEqual([
      {
        content: "# Leave Policy\n\nStaff get 25 days a year.",
        changeNote: "Raise the allowance",
        expectedVersion: 1,
      },
    ]);
  });

  it("cannot save the text unchanged, and sends no change note that is only spaces", async () => {
    const posts = serve(policy, () => ({ status: 201, body: policy({ currentVersionNumber: 2 }) }));
    const { textarea } = await openEditor();
    expect(saveButton().disabled).toBe(true);
    edit(textarea, `${original}\n`);
    expect(saveButton().disabled).toBe(false);
    edit(textarea, original);
    expect(saveButton().disabled).toBe(true);

    edit(textarea, `${original}\n\nCarry-over: 5 days.`);
    fireEvent.change(screen.getByTestId("input-change-note"), { target: { value: "   " } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ content: `${original}\n\nCarry-over: 5 days.`, expectedVersion: 1 });
  });

  it("keeps the text and says why when the server refuses it", async () => {
    const refusal = "Content must not contain NUL characters";
    let current = policy();
    serve(
      () => current,
      () => ({ status: 400, body: { message: refusal } }),
    );
    const { client, onDone, textarea } = await openEditor();
    // Someone saved version 2 meanwhile, but this refusal is not about that.
    current = policy({ currentVersionNumber: 2 });
    await pageLearnsOf(client, 2);
    edit(textarea, "Changed\u0000text");
    fireEvent.click(saveButton());
    expect((await screen.findByTestId("text-edit-error")).textContent).toBe(refusal);
    expect(textarea.value).toBe("Changed\u0000text");
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: /save over/ })).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it("on a conflict keeps the text, and offers to save over only a version the page has seen", async () => {
    const conflict = "Version 2 was saved by editor since you opened version 1";
    let current = policy();
    serve(
      () => current,
      () => ({ status: 409, body: { message: conflict } }),
    );
    const { client, textarea } = await openEditor();
    edit(textarea, "My rewrite");
    fireEvent.click(saveButton());
    expect((await screen.findByTestId("text-edit-error")).textContent).toBe(conflict);
    expect(textarea.value).toBe("My rewrite");
    // The page has not yet seen the newer version, so the choice cannot name it.
    expect(screen.queryByRole("button", { name: /save over/ })).toBeNull();

    // The page learns of version 2.
    current = policy({
      currentVersionNumber: 2,
      currentVersion: { content: "Their rewrite", changeNote: null },
    });
    await pageLearnsOf(client, 2);
    expect(await screen.findByRole("button", { name: "Keep my text and save over version 2" })).toBeTruthy();
    expect(textarea.value).toBe("My rewrite");
  });

  it("never saves over a newer version silently: it sends the version the edit started from", async () => {
    let current = policy();
    let refuse = true;
    const posts = serve(
      () => current,
      (body) =>
        refuse
          ? { status: 409, body: { message: "Version 2 was saved by editor since you opened version 1" } }
          : {
              status: 201,
              body: policy({
                currentVersionNumber: 3,
                currentVersion: { content: String(body.content), changeNote: null },
              }),
            },
    );
    const { client, onDone, textarea } = await openEditor();
    edit(textarea, "My rewrite");
    // Version 2 arrives while this person is still writing; their text stays.
    current = policy({
      currentVersionNumber: 2,
      currentVersion: { content: "Their rewrite", changeNote: null },
    });
    await pageLearnsOf(client, 2);
    expect(textarea.value).toBe("My rewrite");
    fireEvent.click(saveButton());
    const saveOver = await screen.findByRole("button", { name: "Keep my text and save over version 2" });

    refuse = false;
    fireEvent.click(saveOver);
    expect(screen.queryByTestId("text-edit-error")).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(posts.map((p) => p.expectedVersion)).toEqual([1, 2]);
    expect(posts.map((p) => p.content)).toEqual(["My rewrite", "My rewrite"]);
  });

  it("previews the text as the Content tab will show it", async () => {
    serve(policy, () => ({ status: 500 }));
    const { textarea } = await openEditor();
    edit(textarea, "## Carry-over\n\nUp to **5 days**.");
    const preview = screen.getByTestId("tab-edit-preview");
    fireEvent.mouseDown(preview, { button: 0 });
    const region = await screen.findByTestId("edit-preview");
    expect(within(region).getByRole("heading", { name: "Carry-over" })).toBeTruthy();
    expect(region.querySelector("strong")?.textContent).toBe("5 days");
    edit(textarea, "  ");
    expect(screen.getByTestId("edit-preview").textContent).toBe("Nothing to preview yet.");
  });
});
