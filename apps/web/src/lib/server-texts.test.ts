import { afterEach, describe, expect, it } from "vitest";
import {
  activityActions,
  notificationMessageKeys,
  roundReasonText as englishRoundReason,
  type Notification,
  type RoundReason,
} from "@quire/contracts";
import englishActivity from "@/locales/en/activity.json";
import englishNotifications from "@/locales/en/notifications.json";
import { activityLabel, activitySlug } from "./activity-label";
import { applyLanguage, i18n } from "./i18n";
import { notificationText } from "./notification-text";
import { reasonInData, roundReasonText } from "./round-reason";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

const note = (message: Notification["message"], title = "Stored title", body = "Stored body") => ({
  title,
  body,
  message,
});

describe("the catalogues of texts the server composes", () => {
  it("name every activity action the contracts list, under its own slug, in English as the server records it", () => {
    const slugs = activityActions.map(activitySlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(Object.keys(englishActivity).sort()).toEqual([...slugs].sort());
    for (const action of activityActions)
      expect(englishActivity[activitySlug(action) as keyof typeof englishActivity]).toBe(action);
  });

  it("write every notification message the contracts define", () => {
    expect(Object.keys(englishNotifications).sort()).toEqual([...notificationMessageKeys].sort());
    for (const entry of Object.values(englishNotifications)) expect(Object.keys(entry)).toContain("body");
  });
});

describe("activity actions", () => {
  it("are shown in the interface's language, and an action no catalogue knows as recorded", async () => {
    expect(activitySlug("Escalated: overdue")).toBe("escalatedOverdue");
    expect(activitySlug("Created API token")).toBe("createdApiToken");
    expect(activityLabel("Read notification")).toBe("Read notification");
    await applyLanguage("de");
    expect(activityLabel("Read notification")).toBe("Benachrichtigung gelesen");
    expect(activityLabel("Review Changes Requested")).toBe("Prüfung: Änderungen angefordert");
    expect(activityLabel("Uploaded")).toBe("Hochgeladen");
    expect(activityLabel("Polished the brass")).toBe("Polished the brass");
    await applyLanguage("fr");
    expect(activityLabel("Uploaded")).toBe("Importé");
  });
});

describe("notifications", () => {
  const requested: Notification["message"] = {
    key: "reviewRequested",
    params: { by: "author", document: "Security Policy", version: 2 },
  };

  it("in English say what the server stored", () => {
    expect(notificationText(note(requested))).toEqual({
      title: "Review requested",
      body: 'author asked you to review "Security Policy" (version 2)',
    });
  });

  it("in German are written from their message", async () => {
    await applyLanguage("de");
    expect(notificationText(note(requested))).toEqual({
      title: "Prüfung angefordert",
      body: "author bittet Sie, „Security Policy“ (Version 2) zu prüfen",
    });
    const changes = (comment: string) =>
      notificationText(
        note({ key: "changesRequested", params: { by: "reviewer", document: "ADR-017", comment } }),
      ).body;
    expect(changes("")).toBe("reviewer hat Änderungen an „ADR-017“ angefordert");
    expect(changes("Bitte Abschnitt 3 kürzen")).toBe(
      "reviewer hat Änderungen an „ADR-017“ angefordert: Bitte Abschnitt 3 kürzen",
    );
    // Days in German; an overdue stage nobody can act on says so.
    const overdue = notificationText(
      note({
        key: "reviewOverdue",
        params: { stage: "Legal", document: "ADR-017", dueOn: "2026-03-01", waiting: "" },
      }),
    );
    expect(overdue.title).toBe("Prüfung überfällig");
    expect(overdue.body).toBe(
      "Die Phase „Legal“ von „ADR-017“ war am 1. März 2026 fällig, und niemand, auf den sie wartet, kann noch handeln",
    );
  });

  it("name the default flow's stages in the reader's language, and a stage an Admin named as written", async () => {
    const dueTomorrow = (stage: string) =>
      notificationText(
        note({
          key: "reviewDueTomorrow",
          params: { stage, document: "ADR-017", dueOn: "2026-03-01" },
        }),
      ).body;
    await applyLanguage("de");
    expect(dueTomorrow("Review")).toBe(
      "Die Phase „Prüfung“ von „ADR-017“ ist morgen (1. März 2026) fällig und wartet auf Sie",
    );
    expect(
      notificationText(note({ key: "reviewDueToday", params: { stage: "Approval", document: "ADR-017" } }))
        .body,
    ).toBe("Die Phase „Freigabe“ von „ADR-017“ ist heute fällig und wartet auf Sie");
    expect(dueTomorrow("Legal")).toContain("Die Phase „Legal“ von „ADR-017“");
    await applyLanguage("fr");
    expect(dueTomorrow("Review")).toContain("L’étape « Relecture » de « ADR-017 »");
  });

  it("keep their stored English when they carry no message", async () => {
    await applyLanguage("de");
    expect(notificationText(note(null, "Review requested", "Old text"))).toEqual({
      title: "Review requested",
      body: "Old text",
    });
  });

  it("fill in params as plain text, never as markup or further translation", async () => {
    await applyLanguage("de");
    const { body } = notificationText(
      note({
        key: "reviewRequested",
        params: {
          by: "{{document}}",
          document: "<img src=x onerror=alert(1)> $t(common:appName)",
          version: 1,
        },
      }),
    );
    expect(body).toBe(
      "{{document}} bittet Sie, „<img src=x onerror=alert(1)> $t(common:appName)“ (Version 1) zu prüfen",
    );
  });
});

describe("why a review round ended", () => {
  const withdrawn = (why?: RoundReason): Notification["message"] => ({
    key: "reviewWithdrawn",
    params: { document: "ADR-017", reason: "the stored English reason", ...(why ? { why } : {}) },
  });

  it("is written in German from its facts, names and roles included", async () => {
    await applyLanguage("de");
    const body = (why: RoundReason) => notificationText(note(withdrawn(why))).body;
    expect(body({ code: "roleChanged", user: "reviewer2", role: "Viewer" })).toBe(
      "Die Prüfung von „ADR-017“ endete ohne Entscheidung: reviewer2 hat nicht mehr die Rolle, die diese Prüfung braucht (jetzt Leser). Das Dokument ist wieder ein Entwurf und kann erneut eingereicht werden.",
    );
    expect(body({ code: "cannotOpen", users: ["anna", "ben"], cause: "disabled" })).toContain(
      "kein Zugriff mehr für anna und ben (Konto deaktiviert)",
    );
    expect(body({ code: "cannotOpen", users: [], cause: "access" })).toContain(
      "kein Zugriff mehr für eine zugewiesene Person nach einer Änderung der Zugriffsrechte",
    );
    expect(body({ code: "archived" })).toContain("Entscheidung: das Dokument wurde archiviert.");
    const overdue = { code: "overdue", stage: "Review", dueOn: "2026-12-03" } as const;
    expect(roundReasonText({ ...overdue, waiting: ["anna", "ben"] }, "English")).toBe(
      "Prüfung war am 3. Dez. 2026 fällig; wartet auf anna und ben",
    );
    expect(roundReasonText({ ...overdue, waiting: [] }, "English")).toBe(
      "Prüfung war am 3. Dez. 2026 fällig; niemand kann mehr handeln",
    );
    expect(roundReasonText({ code: "restarted", version: 3, replaced: 2 }, "English")).toBe(
      "Version 3 hat Version 2 während der Prüfung ersetzt",
    );
  });

  it("keeps the stored English when it has no facts, or facts no catalogue knows", async () => {
    await applyLanguage("de");
    expect(notificationText(note(withdrawn())).body).toContain("Entscheidung: the stored English reason.");
    const unknown = { code: "meteorite" } as unknown as RoundReason;
    expect(roundReasonText(unknown, "stored")).toBe("stored");
    expect(roundReasonText(null, "stored")).toBe("stored");
  });

  it("in English says what the server stored", () => {
    expect(roundReasonText({ code: "replaced", version: 2, replaced: 1 }, "x")).toBe(
      englishRoundReason({ code: "replaced", version: 2, replaced: 1 }),
    );
    expect(roundReasonText({ code: "cannotOpen", users: ["anna"], cause: "startup" }, "x")).toBe(
      englishRoundReason({ code: "cannotOpen", users: ["anna"], cause: "startup" }),
    );
    expect(roundReasonText({ code: "roleChanged", user: null, role: "Author" }, "x")).toBe(
      englishRoundReason({ code: "roleChanged", user: null, role: "Author" }),
    );
    for (const waiting of [["reviewer"], []]) {
      const overdue = { code: "overdue", stage: "Legal review", dueOn: "2026-12-03", waiting } as const;
      expect(roundReasonText(overdue, "x")).toBe(englishRoundReason(overdue));
    }
  });

  it("is read from an activity entry's details only when they hold a readable reason", () => {
    expect(reasonInData({ reason: { code: "archived" } })).toEqual({ code: "archived" });
    expect(reasonInData({ reason: { code: "cannotOpen", users: "anna", cause: "access" } })).toBeNull();
    expect(reasonInData({ reason: { code: "replaced", version: "2", replaced: 1 } })).toBeNull();
    expect(
      reasonInData({ reason: { code: "overdue", stage: "Review", dueOn: "2026-12-03", waiting: [] } }),
    ).toEqual({ code: "overdue", stage: "Review", dueOn: "2026-12-03", waiting: [] });
    expect(reasonInData({ reason: { code: "overdue", stage: "Review", dueOn: "2026-12-03" } })).toBeNull();
    expect(reasonInData({ version: 2 })).toBeNull();
    expect(reasonInData(null)).toBeNull();
  });
});
