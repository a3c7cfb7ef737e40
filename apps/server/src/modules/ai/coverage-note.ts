import { listWords, type InstanceKind, type UncoveredWord } from "@quire/textkit";
import type { RankedDocument } from "./retrieve";

/**
 * The sentence an answer gives for what its closest document leaves out of the question: a name,
 * a figure, an instance or words (textkit's uncovered.ts says which).
 */

/** Where the closest text is: "“Leave Policy” (section “Family leave”)". */
function placeOf(document: RankedDocument): string {
  const heading = document.best.heading?.trim();
  return heading ? `“${document.best.title}” (section “${heading}”)` : `“${document.best.title}”`;
}

/**
 * What the answer says of the words it does not cover: the archive's silence when no passage holds
 * them, the closest document's when only it does not.
 */
export function coverageNote(missing: UncoveredWord[], document: RankedDocument): string {
  const instance = missing.find((m) => m.instance);
  if (instance) {
    const what: Record<InstanceKind, string> = {
      country: `does not name the ${instance.word}`,
      name: `does not name the ${instance.word}`,
      person: "does not name who holds that role now",
      agent: "does not say who",
      version: "does not give a version number",
      date: "does not give a date",
      email: "does not give an e-mail address",
      url: "does not give a web address",
      money: `does not give a sum in ${instance.word}`,
    };
    return `The closest document, ${placeOf(document)}, ${what[instance.instance!]}.`;
  }
  const bound = missing.find((m) => m.bound);
  if (bound) {
    const side = bound.bound === "upper" ? "an upper limit" : "a lower limit";
    return `The closest document, ${placeOf(document)}, does not give ${side} (“${bound.word}”).`;
  }
  const figure = missing.find((m) => m.figure);
  if (figure) {
    if (figure.figure === "duration")
      return `The closest document, ${placeOf(document)}, does not say how long.`;
    const what = figure.figure === "number" ? `a number of ${figure.word}` : `an amount for ${figure.word}`;
    return `The closest document, ${placeOf(document)}, does not give ${what}.`;
  }
  const nowhere = missing.filter((m) => m.nowhere).map((m) => m.word);
  const elsewhere = missing.filter((m) => !m.nowhere).map((m) => m.word);
  const place = placeOf(document);
  if (elsewhere.length === 0)
    return `The archive does not mention ${listWords(nowhere)}; the closest is ${place}.`;
  const closest = `the closest document, ${place}, does not mention ${listWords(elsewhere)}`;
  if (nowhere.length === 0) return `${closest[0]!.toUpperCase()}${closest.slice(1)}.`;
  return `The archive does not mention ${listWords(nowhere)}, and ${closest}.`;
}
