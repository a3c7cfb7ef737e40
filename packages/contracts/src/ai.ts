import { z } from "zod";
import { idSchema } from "./common";
import { documentStatusSchema } from "./documents";

export const riskLevels = ["Low", "Medium", "High"] as const;
export const riskLevelSchema = z.enum(riskLevels);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/**
 * Seed §3 Summary of one version, computed from its content: extractive key points, risk notes
 * that name the rule and where it fired, change highlights from the diff to the previous
 * version, and actions suggested by the document's state and checks.
 */
export const summarySchema = z.object({
  documentId: z.string(),
  version: z.number().int(),
  /** What kind of document it is, read from its structure and text: "Specification", "Licence", "README"… */
  kind: z.string().optional(),
  riskLevel: riskLevelSchema,
  keyPoints: z.array(z.string()),
  changeHighlights: z.array(z.string()),
  riskNotes: z.array(z.string()),
  suggestedActions: z.array(z.string()),
  updatedAt: z.string(),
});
export type Summary = z.infer<typeof summarySchema>;

export const summaryQuerySchema = z.object({
  /** A past version's summary; the current version's by default. */
  version: z.coerce.number().int().min(1).optional(),
});

export const improvementPriorities = ["High", "Medium", "Low"] as const;

/** Seed §3 Improvement suggestion, from a content check; `id` is stable for the same finding. */
export const improvementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(improvementPriorities),
  type: z.string(),
  estimatedTime: z.string(),
  /** The content rule that fired, e.g. "personal-data". */
  rule: z.string(),
  /** Section headings where it fired. */
  sections: z.array(z.string()),
});
export type Improvement = z.infer<typeof improvementSchema>;

export const diffAnalysisParamsSchema = z.object({
  id: idSchema,
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});

/** The Diff page's AI Analysis Summary, computed from the two versions. */
export const changeAnalysisSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  keyChanges: z.array(z.string()),
  /**
   * The key changes with their place in the diff (1-based line numbers of each version, null on
   * the side that lacks them), so the page can link each to its changed row.
   */
  keyChangeItems: z.array(
    z.object({
      text: z.string(),
      oldLine: z.number().int().nullable(),
      newLine: z.number().int().nullable(),
    }),
  ),
  /** Edited clauses read for meaning: "term" perpetual → "fixed-term (five years)", High. */
  clauseChanges: z.array(
    z.object({
      attribute: z.string(),
      before: z.string(),
      after: z.string(),
      risk: riskLevelSchema,
      context: z.string(),
    }),
  ),
  impact: z.string(),
  riskLevel: riskLevelSchema,
  sections: z.array(
    z.object({
      section: z.string(),
      added: z.number().int(),
      removed: z.number().int(),
      changed: z.number().int(),
    }),
  ),
  figures: z.array(
    z.object({
      section: z.string(),
      kind: z.enum(["amount", "date", "percentage", "number"]),
      before: z.string().nullable(),
      after: z.string().nullable(),
      context: z.string(),
    }),
  ),
  obligationsAdded: z.array(z.string()),
  obligationsRemoved: z.array(z.string()),
  obligationsChanged: z.array(z.object({ before: z.string(), after: z.string() })),
  stats: z.object({ added: z.number().int(), removed: z.number().int(), unchanged: z.number().int() }),
});
export type ChangeAnalysis = z.infer<typeof changeAnalysisSchema>;

export const categorizeParamsSchema = z.object({ documentId: idSchema });

/**
 * POST /api/ai/categorize: the upload form's text, not yet stored, for a suggested category.
 * Only what is needed to classify; nothing is saved.
 */
export const categorizeBodySchema = z.object({
  title: z.string().max(300).default(""),
  content: z.string().max(200_000).default(""),
});
export type CategorizeBody = z.infer<typeof categorizeBodySchema>;

/** Seed §7 categorize result: the suggested category (null while no category has documents). */
export const categorizeResultSchema = z.object({
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  tags: z.array(z.string()),
  /** Every category with documents, most likely first. */
  alternatives: z.array(z.object({ categoryId: z.string(), name: z.string(), probability: z.number() })),
});
export type CategorizeResult = z.infer<typeof categorizeResultSchema>;

