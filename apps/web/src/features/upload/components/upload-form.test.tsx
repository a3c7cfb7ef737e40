import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { document, sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { UploadForm } from "./upload-form";

const categories = [
  { id: "c1", name: "Engineering", description: "", icon: "fas fa-code", color: "blue" },
  { id: "c2", name: "Legal", description: "", icon: "fas fa-balance-scale", color: "purple" },
];
const user = sessionUser({ id: "2", username: "author", role: "Author" });

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

/** The document the server answers with for an upload: the shared fixture, as a new draft. */
function documentFor(id: string, title: string) {
  return document({
    id,
    title,
    category: categories[0],
    originalFilename: `${title}.md`,
    processing: { state: "processing", error: null },
  });
}

type Answer = { status: number; body: unknown };

/** XMLHttpRequest (the upload, for its progress) answered per file name; records the form fields. */
function mockUploads(answer: (fields: Map<string, string>, file: File) => Answer) {
  const sent: Array<Map<string, string>> = [];
  class FakeXhr {
    status = 0;
    statusText = "";
    responseText = "";
    withCredentials = false;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    send(form: FormData) {
      const fields = new Map<string, string>();
      let file: File | null = null;
      form.forEach((value, key) => {
        if (typeof value === "string") fields.set(key, value);
        else file = value as File;
      });
      sent.push(fields);
      const reply = answer(fields, file!);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId("input-file"), { target: { files } });
}

async function pickCategory(name: string) {
  fireEvent.click(screen.getByTestId("select-category"));
  fireEvent.click(await screen.findByRole("option", { name }));
}

describe("UploadForm", () => {
  it("takes a text file's first heading as its title and pre-selects a confident suggestion with its tags", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/ai/categorize": {
        body: {
          categoryId: "c2",
          categoryName: "Legal",
          confidence: 0.83,
          tags: ["data processing"],
          alternatives: [],
        },
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["# Data Processing Agreement\n\nThe processor shall..."], "dpa-v3-final.md")]);
    await waitFor(() =>
      expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Data Processing Agreement"),
    );
    await screen.findByText(/Suggested category: Legal/);
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
    expect((screen.getByTestId("input-tags") as HTMLInputElement).value).toBe("data processing");
    expect((screen.getByTestId("button-submit-upload") as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers a weak suggestion without selecting it", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/ai/categorize": {
        body: { categoryId: "c2", categoryName: "Legal", confidence: 0.31, tags: [], alternatives: [] },
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["Some notes about lunch."], "notes.txt")]);
    await screen.findByText(/Suggested category: Legal \(medium confidence\)/);
    expect(screen.getByTestId("select-category").textContent).not.toContain("Legal");
    expect((screen.getByTestId("button-submit-upload") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("button-use-suggested"));
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
  });

  it("offers only categories the user may add to, and never suggests one they may only view", async () => {
    const viewOnly = { ...categories[1]!, abilities: { addDocuments: false } };
    const open = { ...categories[0]!, abilities: { addDocuments: true } };
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: [open, viewOnly] },
      "POST /api/ai/categorize": {
        body: { categoryId: "c2", categoryName: "Legal", confidence: 0.83, tags: [], alternatives: [] },
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["# Data Processing Agreement\n\nThe processor shall..."], "dpa.md")]);
    await waitFor(() =>
      expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Data Processing Agreement"),
    );
    expect(screen.queryByText(/Suggested category: Legal/)).toBeNull();
    expect(screen.getByTestId("select-category").textContent).not.toContain("Legal");
    fireEvent.click(screen.getByTestId("select-category"));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Engineering"]);
  });

  it("leaves a PDF's title to the server and says its suggestion follows the upload", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["%PDF-1.7"], "scan_0042.pdf", { type: "application/pdf" })]);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("");
    expect(screen.getByTestId("text-suggest-after-upload")).toBeTruthy();
    // No category yet: the submit button stays disabled (seed §5).
    expect((screen.getByTestId("button-submit-upload") as HTMLButtonElement).disabled).toBe(true);
  });

  it("uploads several files one by one; a refused one keeps its error and the others are uploaded", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    const sent = mockUploads((_fields, file) =>
      file.name === "tool.pdf"
        ? {
            status: 415,
            body: { message: "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files." },
          }
        : { status: 201, body: documentFor(`id-${file.name}`, file.name.replace(/\..*$/, "")) },
    );
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["a"], "one.md"), new File(["MZ"], "tool.pdf"), new File(["c"], "three.txt")]);
    expect(screen.getAllByTestId("text-selected-file")).toHaveLength(3);
    await pickCategory("Engineering");
    expect(screen.getByTestId("button-submit-upload").textContent).toBe("Upload 3 Documents");
    fireEvent.click(screen.getByTestId("button-submit-upload"));

    await waitFor(() => expect(sent).toHaveLength(3));
    const results = await screen.findAllByTestId("upload-result");
    expect(results).toHaveLength(3);
    await waitFor(() => expect(results.map((r) => r.dataset.state)).toEqual(["done", "failed", "done"]));
    expect(within(results[1]!).getByTestId("text-upload-error").textContent).toBe(
      "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.",
    );
    // The same bytes would be refused again: no Retry that cannot help.
    expect(within(results[1]!).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(within(results[0]!).getByText("one")).toBeTruthy();
    expect(sent.every((fields) => fields.get("categoryId") === "c1" && fields.get("title") === "")).toBe(
      true,
    );
    await screen.findByText("Upload failed");
  });

  it("offers Retry after a server error, and Retry sends the file again", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    let calls = 0;
    const sent = mockUploads(() =>
      ++calls === 1
        ? { status: 500, body: { message: "boom" } }
        : { status: 201, body: documentFor("id-notes", "notes") },
    );
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["n"], "notes.md")]);
    await pickCategory("Engineering");
    fireEvent.click(screen.getByTestId("button-submit-upload"));
    const [result] = await screen.findAllByTestId("upload-result");
    await waitFor(() => expect(result!.dataset.state).toBe("failed"));
    fireEvent.click(within(result!).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it("explains a refused upload (403) by the role, not with 'try again'", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Reviewer" }) },
      "GET /api/categories": { body: categories },
    });
    mockUploads(() => ({ status: 403, body: { message: "Forbidden" } }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["x"], "memo.pdf", { type: "application/pdf" })]);
    await pickCategory("Legal");
    fireEvent.click(screen.getByTestId("button-submit-upload"));
    const [result] = await screen.findAllByTestId("upload-result");
    await waitFor(() => expect(result!.dataset.state).toBe("failed"));
    const says = "Your role (Reviewer) cannot upload documents.";
    expect(within(result!).getByTestId("text-upload-error").textContent).toBe(says);
    await screen.findByText("Upload failed");
    expect(screen.getAllByText(says).length).toBeGreaterThan(1);
    expect(screen.queryByText(/Please try again/)).toBeNull();
  });

  it("says an identical file is already archived, links to it and uploads a copy only when asked", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    const sent = mockUploads((fields) =>
      fields.get("allowDuplicate") === "true"
        ? { status: 201, body: documentFor("copy", "Retention") }
        : {
            status: 409,
            body: { message: "already there", existing: { id: "old-1", title: "Retention schedule" } },
          },
    );
    const { location } = renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["x"], "retention.pdf", { type: "application/pdf" })]);
    await pickCategory("Legal");
    fireEvent.click(screen.getByTestId("button-submit-upload"));
    await screen.findByTestId("upload-duplicate");
    expect(screen.getByText(/already in the archive as “Retention schedule”/)).toBeTruthy();
    expect(screen.getByTestId("link-open-existing").getAttribute("href")).toBe("/document/old-1");
    expect(location.history.at(-1)).toBe("/upload");

    fireEvent.click(screen.getByTestId("button-upload-anyway"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/document/copy"));
    expect(sent.map((f) => f.get("allowDuplicate") ?? null)).toEqual([null, "true"]);
    expect(sent[1]?.get("categoryId")).toBe("c2");
    await screen.findByText(
      "Retention has been uploaded. Its text is being processed; the page shows the progress.",
    );
  });
});
