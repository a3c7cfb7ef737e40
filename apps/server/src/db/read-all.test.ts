import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/support/harness";
import { readAll } from "./read-all";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A read that notes when it starts and ends, around a real query. */
function tracedRead(events: string[], name: string, db: TestApp["ctx"]["db"]) {
  return async () => {
    events.push(`${name} start`);
    const result = await db.execute(sql`select ${name}::text as name`);
    events.push(`${name} end`);
    return result;
  };
}

describe("readAll", () => {
  it("inside a transaction runs the reads one after another, in order, with their results in order", async () => {
    const events: string[] = [];
    const [a, b] = await app.ctx.db.transaction((tx) =>
      readAll(tx, [tracedRead(events, "a", tx), async () => (await tracedRead(events, "b", tx)()) && 2]),
    );
    expect(events).toEqual(["a start", "a end", "b start", "b end"]);
    expect(a).toBeDefined();
    expect(b).toBe(2);
  });

  it("outside one starts every read before the first has ended", async () => {
    const events: string[] = [];
    await readAll(app.ctx.db, [tracedRead(events, "a", app.ctx.db), tracedRead(events, "b", app.ctx.db)]);
    expect(events.slice(0, 2)).toEqual(["a start", "b start"]);
  });
});
