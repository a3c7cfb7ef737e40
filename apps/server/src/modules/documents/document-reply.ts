import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { documentSchema, type Document } from "@quire/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { piecesOf } from "../../db/text-pieces";

/**
 * Texts up to this many characters are answered in one piece, through the route's serializer.
 * Above it, serializing and sending the text at once holds the thread that answers every request:
 * for a 4.7-million-character text, JSON, its byte length and its encoding cost 100–150 ms on a
 * quiet two-core machine and three times that under load.
 */
const STREAM_FROM_CHARS = 200_000;

/**
 * Answers `doc` with `code`. A long text is sent as a stream: the rest of the document is checked
 * against its schema and serialized as usual, and the text follows a piece at a time (the pieces
 * the database stores it in), the thread taking its next turn between two, so other requests are
 * answered meanwhile. The bytes are those the serializer would have sent.
 */
export function sendDocument(reply: FastifyReply, doc: Document, code = 200): FastifyReply {
  reply.code(code);
  const content = doc.currentVersion.content;
  if (content.length <= STREAM_FROM_CHARS) return reply.send(doc);

  // A marker no document holds stands for the text in the serialized rest, and is cut out there.
  const marker = `\u0000${randomUUID()}\u0000`;
  const rest = z.encode(documentSchema, {
    ...doc,
    currentVersion: { ...doc.currentVersion, content: marker },
  });
  const json = JSON.stringify(rest);
  const quoted = JSON.stringify(marker);
  const at = json.indexOf(quoted);
  // The marker's quotes stay, and the text goes between them.
  const head = json.slice(0, at + 1);
  const tail = json.slice(at + quoted.length - 1);

  async function* body(): AsyncGenerator<Buffer> {
    yield Buffer.from(head);
    for (const piece of piecesOf(content)) {
      await nextTurn();
      // A piece never ends inside a character of two UTF-16 units, so each escapes as the whole would.
      yield Buffer.from(JSON.stringify(piece).slice(1, -1));
    }
    yield Buffer.from(tail);
  }
  return reply.type("application/json; charset=utf-8").send(Readable.from(body(), { objectMode: false }));
}
