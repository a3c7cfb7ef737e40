import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { document as documentFixture } from "@/test/fixtures";
import { mockFetch, type Route, type SentRequest } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { UploadVersionDialog } from "./upload-version-dialog";

const travel = documentFixture({ title: "Travel Policy", currentVersionNumber: 2, versionCount: 2 });
// The request is sent by Node's fetch, which reads only its own FormData and File, not jsdom's
// (jsdom's file arrives as "blob" with no bytes); a browser has one of each.
beforeEach(async () => {
  const nodeForm = await new Response(new URLSearchParams()).formData();
  vi.stubGlobal("FormData", nodeForm.constructor);
});
const file = () => new NodeFile(["# Travel\n\nEconomy class for flights under six hours."], "travel-v3.md");

/** A multipart field's value, read from the body the app sent. */
function field(sent: SentRequest | undefined, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(sent?.body ?? "")?.[1];
}

function renderDialog(answer: Route) {
  const spy = mockFetch({ "POST /api/documents/d1/versions": answer });
  const onClose = vi.fn();
  renderWithApp(<UploadVersionDialog document={travel} onClose={onClose} />, { path: "/document/d1" });
  const sent = () => spy.mock.calls.filter(([url]) => url === "/api/documents/d1/versions").map(([, s]) => s);
  return { onClose, sent };
}

function chooseAndUpload(note = "Economy under six hours") {
  fireEvent.change(screen.getByTestId("input-version-file"), { target: { files: [file()] } });
  fireEvent.change(screen.getByTestId("input-version-change-note"), { target: { value: note } });
  fireEvent.click(screen.getByTestId("button-upload-version"));
}

const uploadButton = () => screen.getByTestId("button-upload-version") as HTMLButtonElement;

describe("Upload a new version", () => {
  it("names the version the file becomes, and cannot be sent before a file is chosen", () => {
    renderDialog({ status: 500 });
    expect(screen.getByTestId("dialog-upload-version").textContent).toContain(
      "The file becomes version 3 of “Travel Policy”.",
    );
    expect(uploadButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId("input-version-file"), { target: { files: [file()] } });
    expect(uploadButton().disabled).toBe(false);
  });

  it("sends the file, its change note and the version it replaces, then says it is being processed", async () => {
    const { onClose, sent } = renderDialog({
      status: 201,
      body: documentFixture({ title: "Travel Policy", currentVersionNumber: 3, versionCount: 3 }),
    });
    chooseAndUpload();
    expect(await screen.findByText("Version 3 of Travel Policy is being processed.")).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [request] = sent();
    expect(field(request, "changeNote")).toBe("Economy under six hours");
    expect(field(request, "expectedVersion")).toBe("2");
    // The file's bytes go last: the server reads the fields before the stream.
    const body = request?.body ?? "";
    expect(body).toContain('filename="travel-v3.md"');
    expect(body.indexOf("Economy class for flights under six hours.")).toBeGreaterThan(
      body.indexOf('name="expectedVersion"'),
    );
  });

  it("shows the conflict when someone uploaded a version meanwhile, and keeps the dialog and the file", async () => {
    const conflict = "Version 3 was saved by editor since you opened version 2; reload to see it";
    const { onClose } = renderDialog({ status: 409, body: { message: conflict } });
    chooseAndUpload();
    expect((await screen.findByTestId("text-upload-version-error")).textContent).toBe(conflict);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId("dialog-upload-version")).toBeTruthy();
    expect((screen.getByTestId("input-version-change-note") as HTMLInputElement).value).toBe(
      "Economy under six hours",
    );
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    expect(uploadButton().textContent).toBe("Upload Version");
  });

  it("shows the server's refusal of the file itself", async () => {
    const refusal = "travel.exe is not a PDF, DOCX, TXT or MD file";
    renderDialog({ status: 415, body: { message: refusal } });
    chooseAndUpload();
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
  });

  it("closes without sending anything on Cancel", () => {
    const { onClose, sent } = renderDialog({ status: 500 });
    fireEvent.change(screen.getByTestId("input-version-file"), { target: { files: [file()] } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual([]);
  });
});
