import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Comment, CommentList, CommentThread } from "@quire/contracts";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { mentionAtCaret } from "./comment-composer";
import { sectionBefore } from "./comment-on-selection";
import { CommentsTab } from "./comments-tab";

const comment = (over: Partial<Comment> = {}): Comment => ({
  id: "c1",
  threadId: null,
  version: 2,
  author: "author",
  authorId: "u-author",
  body: "Please check this.",
  deleted: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  editedAt: null,
  mentions: [],
  abilities: { edit: false, delete: false },
  ...over,
});

const thread = (over: Partial<CommentThread> = {}): CommentThread => ({
  id: over.comment?.id ?? "c1",
  comment: comment(),
  anchor: null,
  replies: [],
  resolved: false,
  resolvedAt: null,
  resolvedBy: null,
  abilities: { reply: true, resolve: false },
  ...over,
});

const listOf = (threads: CommentThread[], readableVersion = 2): CommentList => ({
  threads,
  readableVersion,
  abilities: { comment: true },
});

function renderTab(quote: Parameters<typeof CommentsTab>[0]["quote"] = null) {
  return renderWithApp(<CommentsTab documentId="d1" quote={quote} onClearQuote={() => {}} />, {
    path: "/document/d1",
  });
}

describe("mentionAtCaret", () => {
  it("finds the name being typed after an @, not inside an e-mail address", () => {
    expect(mentionAtCaret("Hi @vie", 7)).toEqual({ start: 3, query: "vie" });
    expect(mentionAtCaret("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAtCaret("mail qa@exa", 11)).toBeNull();
    expect(mentionAtCaret("Hi @viewer done", 15)).toBeNull();
  });
});

describe("sectionBefore", () => {
  it("names the heading of the section a selected node sits in", () => {
    const root = document.createElement("div");
    root.innerHTML =
      "<p id='intro'>Intro</p><div><h2>Receiving</h2><p id='a'>Check <b id='b'>the logger</b></p><h2>Storage</h2><p id='c'>Keep cold</p></div>";
    const at = (id: string) => root.querySelector(`#${id}`)!.firstChild!;
    expect(sectionBefore(root, at("intro"))).toBeNull();
    expect(sectionBefore(root, at("b"))).toBe("Receiving");
    expect(sectionBefore(root, at("c"))).toBe("Storage");
  });
});

describe("Comments tab", () => {
  it("shows each thread with its version, older versions marked, deleted comments in place and text never as HTML", async () => {
    mockFetch({
      "GET /api/documents/d1/comments": {
        body: listOf([
          thread({
            comment: comment({
              id: "c1",
              version: 1,
              body: "<b>bold?</b> ask @viewer",
              mentions: ["viewer"],
            }),
            anchor: { quote: "Keep vaccines between 2 and 8 degrees", section: "Storage" },
          }),
          thread({
            comment: comment({ id: "c2", deleted: true, body: null }),
            replies: [comment({ id: "c3", threadId: "c2", author: "viewer", body: "Still relevant." })],
            resolved: true,
            resolvedBy: "admin",
            resolvedAt: "2026-11-21T10:00:00.000Z",
          }),
        ]),
      },
    });
    renderTab();
    const first = await screen.findByTestId("thread-c1");
    expect(within(first).getByTestId("text-thread-anchor").textContent).toContain("Storage");
    expect(within(first).getByTestId("badge-comment-version").textContent).toBe("on v1· older version");
    const body = within(first).getByTestId("text-comment-body");
    expect(body.textContent).toBe("<b>bold?</b> ask @viewer");
    expect(body.querySelector("b")).toBeNull();
    expect(within(body).getByText("@viewer").className).toContain("text-primary");

    const second = screen.getByTestId("thread-c2");
    expect(within(second).getByTestId("text-comment-deleted").textContent).toBe("Comment deleted");
    expect(within(second).getByText("Still relevant.")).toBeTruthy();
    expect(within(second).getByTestId("text-thread-resolved").textContent).toContain("Resolved by admin");
    expect(screen.getByTestId("text-comment-count").textContent).toBe("2 threads, 1 open");
    // Nothing here is the reader's to change: no edit, delete or resolve.
    expect(screen.queryByText("Edit")).toBeNull();
    expect(screen.queryByText("Resolve")).toBeNull();
  });

  it("offers people who may read the document after @, and posts the comment with the picked name", async () => {
    const posted: unknown[] = [];
    const spy = mockFetch({
      "GET /api/documents/d1/comments": { body: listOf([]) },
      "GET /api/documents/d1/comments/mentionable": { body: [{ id: "u-viewer", username: "viewer" }] },
      "POST /api/documents/d1/comments": (sent) => {
        posted.push(JSON.parse(sent?.body ?? "null"));
        return {
          status: 201,
          body: thread({
            comment: comment({ id: "c9", body: "Please check @viewer", mentions: ["viewer"] }),
          }),
        };
      },
    });
    renderTab();
    expect(await screen.findByTestId("text-no-comments")).toBeTruthy();
    const box = screen.getByTestId("input-comment") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "Please check @vi", selectionStart: 16 } });
    const option = await screen.findByTestId("option-mention-viewer");
    expect(spy).toHaveBeenCalledWith("/api/documents/d1/comments/mentionable?q=vi", expect.anything());
    fireEvent.mouseDown(option);
    expect(box.value).toBe("Please check @viewer ");

    fireEvent.click(screen.getByTestId("button-comment"));
    await screen.findByTestId("thread-c9");
    expect(posted).toEqual([{ body: "Please check @viewer" }]);
    expect(box.value).toBe("");
  });

  it("sends a quoted passage with the comment and keeps the text when the server refuses a mention", async () => {
    const posted: unknown[] = [];
    mockFetch({
      "GET /api/documents/d1/comments": { body: listOf([]) },
      "POST /api/documents/d1/comments": (sent) => {
        posted.push(JSON.parse(sent?.body ?? "null"));
        return {
          status: 422,
          body: { message: "Cannot mention @dave: only people who may read this document can be mentioned" },
        };
      },
    });
    renderTab({ quote: "Check the data logger", section: "Receiving", version: 1 });
    expect((await screen.findByTestId("text-pending-quote")).textContent).toContain("Check the data logger");
    const box = screen.getByTestId("input-comment") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "@dave look" } });
    fireEvent.click(screen.getByTestId("button-comment"));
    expect(
      await screen.findByText(
        "Cannot mention @dave: only people who may read this document can be mentioned",
      ),
    ).toBeTruthy();
    expect(posted).toEqual([
      { body: "@dave look", version: 1, anchor: { quote: "Check the data logger", section: "Receiving" } },
    ]);
    expect(box.value).toBe("@dave look");
  });

  it("edits, deletes and resolves from the server's abilities", async () => {
    const own = thread({
      comment: comment({ abilities: { edit: true, delete: true } }),
      abilities: { reply: true, resolve: true },
    });
    const requests: string[] = [];
    mockFetch({
      "GET /api/documents/d1/comments": { body: listOf([own]) },
      "PATCH /api/documents/d1/comments/c1": (sent) => {
        requests.push(`PATCH ${sent?.body}`);
        return {
          body: {
            ...own,
            comment: { ...own.comment, body: "Reworded.", editedAt: "2026-11-20T11:00:00.000Z" },
          },
        };
      },
      "POST /api/documents/d1/comments/c1/resolve": () => {
        requests.push("resolve");
        return {
          body: { ...own, resolved: true, resolvedBy: "author", resolvedAt: "2026-11-20T12:00:00.000Z" },
        };
      },
      "DELETE /api/documents/d1/comments/c1": () => {
        requests.push("delete");
        return { status: 204 };
      },
    });
    renderTab();
    fireEvent.click(await screen.findByTestId("button-edit-comment-c1"));
    const editBox = screen.getByTestId("input-edit-comment") as HTMLTextAreaElement;
    expect(editBox.value).toBe("Please check this.");
    fireEvent.change(editBox, { target: { value: "Reworded." } });
    fireEvent.click(screen.getByTestId("button-edit-comment"));
    // Saved: the edit box gives way to the reworded text, marked as edited.
    expect(await screen.findByText("(edited)")).toBeTruthy();
    expect(screen.getByTestId("text-comment-body").textContent).toBe("Reworded.");

    fireEvent.click(screen.getByTestId("button-resolve-c1"));
    expect(await screen.findByTestId("button-reopen-c1")).toBeTruthy();

    fireEvent.click(screen.getByTestId("button-delete-comment-c1"));
    fireEvent.click(screen.getByTestId("button-confirm-delete-c1"));
    await waitFor(() => expect(requests).toEqual(['PATCH {"body":"Reworded."}', "resolve", "delete"]));
  });
});
