import { afterEach, describe, expect, it } from "vitest";
import { aiSuggestionMessageKeys, type AiSuggestion } from "@quire/contracts";
import englishDashboard from "@/locales/en/dashboard.json";
import { applyLanguage, i18n } from "@/lib/i18n";
import { suggestionText } from "./suggestion-text";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

const suggestion = (message: AiSuggestion["message"]) => ({
  title: "Stored title",
  description: "Stored description",
  action: "Stored action",
  message,
});

describe("the suggestions' catalogue", () => {
  it("writes every suggestion message the contracts define", () => {
    expect(Object.keys(englishDashboard.suggestions.messages).sort()).toEqual(
      [...aiSuggestionMessageKeys].sort(),
    );
  });
});

describe("dashboard suggestions", () => {
  it("in German are written from their message, naming levels and statuses in German", async () => {
    await applyLanguage("de");
    expect(
      suggestionText(
        suggestion({
          key: "move",
          params: {
            document: "Travel Policy",
            current: "General",
            target: "Finance",
            confidence: "high",
            agreeing: 3,
          },
        }),
      ),
    ).toEqual({
      title: "„Travel Policy“ nach Finance verschieben",
      description:
        "Abgelegt unter General, doch der mit diesem Archiv trainierte Klassifikator ordnet das Dokument Finance zu (hohe Sicherheit), und 3 seiner 3 ähnlichsten Dokumente liegen in Finance.",
      action: "Nach Finance verschieben",
    });
    const duplicate = suggestionText(
      suggestion({
        key: "notifyDuplicate",
        params: {
          older: "Remote Working Policy",
          newer: "Remote Work Policy",
          percent: 82,
          status: "In Review",
        },
      }),
    );
    expect(duplicate.description).toContain("hat aber den Status „In Prüfung“");
    expect(duplicate.action).toBe("Eigentümer benachrichtigen");
  });

  it("in English say what the server wrote", () => {
    expect(
      suggestionText(
        suggestion({
          key: "stuckInReview",
          params: { document: "Procurement Policy", days: 12, targetDays: 7 },
        }),
      ),
    ).toEqual({
      title: "'Procurement Policy' is stuck in review",
      description:
        "It has been In Review for 12 days, over the 7-day target. Remind the pending reviewers or approver.",
      action: "Remind reviewers",
    });
  });
});
