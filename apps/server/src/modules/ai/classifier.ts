import { createHash } from "node:crypto";
import type { CategorizeResult, Document } from "@quire/contracts";
import { Worker } from "node:worker_threads";
import {
  sparseCosine,
  extractKeyphrases,
  predictCategory,
  type CategoryModel,
  type Prediction,
} from "@quire/textkit";
import { cacheSlot, type AppContext } from "../../context";
import type { TrainRequest, TrainResponse } from "./classifier-worker";
import { atLeast } from "../../policies/access";
import { documentWhere } from "../documents/repository";
import { categoryLevelsFor, visibleToEveryoneWhere } from "../../policies/documents-where";
import { listArchiveDocuments, listCategoryNames, trainingSetKeys, type ArchiveDocument } from "./repository";

/**
 * The archive's own category classifier. What answers anyone (the category suggestion, its
 * probabilities and its tags' word weights) is trained only on the documents every signed-in user
 * may open (visibleToEveryoneWhere), so it tells no one about a private draft or a restricted
 * document; the dashboard's move suggestions, which show each reader only documents and categories
 * they may see, judge them with a model of every live document. Softmax
 * logistic regression (it beats naive Bayes and a keyword baseline in `npm run bench -- ai`), or
 * naive Bayes on a small archive where that classifies the archive's own documents better.
 * It is kept per app context and retrained in a worker thread when the fingerprint of (document,
 * category, version) triples changes; another process rebuilds the same model from the database.
 */

export interface TrainedClassifier {
  fingerprint: string;
  model: CategoryModel;
  documents: ArchiveDocument[];
  vectors: Map<string, Map<string, number>>;
}

/** What the classifier knows per app context: the last model, and a training under way. */
interface ClassifierState {
  current: TrainedClassifier | null;
  training: Promise<TrainedClassifier | null> | null;
  trainingFingerprint: string | null;
}

/**
 * Which documents a model learns from: `everyone`, those every signed-in user may open (for
 * answers to anyone); `archive`, every live document (for suggestions over each reader's own).
 */
export type ClassifierScope = "everyone" | "archive";

const emptyState = (): ClassifierState => ({ current: null, training: null, trainingFingerprint: null });
const classifierSlots = {
  everyone: cacheSlot<ClassifierState>("classifier", emptyState),
  archive: cacheSlot<ClassifierState>("classifier-archive", emptyState),
};
const scopeWhere = (scope: ClassifierScope) =>
  scope === "everyone" ? visibleToEveryoneWhere() : documentWhere({ archived: false });

/** A document's text counts up to here: enough to tell its subject, and training stays bounded. */
const MAX_TRAINING_CHARS = 20_000;
/** A training that outlives this is stopped; the last model keeps answering. */
const TRAINING_TIMEOUT_MS = 120_000;

/**
 * The title counts twice: it is the author's own one-line statement of what the document is about.
 * Each copy is a paragraph of its own, so a text that opens with an underlined heading does not
 * swallow them into that heading ("Eclipse Mosquitto Eclipse Mosquitto …" read as one tag).
 */
export const classifierText = (title: string, content: string) =>
  `${title}\n\n${title}\n\n${content.slice(0, MAX_TRAINING_CHARS)}`;

function stateOf(ctx: AppContext, scope: ClassifierScope): ClassifierState {
  return ctx.caches.get(classifierSlots[scope]);
}

/**
 * The model for the archive as it is now, trained in a worker thread. When the archive changed
 * since the last model (a new, moved or edited document), that model answers while the new one
 * trains in the background: no request, and no other user, waits for training. Only the very first
 * question after a start waits, off the event loop.
 */
export async function trainedClassifier(
  ctx: AppContext,
  scope: ClassifierScope = "everyone",
): Promise<TrainedClassifier | null> {
  const keys = await trainingSetKeys(ctx.db, scopeWhere(scope), scope === "everyone");
  const fingerprint = createHash("sha256").update(keys.join("\n")).digest("hex");
  const state = stateOf(ctx, scope);
  if (state.current?.fingerprint === fingerprint) return state.current;
  if (state.trainingFingerprint !== fingerprint) {
    state.trainingFingerprint = fingerprint;
    const training = train(ctx, scope, fingerprint).then(
      (trained) => {
        if (state.training === training) {
          state.current = trained;
          state.training = null;
        }
        return trained;
      },
      () => {
        // A failed or timed-out training leaves the last model answering; the next change retries.
        if (state.training === training) state.training = null;
        state.trainingFingerprint = null;
        return state.current;
      },
    );
    state.training = training;
  }
  return state.current ?? (await state.training);
}

