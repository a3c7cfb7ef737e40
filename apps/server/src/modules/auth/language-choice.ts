import {
  uiLanguageSchema,
  type LanguageChoice,
  type LanguageChoiceBody,
  type UiLanguage,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { readSettingValue, readSettingValues, writeSetting } from "../settings/repository";

/**
 * The interface language a user chose, per user in the key-value settings table (one small value,
 * like the tour's completion), so every device they sign in on shows the same language.
 */
const keyFor = (userId: string) => `language:${userId}`;

export async function readLanguageChoice(ctx: AppContext, userId: string): Promise<LanguageChoice> {
  // A value this release does not know (a language since withdrawn) reads as no choice.
  const parsed = uiLanguageSchema.safeParse(await readSettingValue(ctx.db, keyFor(userId)));
  return { language: parsed.success ? parsed.data : null };
}

/**
 * The languages these users chose, for what the server writes to them itself (e-mail); a user who
 * never chose, or whose choice this release does not know, is left out.
 */
export async function readLanguageChoices(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, UiLanguage>> {
  const stored = await readSettingValues(db, userIds.map(keyFor));
  const chosen = new Map<string, UiLanguage>();
  for (const userId of userIds) {
    const parsed = uiLanguageSchema.safeParse(stored.get(keyFor(userId)));
    if (parsed.success) chosen.set(userId, parsed.data);
  }
  return chosen;
}

export async function writeLanguageChoice(
  ctx: AppContext,
  actor: Actor,
  choice: LanguageChoiceBody,
): Promise<LanguageChoice> {
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    const before = uiLanguageSchema.safeParse(await readSettingValue(tx, keyFor(actor.id)));
    await writeSetting(tx, keyFor(actor.id), choice.language, now);
    await record({
      action: "Changed interface language",
      subjectType: "user",
      subjectId: actor.id,
      data: { from: before.success ? before.data : null, to: choice.language },
    });
  });
  return choice;
}