export const aiSuggestionTypes = ["reorganize", "update", "compliance", "other"] as const;

const suggestionText = z.string();
const suggestionCount = z.number().int();
const suggestionMessage = <K extends string, P extends z.ZodRawShape>(key: K, params: P) =>
  z.object({ key: z.literal(key), params: z.object(params) });

/**
 * What a suggestion says, as facts: which suggestion it is and what fills it in. The web writes
 * its title, description and button from these in the reader's language; the English `title`,
 * `description` and `action` are composed from the same facts. Params are data, never markup.
 */
export const aiSuggestionMessageSchema = z.discriminatedUnion("key", [
  // Filed under `current`, but the classifier and `agreeing` of the 3 most similar documents say `target`.
  suggestionMessage("move", {
    document: suggestionText,
    current: suggestionText,
    target: suggestionText,
    confidence: z.enum(["high", "medium", "low"]),
    agreeing: suggestionCount,
  }),
  // Its stated review date (`reviewDate`, as the document writes it) passed `days` days ago.
  suggestionMessage("staleReviewDate", {
    document: suggestionText,
    reviewDate: suggestionText,
    days: suggestionCount,
  }),
  // No review date stated, unchanged for `days` days.
  suggestionMessage("staleUnchanged", { document: suggestionText, days: suggestionCount }),
  // In Review for `days` days, over the `targetDays`-day target.
  suggestionMessage("stuckInReview", {
    document: suggestionText,
    days: suggestionCount,
    targetDays: suggestionCount,
  }),
  // `percent` of their text is the same and the newer one is approved: archive the older.
  suggestionMessage("archiveDuplicate", {
    older: suggestionText,
    newer: suggestionText,
    percent: suggestionCount,
  }),
  // As above, the newer one not yet approved (`status`, a document status): tell both owners.
  suggestionMessage("notifyDuplicate", {
    older: suggestionText,
    newer: suggestionText,
    percent: suggestionCount,
    status: documentStatusSchema,
  }),
]);
export type AiSuggestionMessage = z.infer<typeof aiSuggestionMessageSchema>;
export type AiSuggestionMessageKey = AiSuggestionMessage["key"];
export const aiSuggestionMessageKeys = aiSuggestionMessageSchema.options.map(
  (option) => option.shape.key.value,
) as AiSuggestionMessageKey[];

