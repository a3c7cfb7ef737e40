import { eq, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { textPieces } from "./schema";

/**
 * A long text travels to the database in pieces of at most this many characters, one statement
 * each. With embedded storage every statement runs on the thread that answers requests: one insert
 * of a 4.7-million-character text held it 0.35–0.8 s, a piece of 100,000 characters a few ms.
 */
export const TEXT_PIECE_CHARS = 100_000;

/** Where `text` may be cut near `at` without splitting a character of two UTF-16 units. */
function cutAt(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** `text` in pieces of at most TEXT_PIECE_CHARS, never cutting a character in two. */
export function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  for (let from = 0; from < text.length;) {
    const to = cutAt(text, from + TEXT_PIECE_CHARS);
    pieces.push(text.slice(from, to));
    from = to;
  }
  return pieces;
}

/** Lets timers and I/O (other requests) run between two pieces. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `text` as a statement may store it: the text itself when it is short, or, for a long one, SQL
 * that assembles it from pieces written here first under `key`, each in its own statement and
 * outside the caller's transaction (written inside it, they held PGlite's lock from the first to
 * the last and /api/health waited up to 2.7 s). The transaction that stores the value drops the
 * pieces (`dropPieces`); pieces of a transaction that never committed are swept (`sweepPieces`).
 */
export async function storableText(db: Database, key: string, text: string): Promise<string | SQL> {
  if (text.length <= TEXT_PIECE_CHARS) return text;
  const pieces = piecesOf(text);
  for (const [ordinal, piece] of pieces.entries()) {
    await nextTurn();
    await db
      .insert(textPieces)
      .values({ key, ordinal, text: piece })
      .onConflictDoUpdate({ target: [textPieces.key, textPieces.ordinal], set: { text: piece } });
  }
  return sql`(select coalesce(string_agg(${textPieces.text}, '' order by ${textPieces.ordinal}), '')
    from ${textPieces} where ${textPieces.key} = ${key} and ${textPieces.ordinal} < ${pieces.length})`;
}

/** Drops `key`'s pieces once the value they made is stored (a no-op for a short text). */
export async function dropPieces(db: Database, key: string, stored: string | SQL): Promise<void> {
  if (typeof stored !== "string") await db.delete(textPieces).where(eq(textPieces.key, key));
}

/** Pieces written before `cutoff` that no transaction claimed: a failed or killed write's. */
export async function sweepPieces(db: Database, cutoff: Date): Promise<number> {
  const swept = await db
    .delete(textPieces)
    .where(lt(textPieces.createdAt, cutoff))
    .returning({ key: textPieces.key });
  return swept.length;
}
