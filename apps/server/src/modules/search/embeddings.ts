import {
  decodeQuantized,
  embedTermWeights,
  embedText,
  encodeQuantized,
  normalizeVector,
  quantizeInt8,
  type LsaModel,
} from "@quire/textkit";
import { cacheSlot, type AppContext } from "../../context";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dropPieces, storableText } from "../../db/text-pieces";
import { readSetting, readSettingFields, writeSetting } from "./repository";

/**
 * Passage embeddings come from one of two places: the archive's own LSA model (always there once
 * the archive has some text) or an OpenAI-compatible endpoint when AI_BASE_URL is set. Each stored
 * vector carries the tag of the space it lives in, so vectors of different spaces are never compared.
 */
export const MODEL_KEY = "search.lsaModel";
const AI_INDEX_TIMEOUT_MS = 10_000;
const AI_QUERY_TIMEOUT_MS = 1_500;

export interface StoredModel {
  model: LsaModel;
  tag: string;
  /** Passages in the index when the model was fitted: the base for "has the archive grown enough". */
  passagesAtFit: number;
}

interface SerializedModel {
  tag: string;
  passagesAtFit: number;
  fittedOn: number;
  dims: number;
  terms: string[];
  idf: string;
  /** Per term: float32 scale + int8 codes, base64. A quarter of float32 and as good for LSA. */
  projection: string;
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

export function serializeModel(stored: StoredModel): SerializedModel {
  const { model } = stored;
  const rowBytes = 4 + model.dims;
  const projection = new Uint8Array(model.terms.length * rowBytes);
  for (let row = 0; row < model.terms.length; row++) {
    const vector = model.projection.subarray(row * model.dims, (row + 1) * model.dims);
    projection.set(encodeQuantized(quantizeInt8(vector)), row * rowBytes);
  }
  return {
    tag: stored.tag,
    passagesAtFit: stored.passagesAtFit,
    fittedOn: model.fittedOn,
    dims: model.dims,
    terms: model.terms,
    idf: toBase64(new Uint8Array(model.idf.buffer, model.idf.byteOffset, model.idf.byteLength)),
    projection: toBase64(projection),
  };
}

export function deserializeModel(value: SerializedModel): StoredModel {
  const idfBytes = Buffer.from(value.idf, "base64");
  const idf = new Float32Array(
    idfBytes.buffer.slice(idfBytes.byteOffset, idfBytes.byteOffset + idfBytes.byteLength),
  );
  const bytes = new Uint8Array(Buffer.from(value.projection, "base64"));
  const rowBytes = 4 + value.dims;
  const projection = new Float32Array(value.terms.length * value.dims);
  for (let row = 0; row < value.terms.length; row++) {
    const { scale, codes } = decodeQuantized(bytes.subarray(row * rowBytes, (row + 1) * rowBytes));
    for (let k = 0; k < value.dims; k++) projection[row * value.dims + k] = codes[k]! * scale;
  }
  const model: LsaModel = { dims: value.dims, terms: value.terms, idf, projection, fittedOn: value.fittedOn };
  return { model, tag: value.tag, passagesAtFit: value.passagesAtFit };
}

/**
 * The model's tag and fit size, also stored apart: reading them out of the model's own setting
 * made PostgreSQL decompress the whole value (about 0.6 MB at 1,000 documents, 1.4 ms) for every
 * hybrid search and every indexed document.
 */
const HEADER_KEY = "search.lsaModelHeader";

/**
 * Stores a fitted model. Its JSON (megabytes once the archive holds a long document) goes in
 * pieces first, a statement each, and the database assembles it (db/text-pieces.ts): as one
 * parameter it held PGlite's thread, the one that answers requests, for a quarter of a second.
 */
export async function saveModel(db: Database, stored: StoredModel): Promise<void> {
  const key = `setting:${MODEL_KEY}:${stored.tag}`;
  const json = await storableText(db, key, JSON.stringify(serializeModel(stored)));
  // Both or neither: a header naming a model not stored would send every search to reload it.
  await db.transaction(async (tx) => {
    await writeSetting(tx, MODEL_KEY, typeof json === "string" ? JSON.parse(json) : sql`${json}::jsonb`);
    await dropPieces(tx, key, json);
    await writeSetting(tx, HEADER_KEY, { tag: stored.tag, passagesAtFit: stored.passagesAtFit });
  });
}

/**
 * The stored model's tag and fit size without its terms and projection (megabytes of JSON that
 * every indexed document would otherwise fetch and parse just to ask "has the archive grown?").
 * A model saved before the header existed is read as before.
 */
export async function loadModelHeader(db: Database): Promise<{ tag: string; passagesAtFit: number } | null> {
  const fields =
    (await readSettingFields(db, HEADER_KEY, ["tag", "passagesAtFit"])) ??
    (await readSettingFields(db, MODEL_KEY, ["tag", "passagesAtFit"]));
  if (!fields?.tag || fields.passagesAtFit === null) return null;
  return { tag: fields.tag, passagesAtFit: Number(fields.passagesAtFit) };
}

const modelSlot = cacheSlot("LSA model", () => ({ model: null as StoredModel | null }));

/**
 * The stored model, parsed again only when its tag changed (a refit, in any process); indexing
 * every document used to fetch and parse the whole model.
 */
export async function currentModel(ctx: Pick<AppContext, "db" | "caches">): Promise<StoredModel | null> {
  const header = await loadModelHeader(ctx.db);
  if (!header) return null;
  const cache = ctx.caches.get(modelSlot);
  if (cache.model?.tag === header.tag) return cache.model;
  const stored = await loadModel(ctx.db);
  if (stored) cache.model = stored;
  return stored;
}

export async function loadModel(db: Database): Promise<StoredModel | null> {
  const value = (await readSetting(db, MODEL_KEY)) as SerializedModel | null;
  return value && typeof value === "object" && Array.isArray(value.terms) ? deserializeModel(value) : null;
}

/** Stored form of one embedding: tag length, tag (UTF-8), then the quantised vector. */
export function encodeEmbedding(tag: string, vector: Float32Array): Uint8Array {
  const tagBytes = new TextEncoder().encode(tag);
  const body = encodeQuantized(quantizeInt8(vector));
  const out = new Uint8Array(1 + tagBytes.length + body.length);
  out[0] = tagBytes.length;
  out.set(tagBytes, 1);
  out.set(body, 1 + tagBytes.length);
  return out;
}

export function decodeEmbedding(bytes: Uint8Array): {
  tag: string;
  vector: ReturnType<typeof decodeQuantized>;
} {
  const length = bytes[0] ?? 0;
  const tag = new TextDecoder().decode(bytes.subarray(1, 1 + length));
  return { tag, vector: decodeQuantized(bytes.subarray(1 + length)) };
}

export function lsaEmbed(stored: StoredModel, text: string): Float32Array | null {
  return embedText(stored.model, text);
}

export function lsaEmbedWeights(stored: StoredModel, weights: Map<string, number>): Float32Array | null {
  return embedTermWeights(stored.model, weights);
}

export const aiTag = (ctx: AppContext) => `ai:${ctx.config.ai?.model ?? "default"}`;

/**
 * Embeddings from the configured OpenAI-compatible endpoint, or null on any failure (timeout,
 * HTTP error, malformed answer): callers then fall back to the archive's own model.
 */
export async function aiEmbed(
  ctx: AppContext,
  texts: string[],
  forQuery = false,
): Promise<Float32Array[] | null> {
  const ai = ctx.config.ai;
  if (!ai || texts.length === 0) return null;
  try {
    const response = await fetch(
      new URL("embeddings", ai.baseUrl.endsWith("/") ? ai.baseUrl : `${ai.baseUrl}/`),
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: ai.model ?? "text-embedding-3-small", input: texts }),
        signal: AbortSignal.timeout(forQuery ? AI_QUERY_TIMEOUT_MS : AI_INDEX_TIMEOUT_MS),
      },
    );
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: Array<{ embedding?: unknown; index?: number }> };
    const data = body.data;
    if (!Array.isArray(data) || data.length !== texts.length) return null;
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const vectors = ordered.map((item) =>
      Array.isArray(item.embedding) && item.embedding.every((v) => typeof v === "number")
        ? normalizeVector(Float32Array.from(item.embedding as number[]))
        : null,
    );
    return vectors.every((v) => v !== null) ? (vectors as Float32Array[]) : null;
  } catch {
    return null;
  }
}
