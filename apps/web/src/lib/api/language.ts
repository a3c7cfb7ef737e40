import { useEffect } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UiLanguage } from "@quire/contracts/ui-languages";
import { apiFetch } from "@/lib/api-client";
import { useUser } from "@/lib/auth";
import { applyLanguage, followBrowserLanguage, forgetLanguageChoice, hasKeptLanguage } from "@/lib/i18n";
import { lazyShellSchema } from "@/lib/lazy-schema";
import { sessionKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const languageChoiceSchema = lazyShellSchema((c) => c.languageChoiceSchema);

/** GET /api/auth/language: the interface language the signed-in user chose on any device, or null. */
export const languageChoiceQueryOptions = queryOptions({
  queryKey: sessionKeys.language,
  queryFn: () => apiFetch("/api/auth/language", languageChoiceSchema),
});

/**
 * Shows the signed-in user's language: their choice from the server (kept on this browser too, so
 * the next load paints in it at once), or, when they never chose, the browser's own languages. A
 * demo role switch refetches it, so the new user's choice applies.
 */
export function useLanguageSync(): void {
  const { data: user } = useUser();
  const choice = useQuery({ ...languageChoiceQueryOptions, enabled: Boolean(user) });
  const language = choice.data?.language;
  useEffect(() => {
    if (language) void applyLanguage(language, { keep: true });
    else if (language === null && hasKeptLanguage()) {
      forgetLanguageChoice();
      void followBrowserLanguage();
    }
  }, [language]);
}

/** PUT /api/auth/language: switches the interface once the catalogue is here, and keeps the choice. */
export function useSaveLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (language: UiLanguage) => {
      const saved = await apiFetch("/api/auth/language", languageChoiceSchema, {
        method: "PUT",
        body: { language },
      });
      if (saved.language) await applyLanguage(saved.language, { keep: true });
      return saved;
    },
    onSuccess: (saved) => client.setQueryData(languageChoiceQueryOptions.queryKey, saved),
  });
}
