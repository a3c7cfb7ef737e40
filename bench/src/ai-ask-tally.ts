/**
 * The enterprise bench's figures from its answers, shared by the live bench (ai-ask-enterprise.ts)
 * and its replay from saved retrievals (ai-ask-enterprise-snapshot.ts), so the two print the same
 * figures the same way.
 */
import type { AiAnswer } from "@quire/contracts";
import { holdsFact, reliabilityTable } from "./ai-ask-eval.js";

export type CaseKind = "answerable" | "near" | "absent";

export interface AnsweredCase {
  kind: CaseKind;
  question: string;
  /** The answering document's title (answerable questions only). */
  document: string | null;
  expected: string | null;
  /** Search's own top document for the question (answerable questions only). */
  searchTop: string | null;
  answer: AiAnswer;
}

export const pct = (k: number, n: number) => `${((k / Math.max(1, n)) * 100).toFixed(1)}% (${k}/${n})`;
/** A refusal: nothing cited, or the answer says the archive does not mention what was asked. */
export const refused = (answer: AiAnswer) =>
  answer.citations.length === 0 || Boolean(answer.notCovered?.length);

const missLine = (c: AnsweredCase) =>
  `      miss: "${c.question}" → ${c.answer.citations[0]?.title ?? `(declined; closest: ${c.answer.closest?.title ?? "none"})`} (${c.answer.confidence}${c.answer.notCovered ? `, not covered: ${c.answer.notCovered.join(", ")}` : ""}); search: ${c.searchTop}; asked: ${c.document}`;

/**
 * Prints first citation (or, for a declined answer, the closest passage it points at) beside
 * search's top, the first citation of answers given, fact, false refusals, near-miss and uncovered
 * refusals, and the reliability table; `verbose` also prints each miss and each unrefused question.
 */
export function printTally(cases: readonly AnsweredCase[], verbose: boolean): void {
  const answerable = cases.filter((c) => c.kind === "answerable");
  let first = 0;
  let firstAnswered = 0;
  let searchFirst = 0;
  let fact = 0;
  let falseRefusals = 0;
  const scored: Array<{ p: number; right: boolean }> = [];
  for (const c of answerable) {
    const right = c.answer.citations[0]?.title === c.document;
    // A declined answer points at the closest passage instead: what its reader is led to open.
    const led = (c.answer.citations[0] ?? c.answer.closest)?.title === c.document;
    if (c.searchTop === c.document) searchFirst++;
    if (led) first++;
    if (right) firstAnswered++;
    if (holdsFact(c.answer, c.expected ?? "")) fact++;
    if (refused(c.answer)) falseRefusals++;
    if (verbose && (!right || refused(c.answer))) console.log(missLine(c));
    if (c.answer.citations.length > 0) scored.push({ p: c.answer.confidence, right });
  }
  const refusals = (kind: CaseKind) => {
    const list = cases.filter((c) => c.kind === kind);
    let n = 0;
    for (const c of list) {
      if (refused(c.answer)) {
        n++;
        continue;
      }
      scored.push({ p: c.answer.confidence, right: false });
      if (verbose)
        console.log(
          `      answered: "${c.question}" → ${c.answer.citations[0]?.title} (${c.answer.confidence})`,
        );
    }
    return { n, of: list.length };
  };
  const near = refusals("near");
  const absent = refusals("absent");
  const n = answerable.length;
  console.log(
    `    first citation is the right document   ${pct(first, n)} (search's own top result: ${pct(searchFirst, n)})`,
  );
  console.log(`      of it, answers that were not declined  ${pct(firstAnswered, n)}`);
  console.log(`    answer contains the expected fact      ${pct(fact, n)}`);
  console.log(`    answerable questions refused           ${pct(falseRefusals, n)}`);
  console.log(`    near misses refused                    ${pct(near.n, near.of)} (target ≥ 90%)`);
  console.log(`    uncovered topics refused               ${pct(absent.n, absent.of)} (target ≥ 95%)`);
  reliabilityTable(scored);
}
