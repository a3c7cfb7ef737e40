import type { FastifyInstance } from "fastify";
import { hashToken } from "../../lib/tokens";
import { unauthorized } from "../../lib/errors";
import { bearerToken, requireActor, sessionToken } from "../../plugins/auth";
import { encodeLiveEvent } from "./events";
import type { EventHub } from "./hub";

/** Comments keep proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export async function eventRoutes(app: FastifyInstance, { hub }: { hub: EventHub }): Promise<void> {
  // Server-sent events: documents, approvals and notifications the user may see, as they change.
  app.get("/events", { config: { allow: "event.subscribe" } }, async (request, reply) => {
    const actor = requireActor(request);
    // Kept (hashed) so the stream ends when its sign-in does: a logout, a revoked token.
    const credential = actor.via === "session" ? sessionToken(request) : bearerToken(request);
    if (!credential) throw unauthorized();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const remove = hub.add({
      actor,
      credentialHash: hashToken(credential),
      send: (event) => res.write(`event: ${event.type}\ndata: ${encodeLiveEvent(event)}\n\n`),
      end: () => res.end(),
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      remove();
    };
    request.raw.on("close", stop);
    res.on("close", stop);
  });
}
