import type { Database } from "../db/client";
import { checkedEvent, type DomainEvent, type DomainEventName } from "./catalog";

/**
 * When a reaction runs. `in-transaction`: inside the command's transaction, before it commits, so
 * the reaction and the change stand or fall together (ending a review round whose assignee lost
 * access, enqueueing a job that must survive a crash, a NOTIFY that is sent at commit).
 * `after-commit`: once the change is committed, never for one that rolled back (waking job runners
 * and anything else a crash may lose without harm).
 */
export type SubscriberPhase = "in-transaction" | "after-commit";

/**
 * A module's reaction to one event. Generic over the context so this file needs no application
 * types (the application context holds the bus); modules declare theirs with defineSubscriber.
 */
export interface Subscriber<C, N extends DomainEventName = DomainEventName> {
  /** Names the reaction in errors: "approvals: end rounds assignees can no longer see". */
  name: string;
  event: N;
  phase: SubscriberPhase;
  /** `db` is the command's transaction in-transaction, the database after commit. */
  run(ctx: C, db: Database, event: DomainEvent<N>): Promise<void>;
}

/** One command's events: raised inside its transaction, their after-commit reactions held back. */
interface Scope {
  afterCommit: Array<() => Promise<void>>;
}

/**
 * Delivers domain events to the subscribers the application collected. One bus per application
 * context; it keeps no state between commands except the open transactions' scopes.
 */
export class EventBus<C extends { db: Database }> {
  private readonly scopes = new WeakMap<Database, Scope>();
  private readonly byEvent = new Map<DomainEventName, Array<Subscriber<C>>>();

  constructor(
    subscribers: ReadonlyArray<Subscriber<C, DomainEventName>>,
    /** Where an after-commit reaction's failure goes: the change it reacts to stands. */
    private readonly onAfterCommitError: (subscriber: string, error: unknown) => void,
  ) {
    for (const subscriber of subscribers) {
      const list = this.byEvent.get(subscriber.event) ?? [];
      list.push(subscriber as Subscriber<C>);
      this.byEvent.set(subscriber.event, list);
    }
  }

  /** The subscribers of one event, in the order the application collected them. */
  subscribersOf(name: DomainEventName): ReadonlyArray<Subscriber<C>> {
    return this.byEvent.get(name) ?? [];
  }

  /**
   * Runs `work` as one command over `tx`: events raised on `tx` meanwhile reach their
   * in-transaction subscribers at once, and their after-commit ones once `commit` (the caller's
   * transaction) has resolved. A command joined to an outer one (the same `tx`) shares its scope.
   */
  async command<T>(open: (enter: (tx: Database) => void) => Promise<T>): Promise<T> {
    const scope: Scope = { afterCommit: [] };
    const entered: Database[] = [];
    let result: T;
    try {
      result = await open((tx) => {
        if (this.scopes.has(tx)) return;
        entered.push(tx);
        this.scopes.set(tx, scope);
      });
    } finally {
      for (const tx of entered) this.scopes.delete(tx);
    }
    for (const react of scope.afterCommit) await react();
    return result;
  }

  /** Whether `tx` belongs to a command that raises events (an outer command joined with `inside`). */
  inCommand(tx: Database): boolean {
    return this.scopes.has(tx);
  }

  /**
   * Raises an event inside the command that owns `tx`: its in-transaction subscribers run now, in
   * the transaction (their failure fails the command), its after-commit ones wait for the commit.
   */
  async raise(ctx: C, tx: Database, event: DomainEvent): Promise<void> {
    const scope = this.scopes.get(tx);
    if (!scope) throw new Error(`${event.type} raised outside a command's transaction`);
    const checked = checkedEvent(event);
    for (const subscriber of this.subscribersOf(checked.type)) {
      if (subscriber.phase === "in-transaction") {
        await subscriber.run(ctx, tx, checked);
      } else {
        scope.afterCommit.push(async () => {
          try {
            await subscriber.run(ctx, ctx.db, checked);
          } catch (error) {
            this.onAfterCommitError(subscriber.name, error);
          }
        });
      }
    }
  }
}
