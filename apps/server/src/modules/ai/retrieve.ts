import {
  acronymMatch,
  analyseQuestion,
  cosine,
  askedShare,
  askedStem,
  documentWordsFor,
  documentScore,
  titleNamed,
  featureVector,
  logisticProbability,
  passageTerms,
  rerankFeatures,
  stem,
  tokenize,
  type DocumentFeatures,
  type DocumentModel,
  type RerankModel,
  type TitleStatistics,
  type PassageTerms,
  type QuestionAnalysis,
  type RerankFeatures,
  type TextLanguage,
} from "@quire/textkit";
import { LRUCache } from "lru-cache";
import { cacheSlot, type AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { currentModel, decodeEmbedding, lsaEmbed } from "../search/embeddings";
import { searchPassages, type FoundPassage } from "../search/service";
import { synonymsOf } from "../search/wordnet";
import { readQueryStats } from "../search/bm25-repository";
import { DOCUMENT_MODEL, RERANK_MODEL } from "./ask-model";
import { archiveTitles, initialsExpansions, wordsNotInArchive, writtenAcronyms } from "./titles";
import { matchingPassages, type StoredPassage } from "../search/repository";
import { chosenLanguages } from "../settings/ocr-languages";
import { readAll } from "../../db/read-all";

/**
 * Retrieval for questions, on top of search: the question's framing is removed, search is asked
 * for the asked words (hybrid: words and meaning), for any of them, and for them with their
 * WordNet synonyms; every passage of the best candidate documents is then re-ranked by a learned
 * logistic model over evidence features (see textkit's rerank), so the passage that states the
 * fact wins even when search picked another passage of the same document.
 */

/**
 * How far (in the document model's logit) another candidate must lead search's top document to be
 * cited before it: search's top result is the assistant's starting point, and the re-ranker
 * overrules it only with a lead. Chosen on the enterprise bench's fit half
 * (BENCH_AI_ENTERPRISE_HALF=fit): margins 0, 0.5, 1, 2, 3 and never put the right document first
 * for 16, 17, 16, 16, 16 and 16 of 18 questions.
 */
export const SEARCH_TOP_MARGIN = 0.5;
/** Candidate documents whose every passage is re-ranked. */
const CANDIDATE_DOCUMENTS = 8;
const SYNONYMS_PER_WORD = 3;
/** Typical LSA cosine of a candidate passage, used where a vector is missing. */
const NEUTRAL_SEMANTIC = 0.4;
/** Tokenized passages kept between questions (passage ids change when a document is re-indexed). */
const TERMS_CACHE_LIMIT = 50_000;

export interface RankedPassage {
  documentId: string;
  title: string;
  passageId: string;
  ordinal: number;
  heading: string | null;
  text: string;
  /** Its version's detected language (English when undetermined). */
  language: TextLanguage;
  /** The re-ranker's probability that this passage holds the answer. */
  probability: number;
  features: RerankFeatures;
}

/** A candidate document with its best passage and the evidence that it answers the question. */
export interface RankedDocument {
  documentId: string;
  best: RankedPassage;
  features: DocumentFeatures;
  /** The document model's score (a logit: softmax over the candidates gives their chances). */
  score: number;
}

export interface Retrieval {
  analysis: QuestionAnalysis;
  /** Every candidate passage, most probable first. */
  ranked: RankedPassage[];
  /** The candidate documents, most likely to answer first. */
  documents: RankedDocument[];
  /**
   * Share of the asked words the archive never uses (no passage holds them, nor are they a
   * candidate title's initials): "sourdough" or "tiramisu" in an archive of software manuals. The
   * frequencies are the archive's, as search's BM25 uses them; only this share is kept.
   */
  unknownShare: number;
  /** The asked words (as typed) no passage of the archive holds, a candidate title's initials excepted. */
  unseen: string[];
  /** Each candidate document's passages that hold an asked word or synonym, in document order. */
  byDocument: Map<string, StoredPassage[]>;
  /** WordNet synonyms of each asked stem, as stems. */
  synonyms: Map<string, Set<string>>;
  /** Inverse document frequency of each asked stem among the candidate passages. */
  idf: Map<string, number>;
}

/** The passages asked about most recently stay tokenized (least recently used go first). */
const termsSlot = cacheSlot(
  "tokenized passages",
  () => new LRUCache<string, PassageTerms>({ max: TERMS_CACHE_LIMIT }),
);

function termsOf(ctx: AppContext, passage: StoredPassage, title: string): PassageTerms {
  const cache = ctx.caches.get(termsSlot);
  const cached = cache.get(passage.id);
  if (cached) return cached;
  const terms = passageTerms({
    title,
    heading: passage.heading,
    text: passage.text,
    language: passage.language,
  });
  cache.set(passage.id, terms);
  return terms;
}

/**
 * WordNet's synonyms of each asked word, keeping only those the archive uses: its first senses are
 * often not the archive's ("code": cipher; "bash": knock), and a synonym no passage holds only
 * takes the place of one that might match.
 */
async function synonymStems(ctx: AppContext, analysis: QuestionAnalysis): Promise<Map<string, Set<string>>> {
  const candidates = analysis.asked.map((a) => {
    // A word with a known computing sense takes that sense only: WordNet's are the general ones.
    const known = documentWordsFor(a.word);
    return {
      a,
      known: known.length > 0,
      words: (known.length > 0 ? [...known] : synonymsOf(ctx, a.word)).filter((s) => !s.includes(" ")),
    };
  });
  const unchecked = [...new Set(candidates.filter((c) => !c.known).flatMap((c) => c.words))];
  const stats = unchecked.length > 0 ? await readQueryStats(ctx.db, unchecked) : null;
  const used = new Set(unchecked.filter((_, i) => (stats?.lexemes[i] ?? []).some((l) => l.df > 0)));
  const out = new Map<string, Set<string>>();
  for (const { a, known, words } of candidates) {
    const kept = (known ? words : words.filter((w) => used.has(w))).slice(0, SYNONYMS_PER_WORD);
    out.set(a.stem, new Set(kept.map((w) => stem(w)).filter((s) => s !== a.stem)));
  }
  return out;
}

/**
 * Candidate documents, best first: search's own ranking of the question as typed (the call and
 * order GET /api/search gives), run once. A word no passage holds that is a title's initials
 * ("the BCP") adds that title's words to the query, as search alone would find nothing for it.
 */
async function candidates(
  ctx: AppContext,
  actor: Actor,
  question: string,
  expansions: string[],
  limit: number,
  documentIds: readonly string[] | undefined,
): Promise<FoundPassage[]> {
  // A question's "-x" names an option ("what does tar -x do"), never a word to exclude.
  const asked = question.replace(/(^|\s)-(?=\p{L})/gu, "$1--");
  const query = expansions.length > 0 ? `${asked} ${expansions.join(" ")}` : asked;
  return searchPassages(ctx, actor, query, { limit, ...(documentIds ? { documentIds } : {}) });
}

/**
 * Cosine of question and passage in the archive's LSA space. A passage embedded elsewhere (by a
 * provider's model) or not yet embedded gets the typical similarity of a candidate, so missing
 * vectors neither favour nor sink a passage.
 */
async function semanticScorer(ctx: AppContext, question: string): Promise<(p: StoredPassage) => number> {
  const model = await currentModel(ctx);
  const vector = model ? lsaEmbed(model, question) : null;
  return (p) => {
    if (!model || !vector || !p.embedding) return NEUTRAL_SEMANTIC;
    const decoded = decodeEmbedding(p.embedding);
    return decoded.tag === model.tag ? Math.max(0, cosine(vector, decoded.vector.codes)) : NEUTRAL_SEMANTIC;
  };
}

const logit = (p: number) => Math.log(Math.max(1e-9, p) / Math.max(1e-9, 1 - p));

type TitleEvidence = Omit<DocumentFeatures, "bestPassage">;

/**
 * The document the question names by its initials first; otherwise search's top document first
 * unless another leads it by `margin` or more (the others keep the document model's order).
 */
export function searchTopFirst(documents: RankedDocument[], margin: number): RankedDocument[] {
  // A question naming one document by its title's initials ("under the LGPL") means that one, as
  // it would to a person, whatever the scores: the GPL shares nearly every word of the LGPL's text,
  // and the LGPL's own text never says "LGPL". Two documents named leave it to the scores.
  const named = documents.filter((d) => d.features.acronym === 1);
  if (named.length === 1) return [named[0]!, ...documents.filter((d) => d !== named[0])];
  const top = documents.findIndex((d) => d.features.searchRank === 1);
  if (top <= 0 || documents[0]!.score - documents[top]!.score >= margin) return documents;
  return [documents[top]!, ...documents.slice(0, top), ...documents.slice(top + 1)];
}

/** Each document's best passage (`ranked` is most probable first), ranked by the document model. */
export function rankDocuments(
  ranked: RankedPassage[],
  evidenceOf: (best: RankedPassage) => TitleEvidence,
  model: DocumentModel,
): RankedDocument[] {
  const best = new Map<string, RankedPassage>();
  for (const p of ranked) if (!best.has(p.documentId)) best.set(p.documentId, p);
  return [...best.values()]
    .map((p): RankedDocument => {
      const features: DocumentFeatures = { ...evidenceOf(p), bestPassage: logit(p.probability) };
      return { documentId: p.documentId, best: p, features, score: documentScore(model, features) };
    })
    .sort((a, b) => b.score - a.score);
}

function titleEvidence(
  analysis: QuestionAnalysis,
  stats: TitleStatistics,
): (p: RankedPassage) => TitleEvidence {
  // The question stemmed once per language among the candidates, each title compared in its own.
  const askedStems = new Map<TextLanguage, Set<string>>();
  const stemsIn = (language: TextLanguage) => {
    let stems = askedStems.get(language);
    if (!stems)
      askedStems.set(language, (stems = new Set(analysis.asked.map((a) => askedStem(a, language)))));
    return stems;
  };
  const askedWords = analysis.asked.map((a) => a.word);
  return (p) => ({
    titleNamed: titleNamed(p.title, stemsIn(p.language), stats, p.language),
    acronym: acronymMatch(p.title, askedWords),
    titleShare: p.features.title,
    coverage: p.features.documentCoverage,
    searchRank: p.features.documentRank,
  });
}

/** Every stored passage of the candidates, scored by the re-ranker, most probable first. */
async function rankPassages(
  ctx: AppContext,
  question: string,
  analysis: QuestionAnalysis,
  synonyms: Map<string, Set<string>>,
  found: FoundPassage[],
  stored: StoredPassage[],
  model: RerankModel,
): Promise<{ ranked: RankedPassage[]; idf: Map<string, number> }> {
  const titles = new Map(found.map((f) => [f.documentId, f.title]));
  const terms = stored.map((p) => termsOf(ctx, p, titles.get(p.documentId) ?? ""));
  const n = terms.length;
  const idf = new Map<string, number>();
  // Each passage holds an asked word in its own language's stem (rerank.ts askedStem), so a word's
  // frequency counts German passages holding it as German and English ones as English alike.
  for (const a of analysis.asked) {
    const df = terms.filter((t) => t.stems.includes(askedStem(a, t.language))).length;
    idf.set(a.stem, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  const averageLength = terms.reduce((sum, t) => sum + t.stems.length, 0) / Math.max(1, n);
  const semantic = await semanticScorer(ctx, `${question} ${tokenize(question).join(" ")}`);
  const rank = new Map(found.map((f, i) => [f.documentId, { i, f }]));
  const context = { asked: analysis.asked, idf, synonyms, averageLength };
  // A document's passages are all of its current version, so in one language.
  const documentStems = new Map<string, { stems: Set<string>; language: TextLanguage }>();
  stored.forEach((p, k) => {
    const held = documentStems.get(p.documentId) ?? {
      stems: new Set(terms[k]!.titleStems),
      language: terms[k]!.language,
    };
    for (const s of terms[k]!.stems) held.stems.add(s);
    documentStems.set(p.documentId, held);
  });
  const documentCoverage = new Map(
    [...documentStems].map(([id, held]) => [id, askedShare(context, held.stems, held.language)]),
  );
  const ranked = stored.map((p, k): RankedPassage => {
    const doc = rank.get(p.documentId)!;
    const features = rerankFeatures(context, terms[k]!, {
      search: doc.f.score,
      searchPassage: doc.f.passageId === p.id ? 1 : 0,
      documentRank: doc.i,
      semantic: semantic(p),
      documentCoverage: documentCoverage.get(p.documentId) ?? 0,
    });
    return {
      documentId: p.documentId,
      title: doc.f.title,
      passageId: p.id,
      ordinal: p.ordinal,
      heading: p.heading,
      text: p.text,
      language: p.language,
      probability: logisticProbability(model, featureVector(features)),
      features,
    };
  });
  ranked.sort((a, b) => b.probability - a.probability);
  return { ranked, idf };
}

export async function retrieve(
  ctx: AppContext,
  actor: Actor,
  question: string,
  model: RerankModel = RERANK_MODEL,
  documentModel: DocumentModel = DOCUMENT_MODEL,
  {
    candidateDocuments = CANDIDATE_DOCUMENTS,
    documentId,
    searchTopMargin = SEARCH_TOP_MARGIN,
  }: {
    /** How far another document must lead search's top one to be cited first (SEARCH_TOP_MARGIN). */
    searchTopMargin?: number;
    candidateDocuments?: number;
    /** Answer from this document only (the caller has checked the actor may read it). */
    documentId?: string | undefined;
  } = {},
): Promise<Retrieval> {
  const analysis = analyseQuestion(question);
  const nothing = (synonyms: Map<string, Set<string>>): Retrieval => ({
    analysis,
    ranked: [],
    documents: [],
    unknownShare: 0,
    unseen: [],
    byDocument: new Map(),
    synonyms,
    idf: new Map(),
  });
  if (analysis.asked.length === 0) return nothing(new Map());
  const [synonyms, titles, unseen] = await readAll(ctx.db, [
    () => synonymStems(ctx, analysis),
    () => archiveTitles(ctx),
    () => wordsNotInArchive(ctx, analysis),
  ]);
  const expansions = initialsExpansions(titles, [...new Set([...unseen, ...writtenAcronyms(question)])]);
  const scope = documentId ? [documentId] : undefined;
  const found = await candidates(ctx, actor, question, expansions, candidateDocuments, scope);
  if (found.length === 0) return nothing(synonyms);
  const words = [...analysis.asked.map((a) => a.word), ...[...synonyms.values()].flatMap((s) => [...s])];
  const stored = await matchingPassages(
    ctx.db,
    found.map((f) => f.documentId),
    words,
    found.map((f) => f.passageId),
    await chosenLanguages(ctx),
  );
  const byDocument = new Map<string, StoredPassage[]>();
  for (const p of stored) byDocument.set(p.documentId, [...(byDocument.get(p.documentId) ?? []), p]);
  const { ranked, idf } = await rankPassages(ctx, question, analysis, synonyms, found, stored, model);
  const documents = searchTopFirst(
    rankDocuments(ranked, titleEvidence(analysis, titles.statistics), documentModel),
    searchTopMargin,
  );
  const named = (word: string) => documents.some((d) => acronymMatch(d.best.title, [word]) > 0);
  const unnamed = unseen.filter((w) => !named(w));
  const unknownShare = unnamed.length / analysis.asked.length;
  return { analysis, ranked, documents, unknownShare, unseen: unnamed, byDocument, synonyms, idf };
}
