import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors";

/** Where the first string holding a NUL character sits in a parsed body, query or params, if any. */
export function findNul(value: unknown, path = ""): string | null {
  // Iterative and bounded by the body limit: a deeply nested body cannot exhaust the stack.
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) return at || "request";
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, `${at}[${i}]`]));
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) stack.push([item, at ? `${at}.${key}` : key]);
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold a NUL character; refusing it at the door (400 naming the
 * field) keeps any route from failing in the database with a 500.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const where = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    if (where) throw badRequest(`${where}: text must not contain NUL characters`);
  });
}