/** Seed §3 AI suggestion, derived from the archive's state; `id` is stable for the same facts. */
export const aiSuggestionSchema = z.object({
  id: z.string(),
  /** In English; the web writes them from `message` in the reader's language. */
  title: z.string(),
  description: z.string(),
  action: z.string(),
  message: aiSuggestionMessageSchema,
  icon: z.enum(["lightbulb", "sync", "exclamation-triangle"]),
  color: z.enum(["yellow", "blue", "orange"]),
  type: z.enum(aiSuggestionTypes),
  confidence: z.number().min(0).max(1),
  documentIds: z.array(z.string()),
  /** Whether the signed-in user may apply it (Admin or Author, over documents they may change). */
  canApply: z.boolean(),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;

export const suggestionParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** What applying a suggestion did, as facts, for the toast in the reader's language. */
export const appliedSuggestionSchema = z.discriminatedUnion("key", [
  suggestionMessage("moved", { document: suggestionText, category: suggestionText }),
  suggestionMessage("askedOwner", { document: suggestionText }),
  // `count` people reminded; `optedOut` more were not, having turned review reminders off.
  suggestionMessage("remindedReviewers", {
    document: suggestionText,
    count: suggestionCount,
    optedOut: suggestionCount,
  }),
  suggestionMessage("archivedDuplicate", { older: suggestionText, newer: suggestionText }),
  suggestionMessage("toldOwners", { older: suggestionText, newer: suggestionText }),
]);
export type AppliedSuggestion = z.infer<typeof appliedSuggestionSchema>;
export const appliedSuggestionKeys = appliedSuggestionSchema.options.map(
  (option) => option.shape.key.value,
) as AppliedSuggestion["key"][];

export const applySuggestionResultSchema = z.object({
  id: z.string(),
  applied: z.literal(true),
  /** What was done, in English: "Moved 'Travel Policy' to Finance". */
  message: z.string(),
  /** The same as facts; the web writes the toast from them. */
  done: appliedSuggestionSchema,
});
export type ApplySuggestionResult = z.infer<typeof applySuggestionResultSchema>;

/** Seed §7 POST /api/ai/ask. */
/** Seed §2: the AI assistant card's four quick questions. */
export const QUICK_QUESTIONS = [
  "What are our security policies?",
  "Show me recent expense reports",
  "Find API documentation for user endpoints",
  "What are the compliance requirements?",
] as const;

export const askBodySchema = z.object({
  question: z
    .string({ error: "question is required" })
    .trim()
    .min(1, "question is required")
    .max(1000, "question is too long (1000 characters at most)"),
  /** Answer from this document only ("Ask about this document"); the asker must be able to read it. */
  documentId: idSchema.optional(),
});
export type AskBody = z.infer<typeof askBodySchema>;

export const citationSchema = z.object({
  n: z.number().int(),
  documentId: z.string(),
  title: z.string(),
  passageId: z.string(),
  heading: z.string().nullable(),
  quote: z.string(),
  /** The cited passage's 0-based position in its version, for a link to `#passage-{ordinal}`. */
  ordinal: z.number().int().min(0).optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** Seed §3 AI answer plus the citations its numbered markers ([1], [2]) refer to. */
export const aiAnswerSchema = z.object({
  answer: z.string(),
  confidence: z.number().min(0).max(1),
  relevantDocuments: z.array(z.string()),
  citations: z.array(citationSchema),
  /** "local" (offline extractive answer) or "provider" (the configured OpenAI-compatible model). */
  source: z.enum(["local", "provider"]),
  /**
   * The question's salient words (names, places, its scope) that what the answer cites never
   * mentions: the answer says so and its confidence is low. Absent when everything asked is covered.
   */
  notCovered: z.array(z.string()).optional(),
  /**
   * When the assistant declines (no citations), the passage that came closest: its retrieval's
   * best, which starts from search's ranking, for the reader to open and judge. Not an answer, so
   * never numbered in the answer's text.
   */
  closest: citationSchema.optional(),
});
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

/**
 * How sure an answer or a suggestion is, as people read it: a level, not a percentage, since the
 * scores are not calibrated probabilities (`npm run bench -- ai` prints each level's observed
 * accuracy). Below LOW_BELOW the assistant does not quote an answer (its answer threshold).
 */
export const confidenceLevels = ["high", "medium", "low"] as const;
export type ConfidenceLevel = (typeof confidenceLevels)[number];
export const CONFIDENCE_LOW_BELOW = 0.3;
export const CONFIDENCE_HIGH_FROM = 0.7;

export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= CONFIDENCE_HIGH_FROM) return "high";
  return confidence >= CONFIDENCE_LOW_BELOW ? "medium" : "low";
}

/** "High confidence", "Medium confidence", "Low confidence". */
export function confidenceLabel(confidence: number): string {
  const level = confidenceLevel(confidence);
  return `${level[0]!.toUpperCase()}${level.slice(1)} confidence`;
}

const QUESTION_OPENING =
  /^(?:what|what's|whats|how|who|whom|whose|when|where|why|which|is|are|am|was|were|can|could|do|does|did|should|shall|may|might|must|will|would|has|have|had)\b/i;
const SEARCH_OPERATOR = /(?:^|\s)-\S|"|\bOR\b/;

/**
 * Whether a search reads as a question, so the search page asks the assistant too and shows its
 * answer above the results: it ends with "?", or opens with a question word and has at least
 * three words. A query using search syntax (a quoted phrase, OR, -exclusion) is a search.
 */
export function looksLikeQuestion(query: string): boolean {
  const text = query.trim();
  if (text.length > 1000 || SEARCH_OPERATOR.test(text)) return false;
  const words = text.split(/\s+/).filter((w) => /\w/.test(w));
  if (words.length < 3) return false;
  return text.endsWith("?") || QUESTION_OPENING.test(text);
}