/** For tests and Settings: whether a newer model is being trained right now. */
export function classifierTraining(
  ctx: AppContext,
  scope: ClassifierScope = "everyone",
): Promise<TrainedClassifier | null> | null {
  return stateOf(ctx, scope).training;
}

async function train(
  ctx: AppContext,
  scope: ClassifierScope,
  fingerprint: string,
): Promise<TrainedClassifier | null> {
  const docs = await listArchiveDocuments(ctx.db, scopeWhere(scope), scope === "everyone");
  if (docs.length === 0) return null;
  const examples = docs.map((d) => ({
    id: d.id,
    text: classifierText(d.title, d.content),
    label: d.categoryId,
  }));
  const { model, vectors } = await trainInWorker({ examples });
  return { fingerprint, model, documents: docs, vectors: new Map(vectors) };
}

function trainInWorker(request: TrainRequest): Promise<TrainResponse> {
  const worker = new Worker(new URL("./classifier-worker.mjs", import.meta.url));
  return new Promise<TrainResponse>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("classifier training took too long")),
      TRAINING_TIMEOUT_MS,
    );
    worker.once("message", (answer: { ok: true; result: TrainResponse } | { ok: false; error: string }) => {
      clearTimeout(timer);
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.error));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.postMessage(request);
  }).finally(() => void worker.terminate());
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
    .map((other) => ({ other, s: sparseCosine(own, trained.vectors.get(other.id) ?? new Map()) }))
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

/** Who asks for a suggestion: it names only the categories they may view. */
export type CategorizeActor = { id: string; role: string };

/**
 * The answer as the actor may see it. The model knows only categories everyone could view when it
 * was trained, but a category's access list may have narrowed since: the suggestion and its
 * alternatives are the model's ranking cut to the categories the actor views now.
 */
async function present(
  ctx: AppContext,
  actor: CategorizeActor,
  trained: TrainedClassifier | null,
  prediction: Prediction | null,
  text: string,
): Promise<CategorizeResult> {
  const [names, levels] = await Promise.all([listCategoryNames(ctx.db), categoryLevelsFor(ctx.db, actor)]);
  const round = (p: number) => Math.round(p * 1000) / 1000;
  const seen = (prediction?.scores ?? []).filter(
    (s) => names.has(s.label) && atLeast(levels.get(s.label) ?? "none", "view"),
  );
  const top = seen[0];
  return {
    categoryId: top?.label ?? null,
    categoryName: top ? (names.get(top.label) ?? null) : null,
    confidence: round(top?.probability ?? 0),
    tags: tagsFor(trained, text),
    alternatives: seen.map((s) => ({
      categoryId: s.label,
      name: names.get(s.label) ?? "",
      probability: round(s.probability),
    })),
  };
}

/** GET /api/ai/categorize/:documentId: where the classifier would file a visible document. */
export async function categorizeDocument(
  ctx: AppContext,
  actor: CategorizeActor,
  doc: Document,
): Promise<CategorizeResult> {
  const trained = await trainedClassifier(ctx);
  const text = classifierText(doc.title, doc.currentVersion.content);
  // The model's copy of the document may predate its OCR text (same version, new content): then
  // the document is judged by its text as it is now.
  const stored = trained?.documents.find(
    (d) => d.id === doc.id && d.title === doc.title && d.content === doc.currentVersion.content,
  );
  const prediction = trained
    ? stored
      ? predictStored(trained, stored)
      : predictCategory(trained.model, text)
    : null;
  return present(ctx, actor, trained, prediction, text);
}

/** POST /api/ai/categorize: a suggestion for text not stored yet (the upload form). */
export async function categorizeText(
  ctx: AppContext,
  actor: CategorizeActor,
  input: { title: string; content: string },
): Promise<CategorizeResult> {
  const trained = await trainedClassifier(ctx);
  const text = classifierText(input.title, input.content);
  const empty = input.title.trim() === "" && input.content.trim() === "";
  const prediction = trained && !empty ? predictCategory(trained.model, text) : null;
  return present(ctx, actor, trained, prediction, text);
}
