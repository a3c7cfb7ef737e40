import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { UploadForm } from "./upload-form";

const categories = [
  { id: "c1", name: "Engineering", description: "", icon: "fas fa-code", color: "blue" },
  { id: "c2", name: "Legal", description: "", icon: "fas fa-balance-scale", color: "purple" },
];
const user = { id: "2", username: "author", role: "Author" };

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

function choose(files: File[]) {
  fireEvent.change(screen.getByTestId("input-file"), { target: { files } });
}

describe("UploadForm", () => {
  it("uses the first file, prefills the title and takes the suggested category", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/ai/categorize": { body: { categoryId: "c2", confidence: 0.83, tags: [] } },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["a"], "Data Processing Agreement.md"), new File(["b"], "second.txt")]);
    expect(screen.getByTestId("text-selected-file").textContent).toContain("Data Processing Agreement.md");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Data Processing Agreement");
    await screen.findByText(/Suggested category: Legal/);
    expect(screen.getByTestId("select-category").textContent).toContain("Legal");
    expect((screen.getByTestId("button-submit-upload") as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps a typed title and works without a suggestion", async () => {
    mockFetch({ "GET /api/auth/user": { body: user }, "GET /api/categories": { body: categories } });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "My title" } });
    choose([new File(["a"], "file.pdf")]);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("My title");
    // No category yet: the submit button stays disabled (seed §5).
    await waitFor(() =>
      expect((screen.getByTestId("button-submit-upload") as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.queryByTestId("text-suggested-category")).toBeNull();
  });

  it("shows the server's message when the file is refused", async () => {
    mockFetch({
      "GET /api/auth/user": { body: user },
      "GET /api/categories": { body: categories },
      "POST /api/ai/categorize": { body: { categoryId: "c1", confidence: 0.5, tags: [] } },
      "POST /api/documents/upload": {
        status: 415,
        body: { message: "Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files." },
      },
    });
    renderWithApp(<UploadForm />, { path: "/upload" });
    await screen.findByTestId("select-category");
    choose([new File(["MZ"], "tool.pdf")]);
    await screen.findByText(/Suggested category: Engineering/);
    fireEvent.click(screen.getByTestId("button-submit-upload"));
    await screen.findByText("Upload failed");
    expect(
      screen.getByText("Unsupported file type: Quire accepts PDF, DOCX, TXT and MD files."),
    ).toBeTruthy();
    expect(screen.getByTestId("button-submit-upload").textContent).toBe("Upload Document");
  });
});
