import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage, i18n } from "@/lib/i18n";
import { mockFetch } from "@/test/fetch-mock";
import { category, document, sessionUser } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { EditMetadataDialog } from "./edit-metadata-dialog";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

function open() {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "5", username: "viewer", role: "Viewer" }) },
    "GET /api/categories": { body: [category()] },
    "PATCH /api/documents/d1": {
      status: 403,
      body: { message: "Your role does not allow this action", code: "forbidden" },
    },
  });
  renderWithApp(
    <EditMetadataDialog document={document({ title: "Reisekosten" })} onClose={() => undefined} />,
  );
}

describe("EditMetadataDialog in German", () => {
  it("says what is wrong with a field in German, not the schema's English", async () => {
    await applyLanguage("de");
    open();
    fireEvent.change(await screen.findByDisplayValue("Reisekosten"), { target: { value: "  " } });
    fireEvent.click(screen.getByTestId("button-save-metadata"));
    expect((await screen.findByTestId("text-metadata-error")).textContent).toBe(
      "Geben Sie dem Dokument einen Titel.",
    );
  });

  it("explains a refusal with the role and what it cannot do, in German", async () => {
    await applyLanguage("de");
    open();
    await screen.findByDisplayValue("Reisekosten");
    fireEvent.click(screen.getByTestId("button-save-metadata"));
    // The role is named once the session has loaded; the phrase is German either way.
    expect((await screen.findByTestId("text-metadata-error")).textContent).toMatch(
      /^Ihre Rolle( \(Leser\))? erlaubt es nicht, die Metadaten dieses Dokuments zu bearbeiten\.$/,
    );
  });
});
