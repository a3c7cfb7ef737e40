import type { AppContext } from "../../context";
import type { DatabaseHandle, Unlisten } from "../../db/client";
import { documentViewerIds } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";
import { EVENTS_CHANNEL, ingestionManagerIds, parseLiveEvent, type LiveEvent } from "./events";

export interface LiveConnection {
  actor: Actor;
  /** The stream's sign-in: the hash of its session token or of its API token. */
  credentialHash: string;
  send(event: LiveEvent): void;
  /** Ends the stream: its sign-in ended (logout, password change, token revoked, account disabled). */
  end(): void;
}

/**
 * This process's open event streams. One database listener per process fans events out to the
 * connections whose user may see them; nothing here needs to survive the process.
 */
export class EventHub {
  private readonly connections = new Set<LiveConnection>();
  private unlisten: Unlisten | null = null;

  constructor(private readonly ctx: AppContext) {}

  async start(database: DatabaseHandle): Promise<void> {
    this.unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event) void this.dispatch(event);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  add(connection: LiveConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  get size(): number {
    return this.connections.size;
  }

  private async dispatch(event: LiveEvent): Promise<void> {
    if (this.connections.size === 0) return;
    if (event.type === "sessions.ended") {
      for (const c of this.connections) {
        if (event.sessionHashes.includes(c.credentialHash)) c.end();
      }
      return;
    }
    if (event.type === "access.changed") {
      // It names nothing, so everyone hears it and reads again what they may now see.
      for (const c of this.connections) c.send(event);
      return;
    }
    if (event.type === "ingestion.changed") {
      // Only those who may read the queue now (a stream's opening role is not trusted).
      const managers = new Set(await ingestionManagerIds(this.ctx.db).catch(() => []));
      for (const c of this.connections) if (managers.has(c.actor.id)) c.send(event);
      return;
    }
    if (event.type === "notification.created") {
      for (const c of this.connections) if (event.userIds.includes(c.actor.id)) c.send(event);
      return;
    }
    // One set-based look-up per event (the policy's own filter, with roles and memberships as they
    // are now), then each connection hears only of what its user may see. The role a stream was
    // opened with is not trusted: an Admin demoted since would still hear of every private draft.
    const viewers = new Set(await documentViewerIds(this.ctx.db, event.documentId).catch(() => []));
    for (const c of this.connections) {
      if (viewers.has(c.actor.id)) c.send(event);
    }
  }
}
