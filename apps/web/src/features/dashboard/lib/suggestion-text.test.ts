import { afterEach, describe, expect, it } from "vitest";
import { aiSuggestionMessageKeys, appliedSuggestionKeys, type AiSuggestion } from "@quire/contracts";
import englishDashboard from "@/locales/en/dashboard.json";
import { applyLanguage, i18n } from "@/lib/i18n";
import { appliedText, suggestionText } from "./suggestion-text";

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
  it("writes every suggestion message the contracts define, and what applying each did", () => {
    expect(Object.keys(englishDashboard.suggestions.messages).sort()).toEqual(
      [...aiSuggestionMessageKeys].sort(),
    );
    const done = new Set(Object.keys(englishDashboard.suggestions.done).map((key) => key.split("_")[0]));
    expect([...done].sort()).toEqual([...appliedSuggestionKeys].sort());
  });
});

describe("dashboard suggestions", () => {
  it("name a periodic review's due day as every page names days, and keep a date quoted from the text", () => {
    const stale = (reviewDate: string) =>
      suggestionText(
        suggestion({ key: "staleReviewDate", params: { document: "BCP", reviewDate, days: 35 } }),
      ).description;
    expect(stale("2026-10-26")).not.toContain("2026-10-26");
    expect(stale("2026-10-26")).toMatch(/Oct(ober)? 26, 2026|26 Oct(ober)? 2026/);
    expect(stale("30 September 2025")).toContain("(30 September 2025)");
  });

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

describe("what applying a suggestion did", () => {
  const reminded = (count: number, optedOut: number) => ({
    message: "Stored message",
    done: { key: "remindedReviewers" as const, params: { document: "Procurement Policy", count, optedOut } },
  });

  it("in English says what the server said", () => {
    expect(appliedText(reminded(1, 1))).toBe(
      "Reminded 1 person to review 'Procurement Policy' (1 turned review reminders off)",
    );
    expect(appliedText(reminded(2, 0))).toBe("Reminded 2 people to review 'Procurement Policy'");
  });

  it("in German and French is written from its facts, in the right plural form", async () => {
    await applyLanguage("de");
    expect(appliedText(reminded(1, 0))).toBe("1 Person an die Prüfung von „Procurement Policy“ erinnert");
    expect(appliedText(reminded(3, 1))).toBe(
      "3 Personen an die Prüfung von „Procurement Policy“ erinnert (Prüfungserinnerungen ausgeschaltet: 1)",
    );
    expect(
      appliedText({
        message: "Stored message",
        done: { key: "moved", params: { document: "Travel Policy", category: "Finance" } },
      }),
    ).toBe("„Travel Policy“ nach Finance verschoben");
    await applyLanguage("fr");
    expect(appliedText(reminded(2, 0))).toBe("2 personnes relancées pour relire « Procurement Policy »");
  });
});
