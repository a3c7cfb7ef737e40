import { readFileSync } from "node:fs";
import { notificationMessageKeys, uiLanguages, type NotificationMessage } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { fill, mailDay, mailTexts, messageText } from "./mail-texts";

/** The web's catalogue of a namespace, read as data: the server never imports the web. */
const webCatalogue = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../web/src/locales/${language}/${namespace}.json`, import.meta.url),
      "utf8",
    ),
  ) as Record<string, unknown>;

/** Every string of a nested catalogue by its dotted key. */
function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value))
      for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the e-mail catalogue", () => {
  it("writes every notification message the contracts define, in every language", () => {
    for (const language of uiLanguages)
      expect(Object.keys(mailTexts[language].messages).sort()).toEqual([...notificationMessageKeys].sort());
  });

  it("has the web's keys and fills the same params, so a message reads alike in the bell and the mail", () => {
    for (const language of uiLanguages) {
      const web = flatten(webCatalogue(language, "notifications"));
      const mail = flatten(mailTexts[language].messages);
      expect([...mail.keys()].sort()).toEqual([...web.keys()].sort());
      for (const [key, text] of mail)
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(web.get(key)!));
      const shared = webCatalogue(language, "shared") as { templateStage: unknown };
      expect(mailTexts[language].stage).toEqual(shared.templateStage);
      const common = webCatalogue(language, "common") as { roles: unknown };
      expect(mailTexts[language].role).toEqual(common.roles);
    }
  });
});

describe("a notification's e-mail text", () => {
  const overdue = (stage: string, waiting: string): NotificationMessage => ({
    key: "reviewOverdue",
    params: { stage, document: "ADR-017", dueOn: "2026-03-01", waiting },
  });

  it("in German names the default flow's stage in German, a stage an Admin named as written, and the day as German writes it", () => {
    expect(messageText("de", overdue("Review", "anna, ben"))).toEqual({
      title: "Prüfung überfällig",
      body: "Die Phase „Prüfung“ von „ADR-017“ war am 1. März 2026 fällig und wartet noch auf anna, ben",
    });
    expect(messageText("de", overdue("Legal", "")).body).toBe(
      "Die Phase „Legal“ von „ADR-017“ war am 1. März 2026 fällig, und niemand, auf den sie wartet, kann noch handeln",
    );
    expect(messageText("fr", overdue("Approval", "anna")).body).toBe(
      "L’étape « Approbation » de « ADR-017 » arrivait à échéance le 1 mars 2026 et attend toujours anna",
    );
  });

  it("says the comment given, when one was", () => {
    const decided = (comment: string): NotificationMessage => ({
      key: "approved",
      params: { by: "approver", document: "ADR-017", comment },
    });
    expect(messageText("de", decided("")).body).toBe("approver hat „ADR-017“ freigegeben");
    expect(messageText("de", decided("Passt so")).body).toBe("approver hat „ADR-017“ freigegeben: Passt so");
  });

  it("writes a withdrawn review's reason from its facts, and keeps the stored English without them", () => {
    const withdrawn = (why?: { code: "roleChanged"; user: string; role: string }): NotificationMessage => ({
      key: "reviewWithdrawn",
      params: { document: "ADR-017", reason: "the stored English reason", ...(why ? { why } : {}) },
    });
    expect(messageText("de", withdrawn({ code: "roleChanged", user: "ben", role: "Viewer" })).body).toContain(
      "Entscheidung: ben hat nicht mehr die Rolle, die diese Prüfung braucht (jetzt Leser).",
    );
    expect(messageText("fr", withdrawn()).body).toContain("sans décision : the stored English reason.");
    expect(
      messageText("fr", {
        key: "reviewWithdrawn",
        params: {
          document: "ADR-017",
          reason: "x",
          why: { code: "cannotOpen", users: ["anna", "ben"], cause: "disabled" },
        },
      }).body,
    ).toContain("plus d’accès pour anna et ben (compte désactivé)");
  });

  it("in English says what the server stores as the notification's English", () => {
    expect(
      messageText("en", {
        key: "reviewRequested",
        params: { by: "author", document: "Security Policy", version: 2 },
      }),
    ).toEqual({
      title: "Review requested",
      body: 'author asked you to review "Security Policy" (version 2)',
    });
    expect(mailDay("en", "2026-03-01")).toBe("March 1, 2026");
  });

  it("fills params in as plain text, never as further placeholders", () => {
    expect(fill("{{by}} on {{document}}", { by: "{{document}}", document: "X" })).toBe("{{document}} on X");
  });
});
