import type { TemplateStage } from "@quire/contracts";
import { i18n } from "@/lib/i18n";
import "../locale";

/**
 * The template editor's pure parts: a new stage's starting values, moving a stage, and reading the
 * API's validation answer back onto the fields it names.
 */

export function newStage(position: number): TemplateStage {
  return {
    // A starting name the Admin may change, in their language.
    name: i18n.t("settings:stage.label", { n: position }),
    roles: ["Reviewer"],
    groupIds: [],
    quorum: { kind: "any" },
    dueDays: null,
    onChanges: "end",
    onReject: "end",
    sendBack: false,
  };
}

/** `stages` with the stage at `index` swapped with its neighbour `by` places away (no-op at the ends). */
export function moveStage<T>(stages: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= stages.length) return [...stages];
  const next = [...stages];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Where an error is shown: "stages.2.quorum.n" is the third stage's quorum field. */
export type FieldErrors = ReadonlyMap<string, string>;

/** "stages[0].roles" (schema validation) and "stages.0.groupIds" (the service's own checks) alike. */
const normalise = (path: string) => path.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");

/**
 * The server answers a bad template with one message: "Invalid body: stages[0].name: Give the stage a
 * name; stages[1].roles: …" (schema) or "stages.0.groupIds: no group …" (service). Each part naming a
 * stage field goes next to that field; anything else is shown above the form.
 */
export function templateFieldErrors(message: string): { fields: FieldErrors; general: string[] } {
  const fields = new Map<string, string>();
  const general: string[] = [];
  const body = message.replace(/^Invalid body:\s*/, "");
  for (const part of body.split(/;\s+/)) {
    const match = /^(stages[^\s:]*):\s*(.+)$/.exec(part.trim());
    const key = match ? normalise(match[1]!) : null;
    if (key && match && key !== "stages") {
      const [, index, ...rest] = key.split(".");
      // Errors inside a field (quorum.n, groupIds.3) land on the field itself.
      const field = rest[0] === "quorum" ? rest.join(".") : (rest[0] ?? "name");
      const at = `stages.${index}.${field}`;
      if (!fields.has(at)) fields.set(at, match[2]!);
    } else if (part.trim()) general.push(match ? match[2]! : part.trim());
  }
  return { fields, general };
}
