import type { ApprovalTemplate, Document, Notification } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, multipart, type TestApp } from "../../../test/support/harness";
import { parsed, startMailbox, type Received } from "../../../test/support/mailbox";
import {
  categoryWithTemplate,
  demoUserIds,
  draftInReview,
  templateStage as stage,
} from "../../../test/support/review-helpers";

/**
 * E-mail copies of notifications in the language each recipient chose for Quire, while the bell's
 * notifications carry the same facts (a message key and its params) for the web to write.
 */
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let t: TestApp;
let ids: Record<string, string>;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: {
      SMTP_URL: mailbox.url,
      MAIL_FROM: "Quire <quire@example.org>",
      PUBLIC_URL: "https://quire.example.org/",
    },
  });
  ids = await demoUserIds(t);
  for (const [as, language] of [
    ["reviewer", "de"],
    ["reviewer2", "fr"],
  ] as const) {
    const chosen = await t.request("PUT", "/api/auth/language", { as, body: { language } });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  for (const as of ["reviewer", "reviewer2"]) {
    const saved = await t.request("PUT", "/api/notifications/preferences", {
      as,
      body: { emailAddress: `${as}@example.org`, emailNotifications: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** What `address` received since `from` (an index into the mailbox), decoded. */
async function mailTo(address: string, from = 0) {
  const mine = mailbox.received.slice(from).filter((m: Received) => m.to.includes(address));
  return Promise.all(mine.map(parsed));
}

async function notificationsOf(as: string, documentId: string): Promise<Notification[]> {
  const list = json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
  return list.filter((n) => n.documentId === documentId);
}

describe("e-mail in the recipient's language", () => {
  // One who never chose is written to in English (email.test.ts).
  it("a German reviewer is asked in German, a French one in French", async () => {
    const from = mailbox.received.length;
    const id = await draftInReview(t, ids, "Reisekostenrichtlinie", {
      reviewers: [ids.reviewer!, ids.reviewer2!],
      approverId: ids.approver!,
    });
    await t.runner.runUntilIdle();

    const [german] = await mailTo("reviewer@example.org", from);
    expect(german?.subject).toBe("Prüfung angefordert");
    expect(german?.text).toContain("author bittet Sie, „Reisekostenrichtlinie“ (Version 1) zu prüfen");
    expect(german?.text).toContain(`In Quire öffnen: https://quire.example.org/document/${id}`);
    expect(german?.text).toContain("Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen");
    expect(german?.text).not.toMatch(/asked you to review|Open it in Quire/);
    expect(german?.headers.get("content-language")).toBe("de");

    const [french] = await mailTo("reviewer2@example.org", from);
    expect(french?.subject).toBe("Relecture demandée");
    expect(french?.text).toContain("author vous demande de relire « Reisekostenrichtlinie » (version 1)");
    expect(french?.text).toContain(`Ouvrir dans Quire : https://quire.example.org/document/${id}`);
  });

  it("the German reviewer's notification carries the message's key and params, and the stored English", async () => {
    const id = await draftInReview(t, ids, "Datenschutzrichtlinie", {
      reviewers: [ids.reviewer!],
      approverId: ids.approver!,
    });
    const [note] = await notificationsOf("reviewer", id);
    expect(note).toMatchObject({
      kind: "review_requested",
      message: {
        key: "reviewRequested",
        params: { by: "author", document: "Datenschutzrichtlinie", version: 1 },
      },
      // For API clients and as the fallback of a reader whose catalogue lacks the key.
      title: "Review requested",
    });
  });
});

async function categoryWith(template: ApprovalTemplate): Promise<string> {
  return (await categoryWithTemplate(t, "Fristen", template)).id;
}

const GERMAN_MONTHS = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];

describe("a reminder that names the default flow's stage", () => {
  it("says the stage and the day in German, and carries the stage's name and the day as facts", async () => {
    const cat = await categoryWith({
      stages: [stage("Review", { dueDays: 2 }), stage("Approval", { roles: ["Approver"] })],
    });
    // Six in the morning (UTC) of the next day, so the schedule's daily look falls where expected.
    const tomorrow = new Date(t.clock.now().getTime() + DAY).toISOString().slice(0, 10);
    t.clock.set(new Date(`${tomorrow}T06:00:00Z`));
    t.forgetSessions();
    await t.runner.fireSchedules();
    const { body, headers } = multipart(
      { title: "Kalibrierung", categoryId: cat, allowDuplicate: "true" },
      { name: "sop.md", bytes: Buffer.from("# Kalibrierung\n\nDie Waage vor jeder Charge kalibrieren.\n") },
    );
    const uploaded = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const doc = json<Document>(uploaded).id;
    const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "author",
      body: {
        stages: [{ assignees: [{ userId: ids.reviewer }] }, { assignees: [{ userId: ids.approver }] }],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const due = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    await t.runner.runUntilIdle();
    const from = mailbox.received.length;

    // A day on, the stage is due tomorrow.
    t.clock.advance(DAY);
    t.forgetSessions();
    await t.runner.fireSchedules();
    await t.runner.runUntilIdle();

    const reminders = (await mailTo("reviewer@example.org", from)).filter(
      (m) => m.subject === "Prüfung morgen fällig",
    );
    expect(reminders).toHaveLength(1);
    const [y, m, d] = due.split("-").map(Number) as [number, number, number];
    expect(reminders[0]?.text).toContain(
      `Die Phase „Prüfung“ von „Kalibrierung“ ist morgen (${d}. ${GERMAN_MONTHS[m - 1]} ${y}) fällig`,
    );

    const note = (await notificationsOf("reviewer", doc)).find((n) => n.kind === "review_reminder");
    expect(note?.message).toEqual({
      key: "reviewDueTomorrow",
      params: { stage: "Review", document: "Kalibrierung", dueOn: due },
    });
  });
});
