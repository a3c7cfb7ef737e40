import { VectorMatrix } from "@quire/textkit";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { currentModel, decodeEmbedding, type StoredModel } from "./embeddings";
import { loadEmbeddings, readGeneration } from "./repository";

/**
 * What a process keeps in memory for semantic search: the LSA model and every passage vector,
 * grouped by embedding space. It is rebuilt from the database whenever the index generation
 * (bumped by every index change, in any process) moves, so no process holds state another
 * process could not rebuild.
 */
export interface VectorState {
  generation: number;
  model: StoredModel | null;
  /** Embedding space tag → its vectors. */
  spaces: Map<string, VectorMatrix>;
}

interface CacheEntry {
  state: VectorState | null;
  loading: Promise<VectorState> | null;
  /** When the last reload finished (ms since the epoch). */
  loadedAt: number;
}

/**
 * While documents are being indexed the generation moves with every one of them; reloading every
 * vector on each move kept a busy server's event loop (PGlite's too) reloading. A state at most
 * this old serves meanwhile; full-text search, which holds each new passage at once, is unaffected.
 */
const MIN_RELOAD_INTERVAL_MS = 2000;

// Keyed by the database handle: each app (and each test's app) has its own, and it goes with it.
const caches = new WeakMap<Database, CacheEntry>();

async function loadState(db: Database, generation: number): Promise<VectorState> {
  const model = await currentModel(db);
  const spaces = new Map<string, VectorMatrix>();
  for (const row of await loadEmbeddings(db)) {
    const { tag, vector } = decodeEmbedding(row.embedding);
    let matrix = spaces.get(tag);
    if (!matrix) {
      matrix = new VectorMatrix(vector.codes.length, 4096);
      spaces.set(tag, matrix);
    }
    matrix.add(row.id, vector);
  }
  return { generation, model, spaces };
}

/** The current vector state, reloaded only when the index changed since it was last read. */
export async function vectorState(ctx: Pick<AppContext, "db">): Promise<VectorState> {
  let entry = caches.get(ctx.db);
  if (!entry) {
    entry = { state: null, loading: null, loadedAt: 0 };
    caches.set(ctx.db, entry);
  }
  const generation = await readGeneration(ctx.db);
  if (entry.state && entry.state.generation === generation) return entry.state;
  if (entry.state && Date.now() - entry.loadedAt < MIN_RELOAD_INTERVAL_MS) return entry.state;
  if (!entry.loading) {
    const current = entry;
    current.loading = loadState(ctx.db, generation).finally(() => {
      current.loading = null;
      current.loadedAt = Date.now();
    });
    current.state = await current.loading;
    return current.state;
  }
  return entry.loading;
}

/** Forgets the cached state (after a model refit in this process, so the next search reloads it). */
export function dropVectorState(db: Database): void {
  caches.delete(db);
}
