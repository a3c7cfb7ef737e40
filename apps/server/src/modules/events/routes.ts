import type { FastifyInstance } from "fastify";
import { requireActor } from "../../plugins/auth";
import type { EventHub } from "./hub";

/** Comments keep proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export async function eventRoutes(app: FastifyInstance, { hub }: { hub: EventHub }): Promise<void> {
  // Server-sent events: documents, approvals and notifications the user may see, as they change.
  app.get("/events", async (request, reply) => {
    const actor = requireActor(request);
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
      send: (event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), HEARTBEAT_MS);
    request.raw.on("close", () => {
      clearInterval(heartbeat);
      remove();
    });
  });
}
