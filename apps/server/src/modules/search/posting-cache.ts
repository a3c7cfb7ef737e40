import type { Posting } from "@quire/textkit";
import type { SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { cacheSlot, type AppContext } from "../../context";
import { postingLists, topPostings, visibleFacts, type DocumentFacts } from "./bm25-repository";

/**
 * Each lexeme's best-impact postings, kept between searches while the postings' generation stays
 * the same (bm25-repository.ts QueryStats.generation, read with the query's statistics in the
 * same round trip). Reading a common word's few hundred postings was most of a search's time in
 * the database, and the same common words come back query after query; a generation comes from a
 * sequence, so no two states of the postings share one, not even a transaction's own uncommitted
 * state after a rollback. What a reader may see is decided per search, never cached: the lists
 * hold every document's postings and each search checks its candidates' documents against its
 * own filter (visibleFacts). A list whose cached prefix lost postings to that filter is read
 * again from the database under the filter, as before.
 */
interface CachedList {
  /** Best impact first. */
  postings: Posting[];
  /** How deep the list was read: fewer postings than this means the whole list. */
  depth: number;
}

/** Postings kept at most, over all lexemes (a few megabytes: ~100 bytes each with positions). */
const MAX_POSTINGS = 200_000;
/**
 * Lists are read to one of these depths, the next at or above the one asked for, so the depths
 * ranking asks for (its own 300, a third of it, a twelfth, or what a budget leaves) share entries.
 */
const DEPTHS = [25, 100, 300];

const slot = cacheSlot("search posting lists", () => ({ generation: "", lists: newLists() }));

function newLists(): LRUCache<string, CachedList> {
  return new LRUCache<string, CachedList>({
    maxSize: MAX_POSTINGS,
    sizeCalculation: (list) => list.postings.length + 1,
  });
}

/** The lists of this generation: a different one starts afresh (the old can never be read again). */
function listsOf(ctx: Pick<AppContext, "caches">, generation: string): LRUCache<string, CachedList> {
  const cache = ctx.caches.get(slot);
  if (cache.generation !== generation) {
    cache.generation = generation;
    cache.lists = newLists();
  }
  return cache.lists;
}

const depthFor = (limit: number) => DEPTHS.find((depth) => depth >= limit) ?? limit;

/** The cached list, when it holds this list's first `limit` postings (or the whole list). */
function covering(list: CachedList | undefined, limit: number): CachedList | undefined {
  return list && (list.depth >= limit || list.postings.length < list.depth) ? list : undefined;
}

/**
 * What topPostings answers (each lexeme's `limit` best postings in documents passing `where`, and
 * their documents' facts), from the cached lists where they hold it.
 */
export async function cachedTopPostings(
  ctx: Pick<AppContext, "db" | "caches">,
  generation: string,
  lists: ReadonlyArray<{ lexeme: string; limit: number }>,
  where: SQL,
): Promise<{ postings: Posting[]; facts: DocumentFacts }> {
  const cache = listsOf(ctx, generation);
  const found = new Map<string, CachedList>();
  const missing = new Map<string, number>(); // lexeme -> the depth to read it to
  for (const { lexeme, limit } of lists) {
    const hit = covering(cache.get(lexeme), limit);
    if (hit) found.set(lexeme, hit);
    else missing.set(lexeme, depthFor(limit));
  }
  const read = await postingLists(
    ctx.db,
    [...missing].map(([lexeme, limit]) => ({ lexeme, limit })),
  );
  for (const [lexeme, postings] of read) {
    const list = { postings, depth: missing.get(lexeme)! };
    cache.set(lexeme, list);
    found.set(lexeme, list);
  }
  const heads = lists.map(({ lexeme, limit }) => {
    const list = found.get(lexeme)!;
    // A head that is the whole list is complete whatever the filter hides of it.
    const whole = list.postings.length < list.depth && list.postings.length <= limit;
    return { lexeme, limit, whole, head: list.postings.slice(0, limit) };
  });
  const ids = new Set(heads.flatMap(({ head }) => head.map((p) => p.documentId)));
  const { visible, facts } = await visibleFacts(ctx.db, [...ids], where);
  const postings: Posting[] = [];
  const reread: Array<{ lexeme: string; limit: number }> = [];
  for (const { lexeme, limit, whole, head } of heads) {
    const kept = head.filter((p) => visible.has(p.documentId));
    // Postings of hidden documents left the head short of its limit while the list goes on: the
    // database reads further under the filter.
    if (kept.length < head.length && !whole) reread.push({ lexeme, limit });
    else postings.push(...kept);
  }
  if (reread.length === 0) return { postings, facts };
  // With positions throughout: the other lexemes' postings of a passage came from the cache.
  const more = await topPostings(ctx.db, reread, where, { allPositions: true });
  for (const [id, length] of more.facts.lengths) {
    facts.lengths.set(id, length);
    facts.titles.set(id, more.facts.titles.get(id) ?? "");
  }
  return { postings: [...postings, ...more.postings], facts };
}
