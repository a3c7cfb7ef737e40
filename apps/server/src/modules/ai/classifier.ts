import { createHash } from "node:crypto";
import type { CategorizeResult } from "@quire/contracts";
import {
  cosineSimilarity,
  documentVector,
  extractKeyphrases,
  predictCategory,
  trainCategoryModel,
  type CategoryModel,
  type Prediction,
} from "@quire/textkit";
import { isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { documents } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { loadVisibleDocument } from "../documents/routes";
import { listArchiveDocuments, listCategoryNames, trainingSetKeys, type ArchiveDocument } from "./repository";

/**
 * The archive's own category classifier, trained on every live categorised document: softmax
 * logistic regression (it beats naive Bayes and a keyword baseline in `npm run bench -- ai`), or
 * naive Bayes on a small archive where that classifies the archive's own documents better.
 * It is kept per app context and retrained when the fingerprint of (document, category, version)
 * triples changes, so moving or editing a document is reflected on the next call; another process
 * rebuilds the same model from the database.
 */

export interface TrainedClassifier {
  fingerprint: string;
  model: CategoryModel;
  documents: ArchiveDocument[];
  vectors: Map<string, Map<string, number>>;
}

const cache = new WeakMap<AppContext, TrainedClassifier>();

/** The title counts twice: it is the author's own one-line statement of what the document is about. */
export const classifierText = (title: string, content: string) => `${title}\n${title}\n${content}`;

export async function trainedClassifier(ctx: AppContext): Promise<TrainedClassifier | null> {
  const keys = await trainingSetKeys(ctx.db);
  const fingerprint = createHash("sha256").update(keys.join("\n")).digest("hex");
  const cached = cache.get(ctx);
  if (cached?.fingerprint === fingerprint) return cached;
  const docs = await listArchiveDocuments(ctx.db, isNull(documents.archivedAt));
  if (docs.length === 0) return null;
  // Every term is a feature: a small archive's rare words are often its most telling ones.
  const model = trainCategoryModel(
    docs.map((d) => ({ text: classifierText(d.title, d.content), label: d.categoryId })),
    { minDocuments: 1 },
  );
  const vectors = new Map(
    docs.map((d) => [d.id, documentVector(model.model, classifierText(d.title, d.content))]),
  );
  const trained = { fingerprint, model, documents: docs, vectors };
  cache.set(ctx, trained);
  return trained;
}

/**
 * A stored document is judged by a model not trained on it (naive Bayes leave-one-out, or the
 * logistic cross-validation fold that held it out), so its current label does not vote.
 */
export function predictStored(trained: TrainedClassifier, doc: ArchiveDocument): Prediction {
  const text = classifierText(doc.title, doc.content);
  return predictCategory(trained.model, text, { leaveOut: { text, label: doc.categoryId } });
}

/** Categories of the document's `k` most similar other documents (TF-IDF cosine), closest first. */
export function neighbourCategories(trained: TrainedClassifier, doc: ArchiveDocument, k = 3): string[] {
  const own = trained.vectors.get(doc.id);
  if (!own) return [];
  return trained.documents
    .filter((other) => other.id !== doc.id)
    .map((other) => ({ other, s: cosineSimilarity(own, trained.vectors.get(other.id) ?? new Map()) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map(({ other }) => other.categoryId);
}

function tagsFor(trained: TrainedClassifier | null, text: string): string[] {
  const model = trained?.model.model;
  return extractKeyphrases(text, {
    max: 5,
    ...(model
      ? {
          documentFrequency: (s: string) => model.documentFrequency.get(s) ?? 0,
          documentCount: model.documentCount,
        }
      : {}),
  }).map((k) => k.phrase);
}

async function present(
  ctx: AppContext,
  trained: TrainedClassifier | null,
  prediction: Prediction | null,
  text: string,
): Promise<CategorizeResult> {
  const names = await listCategoryNames(ctx.db);
  const round = (p: number) => Math.round(p * 1000) / 1000;
  return {
    categoryId: prediction?.label ?? null,
    categoryName: prediction ? (names.get(prediction.label) ?? null) : null,
    confidence: round(prediction?.confidence ?? 0),
    tags: tagsFor(trained, text),
    alternatives: (prediction?.scores ?? [])
      .filter((s) => names.has(s.label))
      .map((s) => ({
        categoryId: s.label,
        name: names.get(s.label) ?? "",
        probability: round(s.probability),
      })),
  };
}

/** GET /api/ai/categorize/:documentId: where the classifier would file a visible document. */
export async function categorizeDocument(
  ctx: AppContext,
  actor: Actor,
  documentId: string,
): Promise<CategorizeResult> {
  const doc = await loadVisibleDocument(ctx, actor, documentId);
  const trained = await trainedClassifier(ctx);
  const text = classifierText(doc.title, doc.currentVersion.content);
  const stored = trained?.documents.find((d) => d.id === doc.id);
  const prediction = trained
    ? stored
      ? predictStored(trained, stored)
      : predictCategory(trained.model, text)
    : null;
  return present(ctx, trained, prediction, text);
}

/** POST /api/ai/categorize: a suggestion for text not stored yet (the upload form). */
export async function categorizeText(
  ctx: AppContext,
  input: { title: string; content: string },
): Promise<CategorizeResult> {
  const trained = await trainedClassifier(ctx);
  const text = classifierText(input.title, input.content);
  const empty = input.title.trim() === "" && input.content.trim() === "";
  const prediction = trained && !empty ? predictCategory(trained.model, text) : null;
  return present(ctx, trained, prediction, text);
}
