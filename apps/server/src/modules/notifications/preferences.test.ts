import type { Notification } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import { demoAppForFile, draftInReview } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const inbox = async (as: string) =>
  json<Notification[]>(await t.request("GET", "/api/notifications", { as }));

describe("notification preferences", () => {
  it("start all on, and each user changes only their own", async () => {
    expect(json(await t.request("GET", "/api/notifications/preferences", { as: "reviewer" }))).toEqual({
      emailNotifications: true,
      reviewReminders: true,
      approvalAlerts: true,
      emailAddress: null,
      emailDelivery: false,
    });
    const res = await t.request("PUT", "/api/notifications/preferences", {
      as: "reviewer",
      body: { reviewReminders: false },
    });
    expect(json(res)).toEqual({
      emailNotifications: true,
      reviewReminders: false,
      approvalAlerts: true,
      emailAddress: null,
      emailDelivery: false,
    });
    expect(json(await t.request("GET", "/api/notifications/preferences", { as: "reviewer2" }))).toMatchObject(
      { reviewReminders: true },
    );
    expect(
      (await t.request("PUT", "/api/notifications/preferences", { as: "reviewer", body: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request("PUT", "/api/notifications/preferences", {
          as: "reviewer",
          body: { approvalAlerts: "no" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("are honoured: review requests skip a reviewer who turned them off, decisions skip an owner without alerts", async () => {
    await t.request("PUT", "/api/notifications/preferences", {
      as: "author",
      body: { approvalAlerts: false },
    });
    const before = {
      reviewer: (await inbox("reviewer")).length,
      reviewer2: (await inbox("reviewer2")).length,
    };
    const id = await draftInReview(t, ids, "Preference check");
    expect((await inbox("reviewer")).length).toBe(before.reviewer);
    expect((await inbox("reviewer2")).length).toBe(before.reviewer2 + 1);

    const ownerBefore = (await inbox("author")).length;
    const review = await t.request("PATCH", `/api/documents/${id}/approval`, {
      as: "reviewer2",
      body: { status: "Changes Requested", comment: "Add an owner" },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await inbox("author")).length).toBe(ownerBefore);
  });
});
