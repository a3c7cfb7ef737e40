import { useState } from "react";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { document as documentFixture, version } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ContentEditor } from "./content-editor";
import { VersionsTab } from "./versions-tab";

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function openEditor(fields: Parameters<typeof documentFixture>[0]) {
  mockFetch({});
  const onUploadVersion = vi.fn();
  const onDone = vi.fn();
  renderWithApp(
    <ContentEditor
      document={documentFixture({ id: "d1", currentVersionNumber: 3, ...fields })}
      onDone={onDone}
      onUploadVersion={onUploadVersion}
    />,
    { path: "/document/d1" },
  );
  return { onUploadVersion, onDone };
}

describe("editing a Word or PDF document", () => {
  it("says a Word document's edit becomes a Word file, and offers a new upload first", () => {
    const { onUploadVersion } = openEditor({ mediaType: DOCX, originalFilename: "policy.docx" });
    expect(screen.queryByTestId("form-edit-content")).toBeNull();
    expect(screen.getByTestId("text-edit-outcome").textContent).toContain(
      "Your edit will be saved as a new version in Word format (.docx) generated from the text.",
    );
    const buttons = within(screen.getByTestId("edit-format-choice")).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Upload a new version",
      "Edit the text here",
      "Cancel",
    ]);
    fireEvent.click(buttons[0]!);
    expect(onUploadVersion).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId("button-choice-edit"));
    expect(screen.getByTestId("form-edit-content")).toBeTruthy();
    expect(screen.getByTestId("text-edit-note").textContent).toBe(
      "Saving creates version 4 as a Word file (.docx) generated from this text.",
    );
  });

  it("says a PDF document's edit becomes text while the PDF stays with its version", () => {
    const { onDone } = openEditor({ mediaType: "application/pdf", originalFilename: "spec.pdf" });
    expect(screen.getByTestId("text-edit-outcome").textContent).toContain(
      "Your edit will be saved as a new version in text (markdown); the PDF stays the original of version 3",
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("opens a markdown document's editor at once, with no note on the format", () => {
    openEditor({});
    expect(screen.queryByTestId("edit-format-choice")).toBeNull();
    expect(screen.getByTestId("textarea-content")).toBeTruthy();
    expect(screen.queryByTestId("text-edit-note")).toBeNull();
  });
});

function EditableWordDocument() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit
      </button>
      {editing && (
        <ContentEditor
          document={documentFixture({ id: "d1", mediaType: DOCX, originalFilename: "policy.docx" })}
          onDone={() => setEditing(false)}
          onUploadVersion={() => {}}
        />
      )}
    </>
  );
}

describe("the focus around the choice", () => {
  it("starts on Upload a new version, and goes back to Edit when the choice is cancelled", () => {
    mockFetch({});
    renderWithApp(<EditableWordDocument />, { path: "/document/d1" });
    const edit = screen.getByRole("button", { name: "Edit" });
    edit.focus();
    fireEvent.click(edit);
    expect(document.activeElement).toBe(screen.getByTestId("button-choice-upload"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("edit-format-choice")).toBeNull();
    expect(document.activeElement).toBe(edit);
  });
});

describe("the version list and Word", () => {
  it("offers every version as a Word file and says which Word file was generated from an edit", async () => {
    mockFetch({
      "GET /api/documents/d1/versions": {
        body: [
          version({ version: 2, mediaType: DOCX, originalFilename: "Policy.docx", originalFromText: true }),
          version({ version: 1, mediaType: DOCX, originalFilename: "policy.docx", originalFromText: false }),
        ],
      },
      "GET /api/documents/d1/diff/1/2": { status: 500, body: { message: "not needed here" } },
    });
    renderWithApp(<VersionsTab documentId="d1" compare={false} />, { path: "/document/d1" });
    const second = await screen.findByTestId("version-2");
    expect(within(second).getByTestId("text-original-2").textContent).toBe(
      "Edited in Quire: its Word file (.docx) was generated from the text.",
    );
    expect(screen.queryByTestId("text-original-1")).toBeNull();
    for (const number of [1, 2]) {
      const link = screen.getByRole("link", { name: `Download version ${number} as Word (.docx)` });
      expect(link.getAttribute("href")).toBe(`/api/documents/d1/versions/${number}/download?format=docx`);
    }
  });
});
