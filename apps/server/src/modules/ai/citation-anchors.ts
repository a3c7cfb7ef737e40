import type { AiAnswer } from "@quire/contracts";
import type { Database } from "../../db/client";
import { passageOrdinals } from "./repository";

/**
 * Presents an answer with each citation's passage position, so the web links a citation to the
 * passage itself (`/document/{id}#passage-{ordinal}`) rather than to the top of the document.
 * A passage re-indexed away since retrieval keeps its citation without a position.
 */
export async function withPassageOrdinals(db: Database, answer: AiAnswer): Promise<AiAnswer> {
  const ordinals = await passageOrdinals(
    db,
    answer.citations.map((c) => c.passageId),
  );
  return {
    ...answer,
    citations: answer.citations.map((citation) => {
      const ordinal = ordinals.get(citation.passageId);
      return ordinal === undefined ? citation : { ...citation, ordinal };
    }),
  };
}
