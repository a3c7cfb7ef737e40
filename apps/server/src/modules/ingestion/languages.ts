import type { DocumentLanguage, IngestionLanguages } from "@quire/contracts";
import { inArray, isNull, or, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { documents, versions } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { isPublishedVersion } from "../documents/repository";
import { enqueueIndexDocument } from "../search/indexer";
import { forgetChosenLanguages, OCR_LANGUAGES_KEY, readOcrLanguages } from "../settings/ocr-languages";
import { writeSetting } from "../settings/repository";

/** GET /api/ingestion/languages: what scanned pages are read in (English until an Admin chooses). */
export async function ingestionLanguages(ctx: AppContext): Promise<IngestionLanguages> {
  return { languages: await readOcrLanguages(ctx.db) };
}

/**
 * PUT /api/ingestion/languages: the new choice, with its activity entry, in one transaction. The
 * documents whose passages were analysed by the old choice (their language added or dropped) are
 * queued for re-indexing in the same transaction, so searches keep finding them.
 */
export async function setIngestionLanguages(
  ctx: AppContext,
  admin: Actor,
  input: IngestionLanguages,
): Promise<IngestionLanguages> {
  const now = ctx.clock.now();
  const languages = [...new Set(input.languages)];
  await withTransaction(ctx, admin, async (tx, record) => {
    const before = await readOcrLanguages(tx);
    const changed = [
      ...languages.filter((l) => !before.includes(l)),
      ...before.filter((l) => !languages.includes(l)),
    ];
    await writeSetting(tx, OCR_LANGUAGES_KEY, languages, now);
    if (changed.length > 0)
      for (const id of await documentsIn(tx, changed)) await enqueueIndexDocument(tx, id, now);
    await record({
      action: "Changed OCR languages",
      subjectType: "settings",
      subjectId: null,
      data: { languages, before },
    });
  });
  forgetChosenLanguages(ctx);
  ctx.notifyJobs();
  return { languages };
}

/** Documents whose indexed version is in one of `languages` (English also covers undetected ones). */
async function documentsIn(db: AppContext["db"], languages: DocumentLanguage[]): Promise<string[]> {
  const inLanguages: SQL | undefined = languages.includes("eng")
    ? or(inArray(versions.language, languages), isNull(versions.language))
    : inArray(versions.language, languages);
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .innerJoin(versions, isPublishedVersion)
    .where(inLanguages);
  return rows.map((r) => r.id);
}
