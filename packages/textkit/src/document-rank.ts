import { isStopWord, stemmerOf, tokenize, type TextLanguage } from "./tokenize";

/**
 * Choosing the document that answers a question, once its passages are re-ranked: the best
 * passage's evidence, plus how much of the document's title the question names. People ask about
 * "du's report" or "GPLv3 code"; the passage that states the fact rarely repeats the name, and
 * the title holds it in full ("du(1) manual page") or by its initials ("GNU General Public License
 * version 3"). A conditional logit (softmax over one question's candidates) learned on the fit
 * half of `npm run bench -- ai` weighs the features.
 */

export const DOCUMENT_FEATURES = [
  "bestPassage",
  "titleNamed",
  "acronym",
  "titleShare",
  "coverage",
  "searchRank",
] as const;

export type DocumentFeatures = Record<(typeof DOCUMENT_FEATURES)[number], number>;

/** How often each title word occurs across the archive's titles, for weighing generic words down. */
export interface TitleStatistics {
  documents: number;
  frequency: ReadonlyMap<string, number>;
}

/**
 * A title's distinct content words as stems in its document's language (English unless named):
 * stop words, numbers and man-page sections left out.
 */
export function titleStems(title: string, language: TextLanguage = "eng"): string[] {
  const words = tokenize(title.replace(/\(\d+\)/g, " ")).filter(
    (w) => !isStopWord(w, language) && !/^\d+$/.test(w),
  );
  return [...new Set(words.map(stemmerOf(language)))];
}

/** A title with its document's language, which its words are stemmed in. */
export interface TitleInLanguage {
  title: string;
  language: TextLanguage;
}

export function titleStatistics(titles: Iterable<string | TitleInLanguage>): TitleStatistics {
  const frequency = new Map<string, number>();
  let documents = 0;
  for (const entry of titles) {
    const { title, language } =
      typeof entry === "string" ? { title: entry, language: "eng" as const } : entry;
    documents++;
    for (const s of titleStems(title, language)) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  }
  return { documents, frequency };
}

/**
 * Share of the title the question names, each title word weighed by its rarity among titles:
 * "rm" in "rm(1) manual page" counts for almost all of it, "manual" and "page" for little. The
 * asked stems are in the title's `language`, as its words are stemmed.
 */
export function titleNamed(
  title: string,
  askedStems: ReadonlySet<string>,
  stats: TitleStatistics,
  language: TextLanguage = "eng",
): number {
  const weight = (s: string) => Math.log(1 + stats.documents / Math.max(1, stats.frequency.get(s) ?? 1));
  let total = 0;
  let named = 0;
  for (const s of titleStems(title, language)) {
    total += weight(s);
    if (askedStems.has(s)) named += weight(s);
  }
  return total > 0 ? named / total : 0;
}

const initialsOf = (words: string[]) => words.map((w) => (/^\d/.test(w) ? w : w[0])).join("");

/** The first letter of each title word, numbers whole: "GNU General Public License 3" → "ggpl3". */
export function titleInitials(title: string): string {
  return initialsOf(tokenize(title, { splitHyphens: true }));
}

/** Letters, then an optional version: "gplv3", "gpl-2", "mpl". Linear: one optional group, no nesting. */
const ACRONYM = /^([a-z]{3,8}?)-?v?(\d+)?$/;

/**
 * 1 when an asked word is the initials of consecutive title words ("gpl" in "GNU General Public
 * License") and any version it carries is the title's; 0.3 when the version differs; else 0.
 * Words the title holds as they are do not count: that is titleNamed's evidence.
 */
export function acronymMatch(title: string, askedWords: readonly string[]): number {
  const words = tokenize(title, { splitHyphens: true });
  const initials = initialsOf(words);
  // "GNU General Public License v3" is version 3 as much as "… License 3" is.
  const numbers = new Set(words.filter((w) => /^v?\d+$/.test(w)).map((w) => w.replace(/^v/, "")));
  let best = 0;
  for (const asked of askedWords) {
    const match = ACRONYM.exec(asked.slice(0, 20));
    const letters = match?.[1];
    if (!letters || words.includes(letters) || !initials.includes(letters)) continue;
    const version = match[2];
    best = Math.max(best, !version || numbers.has(version) ? 1 : 0.3);
  }
  return best;
}

export interface DocumentModel {
  weights: number[];
}

export function documentFeatureVector(f: DocumentFeatures): number[] {
  return DOCUMENT_FEATURES.map((name) => f[name]);
}

export function documentScore(model: DocumentModel, f: DocumentFeatures): number {
  return documentFeatureVector(f).reduce((sum, v, i) => sum + v * (model.weights[i] ?? 0), 0);
}

/**
 * Conditional logit: for each question, a softmax over its candidate documents, fitted by
 * gradient ascent on the right document's log-likelihood from zero weights (deterministic), with
 * L2. Questions whose right document is not among the candidates teach nothing and are skipped.
 */
export function fitDocumentModel(
  questions: ReadonlyArray<ReadonlyArray<{ x: readonly number[]; right: boolean }>>,
  { l2 = 0.01, epochs = 2000, learningRate = 0.5 } = {},
): DocumentModel {
  const usable = questions.filter((q) => q.some((d) => d.right));
  const dims = usable[0]?.[0]?.x.length ?? 0;
  const weights = new Array<number>(dims).fill(0);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const gradient = new Array<number>(dims).fill(0);
    for (const candidates of usable) {
      const scores = candidates.map((d) => d.x.reduce((sum, v, i) => sum + v * weights[i]!, 0));
      const top = Math.max(...scores);
      const exps = scores.map((s) => Math.exp(s - top));
      const z = exps.reduce((a, b) => a + b, 0);
      candidates.forEach((d, j) => {
        const residual = (d.right ? 1 : 0) - exps[j]! / z;
        for (let i = 0; i < dims; i++) gradient[i]! += residual * d.x[i]!;
      });
    }
    for (let i = 0; i < dims; i++)
      weights[i] =
        weights[i]! + learningRate * (gradient[i]! / Math.max(1, usable.length) - l2 * weights[i]!);
  }
  return { weights };
}
