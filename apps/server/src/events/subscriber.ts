import type { AppContext } from "../context";
import type { Database } from "../db/client";
import type { Subscriber } from "./bus";
import type { DomainEvent, DomainEventName } from "./catalog";

/** A reaction as the application collects it (src/subscribers.ts). */
export type AppSubscriber = Subscriber<AppContext, DomainEventName>;

/**
 * Declares a module's reaction to one domain event. The module that reacts owns it; the command
 * that raises the event never imports it.
 */
export function defineSubscriber<N extends DomainEventName>(
  subscriber: Subscriber<AppContext, N>,
): AppSubscriber {
  // The bus hands a subscriber only events of the name it declared, so widening the name is safe;
  // TypeScript cannot see that through the function parameter's variance.
  return subscriber as unknown as AppSubscriber;
}

/** Raises `event` inside the command that owns `tx` (see EventBus.raise). */
export function raise(ctx: AppContext, tx: Database, event: DomainEvent): Promise<void> {
  return ctx.events.raise(ctx, tx, event);
}
