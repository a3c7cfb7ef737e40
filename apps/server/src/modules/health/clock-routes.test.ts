import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const shifting = appForFile({ env: { CLOCK_SHIFT: "true" } });
const plain = appForFile();

describe("POST /api/system/clock", () => {
  it("moves the clock forward for an Admin", async () => {
    const before = shifting.clock.now().getTime();
    const res = await shifting.request("POST", "/api/system/clock", { as: "admin", body: { hours: 72 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ now: string; shiftedHours: number }>(res);
    expect(new Date(body.now).getTime() - before).toBe(72 * 3_600_000);
    expect(shifting.clock.now().getTime() - before).toBe(72 * 3_600_000);
    expect(body.shiftedHours).toBeGreaterThanOrEqual(72);
  });

  it("is an Admin's action, forward only and bounded", async () => {
    shifting.forgetSessions();
    const before = shifting.clock.now().getTime();
    const author = await shifting.request("POST", "/api/system/clock", { as: "author", body: { hours: 1 } });
    expect(author.statusCode).toBe(403);
    for (const hours of [0, -5, 1.5, 24 * 401]) {
      const res = await shifting.request("POST", "/api/system/clock", { as: "admin", body: { hours } });
      expect(res.statusCode, `${hours} hours`).toBe(400);
    }
    expect(shifting.clock.now().getTime()).toBe(before);
  });

  it("does not exist without CLOCK_SHIFT", async () => {
    const res = await plain.request("POST", "/api/system/clock", { as: "admin", body: { hours: 1 } });
    expect(res.statusCode).toBe(404);
  });
});
