import i18next from "i18next";
import { initReactI18next } from "react-i18next";
// From the zod-free part of the contracts: the language is chosen before the first paint.
import { isUiLanguage, uiLanguages, type UiLanguage } from "@quire/contracts/ui-languages";
import { enFirstLoad, type Catalogue } from "@/locales/en";

/**
 * The interface's languages. English ships with the app (it is the default and the fallback for
 * any key a catalogue lacks); German and French are chunks of their own, loaded before they are
 * shown, so an English first load carries neither.
 */
export const i18n = i18next;
export const defaultLanguage: UiLanguage = "en";

const loaders: Record<Exclude<UiLanguage, "en">, () => Promise<Catalogue>> = {
  de: () => import("@/locales/de").then((module) => module.de),
  fr: () => import("@/locales/fr").then((module) => module.fr),
};

/** This browser's copy of the signed-in user's choice, so a reload shows it at the first paint. */
const STORAGE_KEY = "quire-language";

/** The first of the browser's languages the interface is written in ("de-AT" → "de"), else English. */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): UiLanguage {
  for (const tag of languages) {
    const primary = tag.split("-")[0]?.toLowerCase();
    if (isUiLanguage(primary)) return primary;
  }
  return defaultLanguage;
}

function storedLanguage(): UiLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(language: UiLanguage | null): void {
  try {
    if (language) localStorage.setItem(STORAGE_KEY, language);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the server's copy still decides after sign-in.
  }
}

/** The language of the first paint: the signed-in user's choice on this browser, else the browser's. */
export function initialLanguage(): UiLanguage {
  return storedLanguage() ?? browserLanguage();
}

/** The interface language now shown. */
export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/** Sets up i18next in English, synchronously: English needs no download. */
export function initI18n(): void {
  if (i18n.isInitialized) return;
  void i18n.use(initReactI18next).init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: uiLanguages,
    resources: { en: enFirstLoad },
    ns: Object.keys(enFirstLoad),
    defaultNS: "common",
    // React escapes what it renders; escaping here too would show "&amp;".
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  i18n.on("languageChanged", (language) => {
    if (typeof document !== "undefined") document.documentElement.lang = language;
  });
  document.documentElement.lang = defaultLanguage;
}

/**
 * A page's own English namespace, added by the page's module as it loads (so it rides in the page's
 * chunk, not the first load). Other languages bring every namespace with their catalogue.
 */
export function addEnglish<N extends keyof Catalogue>(namespace: N, resources: Catalogue[N]): void {
  initI18n();
  if (!i18n.hasResourceBundle("en", namespace)) i18n.addResourceBundle("en", namespace, resources);
}

async function loadCatalogue(language: UiLanguage): Promise<void> {
  if (language === "en" || i18n.hasResourceBundle(language, "common")) return;
  const catalogue = await loaders[language]();
  for (const [namespace, resources] of Object.entries(catalogue)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
}

/**
 * Shows the interface in `language` once its catalogue is here; `keep` remembers it on this browser
 * (the signed-in user's choice). A catalogue that cannot load leaves the language as it was.
 */
export async function applyLanguage(language: UiLanguage, { keep = false } = {}): Promise<void> {
  initI18n();
  if (keep) remember(language);
  try {
    await loadCatalogue(language);
  } catch {
    return;
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/**
 * After sign-out: this browser no longer speaks for that user. The sign-in page then follows the
 * browser's languages (followBrowserLanguage); switching here would re-render the signed-out shell.
 */
export function forgetLanguageChoice(): void {
  remember(null);
}

/** Where no user's choice is kept (signed out): the browser's languages decide. */
export async function followBrowserLanguage(): Promise<void> {
  if (storedLanguage() === null) await applyLanguage(browserLanguage());
}

/** Whether this browser holds a signed-in user's choice (rather than following its own languages). */
export function hasKeptLanguage(): boolean {
  return storedLanguage() !== null;
}
