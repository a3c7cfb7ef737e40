import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../test/support/app-for-file";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { EventBus, type Subscriber } from "./bus";
import type { DomainEvent, DomainEventName } from "./catalog";

/**
 * The bus's promises: in-transaction reactions run inside the command and fail it, after-commit
 * ones run once it committed and never for a change that rolled back, and an event raised outside
 * a command or malformed is refused.
 */
const t = appForFile();
beforeAll(async () => {
  await t.ctx.db.execute(sql`create table if not exists bus_probe (note text not null)`);
});

const event: DomainEvent = {
  type: "document.detailsChanged",
  by: { id: "u1", username: "someone" },
  at: new Date(),
  documentId: "d1",
};

const probeNotes = async (db: Database): Promise<string[]> =>
  rowsOf<{ note: string }>(await db.execute(sql`select note from bus_probe order by note`)).map(
    (r) => r.note,
  );

function busWith(subscribers: Array<Subscriber<{ db: Database }, DomainEventName>>, errors: string[] = []) {
  return new EventBus<{ db: Database }>(subscribers, (name) => errors.push(name));
}

/** One command over a real transaction: `body` runs after the event is raised. */
async function command(bus: EventBus<{ db: Database }>, steps: string[], body: () => void = () => {}) {
  const ctx = { db: t.ctx.db };
  return bus.command((enter) =>
    t.ctx.db.transaction(async (tx) => {
      enter(tx);
      await bus.raise(ctx, tx, event);
      body();
      steps.push("command body ends");
    }),
  );
}

describe("the event bus", () => {
  it("runs in-transaction reactions in the command's transaction and after-commit ones after it", async () => {
    const steps: string[] = [];
    const bus = busWith([
      {
        name: "after",
        event: "document.detailsChanged",
        phase: "after-commit",
        run: async (_ctx, db) => {
          // The in-transaction write is visible from outside the transaction: it has committed.
          steps.push(`after commit sees ${(await probeNotes(db)).join(",")}`);
        },
      },
      {
        name: "inside",
        event: "document.detailsChanged",
        phase: "in-transaction",
        run: async (_ctx, tx) => {
          await tx.execute(sql`insert into bus_probe (note) values ('committed')`);
          steps.push("in transaction");
        },
      },
      {
        name: "other",
        event: "user.disabled",
        phase: "in-transaction",
        run: async () => void steps.push("wrong"),
      },
    ]);
    await command(bus, steps);
    expect(steps).toEqual(["in transaction", "command body ends", "after commit sees committed"]);
  });

  it("never runs after-commit reactions of a command that rolled back", async () => {
    const steps: string[] = [];
    const bus = busWith([
      {
        name: "after",
        event: "document.detailsChanged",
        phase: "after-commit",
        run: async () => void steps.push("after"),
      },
    ]);
    await expect(
      command(bus, steps, () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(steps).toEqual([]);
  });

  it("fails the command, and rolls its change back, when an in-transaction reaction fails", async () => {
    const steps: string[] = [];
    const bus = busWith([
      {
        name: "writes",
        event: "document.detailsChanged",
        phase: "in-transaction",
        run: async (_ctx, tx) =>
          void (await tx.execute(sql`insert into bus_probe (note) values ('rolled back')`)),
      },
      {
        name: "fails",
        event: "document.detailsChanged",
        phase: "in-transaction",
        run: async () => {
          throw new Error("reaction failed");
        },
      },
    ]);
    await expect(command(bus, steps)).rejects.toThrow("reaction failed");
    expect(await probeNotes(t.ctx.db)).not.toContain("rolled back");
  });

  it("reports a failed after-commit reaction without undoing the committed change", async () => {
    const errors: string[] = [];
    const bus = busWith(
      [
        {
          name: "breaks after commit",
          event: "document.detailsChanged",
          phase: "after-commit",
          run: async () => {
            throw new Error("lost");
          },
        },
      ],
      errors,
    );
    await command(bus, []);
    expect(errors).toEqual(["breaks after commit"]);
  });

  it("refuses an event raised outside a command, and a malformed one", async () => {
    const bus = busWith([]);
    await expect(bus.raise({ db: t.ctx.db }, t.ctx.db, event)).rejects.toThrow(/outside a command/);
    const malformed = { ...event, documentId: "" };
    await expect(
      bus.command((enter) =>
        t.ctx.db.transaction(async (tx) => {
          enter(tx);
          await bus.raise({ db: t.ctx.db }, tx, malformed);
        }),
      ),
    ).rejects.toThrow(/malformed document.detailsChanged event/);
  });
});
