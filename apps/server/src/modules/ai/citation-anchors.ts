import type { AiAnswer, Citation } from "@quire/contracts";
import type { Database } from "../../db/client";
import { passageOrdinals } from "./repository";

/**
 * Presents an answer with each citation's (and the closest passage's) position, so the web links a citation to the
 * passage itself (`/document/{id}#passage-{ordinal}`) rather than to the top of the document.
 * A passage re-indexed away since retrieval keeps its citation without a position.
 */
export async function withPassageOrdinals(db: Database, answer: AiAnswer): Promise<AiAnswer> {
  const ordinals = await passageOrdinals(
    db,
    [...answer.citations, ...(answer.closest ? [answer.closest] : [])].map((c) => c.passageId),
  );
  const anchored = (citation: Citation): Citation => {
    const ordinal = ordinals.get(citation.passageId);
    return ordinal === undefined ? citation : { ...citation, ordinal };
  };
  return {
    ...answer,
    citations: answer.citations.map(anchored),
    ...(answer.closest ? { closest: anchored(answer.closest) } : {}),
  };
}
