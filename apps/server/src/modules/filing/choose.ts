import { AUTO_FILE_CONFIDENCE, UNFILED_CATEGORY_NAME } from "@quire/contracts";
import { predictCategory } from "@quire/textkit";
import type { AppContext } from "../../context";
import { badRequest, HttpError } from "../../lib/errors";
import { categoryLevelsFor } from "../../policies/documents-where";
import { canAddAtLevel, type Actor } from "../../policies/policy";
import { SYSTEM_ACTOR } from "../activity/command";
import { classifierText, trainedClassifier } from "../ai/classifier";
import { listCategoryNames } from "../ai/repository";
import { createCategory } from "../categories/service";
import { categoryNames } from "../categories/repository";

/** A category a document is (or would be) filed in, by name for the history and the banner. */
export interface Filing {
  categoryId: string;
  name: string;
}

/** Who files: the registry decides where they may add documents (their role and the access lists). */
export type FilingActor = Pick<Actor, "id" | "role">;

/**
 * The classifier's category for this text when it is sure enough (AUTO_FILE_CONFIDENCE) and the
 * uploader may add documents there; null otherwise. The model is the one that answers everyone
 * (trained only on documents every signed-in user may open), so filing reveals nothing private.
 */
export async function confidentCategory(
  ctx: AppContext,
  actor: FilingActor,
  input: { title: string; content: string },
): Promise<Filing | null> {
  if (input.title.trim() === "" && input.content.trim() === "") return null;
  const trained = await trainedClassifier(ctx);
  if (!trained) return null;
  const names = await listCategoryNames(ctx.db);
  const levels = await categoryLevelsFor(ctx.db, actor);
  const prediction = predictCategory(trained.model, classifierText(input.title, input.content));
  const top = prediction.scores.find(
    (s) => names.has(s.label) && canAddAtLevel(actor, levels.get(s.label) ?? "none"),
  );
  if (!top || top.probability < AUTO_FILE_CONFIDENCE) return null;
  return { categoryId: top.label, name: names.get(top.label) ?? top.label };
}

const UNFILED_DESCRIPTION =
  "Documents uploaded without a category that Quire could not file with confidence; confirm or change each one's category.";

/**
 * The Unfiled category, created (by Quire, through the categories module's own command) the first
 * time a document needs it. Two uploads creating it at once: the second finds the first's.
 */
export async function unfiledCategory(ctx: AppContext): Promise<Filing> {
  const find = async () => (await categoryNames(ctx.db)).find((c) => c.name === UNFILED_CATEGORY_NAME);
  const existing = await find();
  if (existing) return { categoryId: existing.id, name: existing.name };
  try {
    const created = await createCategory(ctx, SYSTEM_ACTOR, {
      name: UNFILED_CATEGORY_NAME,
      description: UNFILED_DESCRIPTION,
      icon: "fas fa-inbox",
      color: "gray",
    });
    return { categoryId: created.id, name: created.name };
  } catch (error) {
    const raced = error instanceof HttpError && error.statusCode === 409 ? await find() : undefined;
    if (!raced) throw error;
    return { categoryId: raced.id, name: raced.name };
  }
}

/**
 * Where an upload without a category goes: the confident suggestion, else Unfiled. An uploader
 * who may not add documents to Unfiled is asked to choose (400), not told of a category's rules.
 */
export async function chooseFiling(
  ctx: AppContext,
  actor: FilingActor,
  input: { title: string; content: string },
): Promise<Filing> {
  const confident = await confidentCategory(ctx, actor, input);
  if (confident) return confident;
  const unfiled = await unfiledCategory(ctx);
  const levels = await categoryLevelsFor(ctx.db, actor);
  if (!canAddAtLevel(actor, levels.get(unfiled.categoryId) ?? "none"))
    throw badRequest(
      `Choose a category: Quire could not tell where this document belongs, and you may not add documents to ${UNFILED_CATEGORY_NAME}`,
    );
  return unfiled;
}
