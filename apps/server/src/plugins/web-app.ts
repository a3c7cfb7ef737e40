import type { ApiErrorBody } from "@quire/contracts";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite puts a content hash in every file name under assets/: a changed file is a new URL. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html names the current hashes, so it is checked on every load and a deploy shows at once. */
const REVALIDATE = "no-cache";

/**
 * Serves the built single-page app when it exists, as the build left it: gzip and brotli copies
 * made at build time (no compression work per request). Unknown API paths answer 404 JSON; any
 * other GET that is not a file gets index.html, and the client router shows its own 404 page.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const assets = path.join(root, "assets") + path.sep;
  const hasWebApp = existsSync(path.join(root, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header("cache-control", filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    const isPage = request.method === "GET" && !url.startsWith("/api/") && !url.startsWith("/assets/");
    if (hasWebApp && isPage) return reply.type("text/html").sendFile("index.html");
    return reply
      .code(404)
      .send({ message: `Not found: ${request.method} ${url}`, code: "notFound" } satisfies ApiErrorBody);
  });
}
