import { isStopWord, stem, tokenize } from "./tokenize";

interface KeyphraseOptions {
  limit?: number;
  minTexts?: number;
  maxWords?: number;
}

interface Candidate {
  texts: number;
  words: number;
  surfaces: Map<string, number>;
  stems: string[];
}

function isPhraseWord(token: string): boolean {
  return !isStopWord(token) && token.length >= 3 && /\p{L}/u.test(token) && !/^\p{N}/u.test(token);
}

function wordRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const line of text.split(/[.,;:!?()[\]{}<>|"\n]+/)) {
    let run: string[] = [];
    for (const token of tokenize(line)) {
      if (isPhraseWord(token)) run.push(token);
      else if (run.length > 0) {
        runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

function collectCandidates(texts: readonly string[], maxWords: number): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const run of wordRuns(text)) {
      for (let start = 0; start < run.length; start++) {
        for (let length = 1; length <= maxWords && start + length <= run.length; length++) {
          const words = run.slice(start, start + length);
          const stems = words.map(stem);
          const key = stems.join(" ");
          let candidate = candidates.get(key);
          if (!candidate) {
            candidate = { texts: 0, words: length, surfaces: new Map(), stems };
            candidates.set(key, candidate);
          }
          const surface = words.join(" ");
          candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + 1);
          if (!seen.has(key)) {
            seen.add(key);
            candidate.texts++;
          }
        }
      }
    }
  }
  return candidates;
}

function commonestSurface(surfaces: Map<string, number>): string {
  return [...surfaces].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

export function topKeyphrases(texts: readonly string[], options: KeyphraseOptions = {}): string[] {
  const limit = options.limit ?? 10;
  const minTexts = Math.min(options.minTexts ?? 2, Math.max(1, texts.length));
  const candidates = [...collectCandidates(texts, options.maxWords ?? 3).values()]
    .filter((candidate) => candidate.texts >= minTexts)
    .map((candidate) => ({ candidate, score: candidate.texts * (1 + 0.6 * (candidate.words - 1)) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.candidate.words - a.candidate.words ||
        (a.candidate.stems.join(" ") < b.candidate.stems.join(" ") ? -1 : 1),
    );
  const chosen: Candidate[] = [];
  for (const { candidate } of candidates) {
    if (chosen.length >= limit) break;
    const covered = chosen.some(
      (other) =>
        candidate.stems.every((s) => other.stems.includes(s)) ||
        other.stems.every((s) => candidate.stems.includes(s)),
    );
    if (!covered) chosen.push(candidate);
  }
  return chosen.map((candidate) => commonestSurface(candidate.surfaces));
}
