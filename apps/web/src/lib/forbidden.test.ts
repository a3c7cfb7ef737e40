import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { abilityPhrase, actionErrorMessage, forbiddenMessage } from "./forbidden";
import { applyLanguage } from "./i18n";

describe("forbidden messages", () => {
  it("name the role and the action", () => {
    expect(forbiddenMessage("Viewer", "upload documents")).toBe(
      "Your role (Viewer) cannot upload documents.",
    );
  });

  it("explain a 403 instead of asking to try again, and keep other errors' messages", () => {
    const refused = new ApiError(
      403,
      JSON.stringify({ message: "Your role does not allow this action" }),
      "",
    );
    expect(actionErrorMessage(refused, { role: "Reviewer", doing: "upload documents" })).toBe(
      "Your role (Reviewer) cannot upload documents.",
    );
    const broken = new ApiError(500, JSON.stringify({ message: "Disk full" }), "");
    expect(actionErrorMessage(broken, { role: "Author", doing: "upload documents" })).toBe("Disk full");
  });

  it("word an ability as the sentence needs it", () => {
    expect(forbiddenMessage("Author", abilityPhrase("readActivity"))).toBe(
      "Your role (Author) cannot read the audit trail.",
    );
    expect(forbiddenMessage(undefined, abilityPhrase("manageIngestion"))).toBe(
      "Your role cannot see what entered the archive.",
    );
  });

  it("speak the interface's language, the role named as German names it", async () => {
    await applyLanguage("de");
    expect(forbiddenMessage("Viewer", abilityPhrase("uploadDocuments"))).toBe(
      "Ihre Rolle (Leser) erlaubt es nicht, Dokumente hochzuladen.",
    );
    const refused = new ApiError(403, JSON.stringify({ message: "Forbidden" }), "");
    expect(actionErrorMessage(refused, { role: "Reviewer", doing: abilityPhrase("archiveDocument") })).toBe(
      "Ihre Rolle (Prüfer) erlaubt es nicht, dieses Dokument zu archivieren.",
    );
    expect(forbiddenMessage(undefined, abilityPhrase("readActivity"))).toBe(
      "Ihre Rolle erlaubt es nicht, das Protokoll einzusehen.",
    );
  });
});
