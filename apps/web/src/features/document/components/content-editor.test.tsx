import { useState } from "react";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { document as documentFixture } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ContentEditor } from "./content-editor";

function EditablePage() {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setEditing(true)}>
        Edit
      </button>
      {editing && <ContentEditor document={documentFixture({ id: "d1" })} onDone={() => setEditing(false)} />}
    </>
  );
}

describe("ContentEditor", () => {
  it("gives the focus back to what opened it when Cancel closes it", () => {
    Element.prototype.scrollIntoView ??= () => {};
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
});
