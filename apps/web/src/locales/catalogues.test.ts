import { describe, expect, it } from "vitest";
import { uiLanguages } from "@quire/contracts";
import { de } from "./de";
import { fr } from "./fr";

/** Every catalogue file, by "<language>/<namespace>", as it is on disk (a file not yet wired in counts too). */
const files = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = "", into: Flat = new Map()): Flat {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** What a value fills in: {{name}} interpolations and <tag> components, sorted. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...names, ...tags])].sort();
}

/**
 * Where `other` (a namespace in `language`) differs from English: a key English has and it lacks or
 * leaves empty, a key English lacks, a value filling in other variables, or a plural without one of
 * the language's own plural forms (French has "many", English does not).
 */
export function catalogueProblems(english: unknown, other: unknown, language: string): string[] {
  const problems: string[] = [];
  const source = flatten(english);
  const target = flatten(other);
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>(); // key in `other` → the English key it answers
  for (const key of source.keys()) {
    const base = key.replace(PLURAL, "");
    if (base === key) expected.set(key, key);
    else for (const form of forms) expected.set(`${base}_${form}`, key);
  }
  for (const [key, englishKey] of expected) {
    const value = target.get(key);
    const englishValue = source.get(englishKey);
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`${language}: "${key}" is missing or empty`);
      continue;
    }
    if (typeof englishValue !== "string") continue;
    const want = placeholders(englishValue).join(" ");
    const got = placeholders(value).join(" ");
    if (want !== got) problems.push(`${language}: "${key}" fills in [${got}], English [${want}]`);
  }
  for (const key of target.keys()) {
    if (!expected.has(key)) problems.push(`${language}: "${key}" is not in the English catalogue`);
  }
  return problems;
}

describe("the message catalogues", () => {
  const namespaces = Object.keys(files)
    .filter((path) => path.startsWith("./en/"))
    .map((path) => path.slice("./en/".length, -".json".length))
    .sort();

  it("have one file per namespace in every language, and each language's loader takes them all", () => {
    expect(namespaces).toContain("shell");
    for (const language of uiLanguages) {
      const onDisk = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -".json".length))
        .sort();
      expect(onDisk, language).toEqual(namespaces);
    }
    expect(Object.keys(de).sort()).toEqual(namespaces);
    expect(Object.keys(fr).sort()).toEqual(namespaces);
  });

  it.each(["de", "fr"] as const)(
    "%s holds every English key, non-empty, with the same variables, and nothing else",
    (language) => {
      const problems = namespaces.flatMap((namespace) =>
        catalogueProblems(
          files[`./en/${namespace}.json`],
          files[`./${language}/${namespace}.json`],
          language,
        ).map((problem) => `${namespace}: ${problem}`),
      );
      expect(problems).toEqual([]);
    },
  );

  it("the check finds a missing, an empty, an extra and a mistranslated key, and a missing plural form", () => {
    const english = {
      a: "Sign out",
      b: { c: "Hello {{name}}" },
      d: "x",
      e: "Use <code>{{p}}</code>",
      n_one: "{{count}} document",
      n_other: "{{count}} documents",
    };
    const broken = {
      b: { c: "Bonjour {{nom}}" },
      d: " ",
      e: "Utilisez {{p}}",
      n_one: "{{count}} document",
      n_other: "{{count}} documents",
      extra: "?",
    };
    expect(catalogueProblems(english, broken, "fr")).toEqual([
      'fr: "a" is missing or empty',
      'fr: "b.c" fills in [{{nom}}], English [{{name}}]',
      'fr: "d" is missing or empty',
      'fr: "e" fills in [{{p}}], English [<code> {{p}}]',
      'fr: "n_many" is missing or empty',
      'fr: "extra" is not in the English catalogue',
    ]);
  });
});
