import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_UPLOAD_BYTES } from "@quire/contracts";
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

async function pickCategory(name: string, trigger = screen.getByTestId("select-category")) {
  fireEvent.click(trigger);
  fireEvent.click(await screen.findByRole("option", { name }));
}

/** The server's analysis of a chosen file (POST /api/documents/upload/analyse). */
function analysis(
  title: string,
  suggestion: { categoryId: string; categoryName: string; confidence: number; tags?: string[] } | null,
  fileIn: { categoryId: string; name: string } | null = null,
) {
  return {
    title,
    mediaType: "text/markdown",
    suggestion: {
      categoryId: suggestion?.categoryId ?? null,
      categoryName: suggestion?.categoryName ?? null,
      confidence: suggestion?.confidence ?? 0,
      tags: suggestion?.tags ?? [],
      alternatives: [],
    },
    fileIn,
    duplicate: null,
  };
}

const submitButton = () => screen.getByTestId("button-submit-upload") as HTMLButtonElement;

describe("UploadForm", () => {
  it("takes a text file's first heading as its title and pre-selects a confident suggestion with its tags", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/documents/upload/analyse": {
        body: analysis(
          "Data Processing Agreement",
          { categoryId: "c2", categoryName: "Legal", confidence: 0.83, tags: ["data processing"] },
          { categoryId: "c2", name: "Legal" },
        ),
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
    expect(submitButton().disabled).toBe(false);
  });

  it("offers a weak suggestion without selecting it; without a category Quire files it", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/documents/upload/analyse": {
        body: analysis("notes", { categoryId: "c2", categoryName: "Legal", confidence: 0.31 }),
      },
    });
    const sent = mockUploads(() => ({ status: 201, body: documentFor("id-notes", "notes") }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["Some notes about lunch."], "notes.txt")]);
    await screen.findByText(/Suggested category: Legal \(medium confidence\)/);
    expect(screen.getByTestId("select-category").textContent).not.toContain("Legal");
    // The category is optional: the form says what happens without one, and Upload is open.
    expect(screen.getByTestId("text-auto-file-note").textContent).toMatch(
      /Quire files it .* asks you to confirm/,
    );
    expect(submitButton().disabled).toBe(false);
    fireEvent.click(screen.getByTestId("button-use-suggested"));
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
    expect(screen.queryByTestId("text-auto-file-note")).toBeNull();
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get("categoryId")).toBe("c2");
  });

  it("sends no category when none is chosen, for the server to file", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    const sent = mockUploads(() => ({ status: 201, body: documentFor("id-memo", "memo") }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["A memo."], "memo.txt")]);
    await screen.findByTestId("text-auto-file-note");
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.has("categoryId")).toBe(false);
  });

  it("shows a file the server accepted for later conversion (202) as uploaded and processing", async () => {
    const accepted = documentFor("id-scan", "scan");
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "GET /api/documents/id-scan": { body: accepted },
    });
    mockUploads(() => ({ status: 202, body: accepted }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["A scan."], "scan.txt")]);
    await pickCategory("Legal");
    fireEvent.click(submitButton());
    expect((await screen.findByTestId("text-processing")).textContent).toMatch(
      /^Uploaded; processing its text/,
    );
    expect(screen.getByTestId("link-uploaded-id-scan").textContent).toBe("scan");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers only categories the user may add to, and never suggests one they may only view", async () => {
    const viewOnly = { ...categories[1]!, abilities: { addDocuments: false } };
    const open = { ...categories[0]!, abilities: { addDocuments: true } };
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: [open, viewOnly] },
      "POST /api/documents/upload/analyse": {
        body: analysis("Data Processing Agreement", {
          categoryId: "c2",
          categoryName: "Legal",
          confidence: 0.83,
        }),
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["# Data Processing Agreement\n\nThe processor shall..."], "dpa.md")]);
    await waitFor(() =>
      expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Data Processing Agreement"),
    );
    await waitFor(() => expect(screen.queryByTestId("text-analysing")).toBeNull());
    expect(screen.queryByText(/Suggested category: Legal/)).toBeNull();
    expect(screen.getByTestId("select-category").textContent).not.toContain("Legal");
    fireEvent.click(screen.getByTestId("select-category"));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Engineering"]);
  });

  it("reads a PDF on the server before upload: its title and suggestion come first, its title stays the server's", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/documents/upload/analyse": {
        body: {
          ...analysis(
            "Scan 42: supplier contract",
            { categoryId: "c2", categoryName: "Legal", confidence: 0.9 },
            { categoryId: "c2", name: "Legal" },
          ),
          mediaType: "application/pdf",
        },
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["%PDF-1.7"], "scan_0042.pdf", { type: "application/pdf" })]);
    const title = screen.getByLabelText("Title") as HTMLInputElement;
    expect(title.value).toBe("");
    expect(screen.getByTestId("text-suggest-after-upload")).toBeTruthy();
    await screen.findByText(/Suggested category: Legal/);
    expect(title.placeholder).toBe("Scan 42: supplier contract");
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
    expect(submitButton().disabled).toBe(false);
  });

  it("refuses a wrong type, an empty file and one over the limit at selection, and keeps the rest of the form", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    const sent = mockUploads(() => ({ status: 201, body: documentFor("id-plan", "Plan") }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["# Plan\n\nSteps."], "plan.md")]);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "My plan" } });
    await pickCategory("Legal");
    const big = new File(["x"], "huge.pdf");
    Object.defineProperty(big, "size", { value: MAX_UPLOAD_BYTES + 1 });
    choose([new File(["MZ"], "setup.exe"), new File(["PK"], "bundle.zip"), new File([], "empty.txt"), big]);

    const refused = screen.getAllByTestId("refused-file").map((r) => r.textContent);
    expect(refused).toEqual([
      "setup.exe is not a type Quire accepts (.pdf, .docx, .txt, .md, .markdown): it is not sent.",
      "bundle.zip is not a type Quire accepts (.pdf, .docx, .txt, .md, .markdown): it is not sent.",
      "empty.txt is empty: it is not sent.",
      "huge.pdf is larger than 10MB, the upload limit: it is not sent.",
    ]);
    expect(screen.getByTestId("text-file-error").textContent).toContain("huge.pdf is larger than 10MB");
    // The file already chosen keeps its title and category; only it is sent.
    expect(screen.getAllByTestId("text-selected-file")).toHaveLength(1);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("My plan");
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
    expect(submitButton().textContent).toBe("Upload Document");
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([sent[0]?.get("title"), sent[0]?.get("categoryId")]).toEqual(["My plan", "c2"]);
  });

  it("says in words why Upload is disabled, linked to the button", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category").catch(() => undefined);
    expect(submitButton().disabled).toBe(true);
    const reason = () => screen.getByTestId("text-submit-reason");
    expect(reason().textContent).toBe("Choose at least one file to upload.");
    expect(submitButton().getAttribute("aria-describedby")).toBe(reason().id);
    choose([new File(["MZ"], "tool.exe")]);
    expect(reason().textContent).toMatch(/None of the chosen files can be uploaded/);
    choose([new File(["ok"], "ok.txt")]);
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByTestId("text-submit-reason")).toBeNull();
    expect(submitButton().getAttribute("aria-describedby")).toBeNull();
  });

  it("gives each of several files its own title and category, and sends each with its own", async () => {
    let analysed = 0;
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/documents/upload/analyse": () =>
        // Asked once per file, in the order chosen: the second is the one that is no PDF.
        ++analysed === 2
          ? {
              status: 415,
              body: { message: "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files." },
            }
          : { body: analysis("From the file", null) },
    });
    const sent = mockUploads((_fields, file) => ({
      status: 201,
      body: documentFor(`id-${file.name}`, file.name.replace(/\..*$/, "")),
    }));
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["a"], "one.md"), new File(["MZ"], "tool.pdf"), new File(["c"], "three.txt")]);
    expect(screen.getAllByTestId("text-selected-file")).toHaveLength(3);
    await pickCategory("Engineering");
    // The analysis found the second file is no PDF: it says so before anything is sent.
    await screen.findByText(/Quire will refuse this file: Unsupported file type/);
    // The refused file has no fields of its own: it will not be sent.
    const [oneCategory, threeCategory] = screen.getAllByTestId("select-file-category");
    expect(oneCategory!.textContent).toContain("Engineering");
    await pickCategory("Legal", threeCategory);
    const titles = screen.getAllByTestId("input-file-title") as HTMLInputElement[];
    fireEvent.change(titles[0]!, { target: { value: "First of three" } });
    expect(submitButton().textContent).toBe("Upload 3 Documents");
    fireEvent.click(submitButton());

    const results = await screen.findAllByTestId("upload-result");
    await waitFor(() => expect(results.map((r) => r.dataset.state)).toEqual(["done", "failed", "done"]));
    expect(within(results[1]!).getByTestId("text-upload-error").textContent).toBe(
      "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files.",
    );
    // The refused file was not sent; the others went with their own fields.
    expect(sent.map((f) => [f.get("title"), f.get("categoryId")])).toEqual([
      ["First of three", "c1"],
      ["three", "c2"],
    ]);
    await screen.findByText("Upload failed");
    // What the server refused stays in the form; what went in left it.
    await waitFor(() => expect(screen.getAllByTestId("text-selected-file")).toHaveLength(1));
    expect(screen.getByTestId("text-selected-file").textContent).toContain("tool.pdf");
  });

  it("keeps the form as it was when the server fails, and offers Retry", async () => {
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
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Typed title" } });
    await pickCategory("Engineering");
    fireEvent.click(submitButton());
    const [result] = await screen.findAllByTestId("upload-result");
    await waitFor(() => expect(result!.dataset.state).toBe("failed"));
    expect(screen.getByTestId("text-selected-file").textContent).toContain("notes.md");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Typed title");
    expect(screen.getByTestId("select-category").textContent).toContain("Engineering");
    fireEvent.click(within(result!).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.get("title")).toBe("Typed title");
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
