// The peer: a bare Fastify route answering a small JSON document, in its own process like Quire,
// so the figure beside ours is this framework's ceiling on this machine.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/api/ping", async () => ({ status: "ok", time: new Date().toISOString() }));
const address = await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
console.log(`listening ${address}`);
