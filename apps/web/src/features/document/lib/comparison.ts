import type { Version } from "@quire/contracts";
import { i18n } from "@/lib/i18n";
import "../locale";

/**
 * Seed §2: the comparison selects default to left = second entry, right = first entry of the
 * history (newest first), i.e. the previous version against the current one.
 */
export function defaultComparison(versions: readonly Pick<Version, "version">[]): {
  from: number | null;
  to: number | null;
} {
  const first = versions[0]?.version ?? null;
  const second = versions[1]?.version ?? null;
  return { from: second, to: first };
}

/** The label of a version in the history: its change note, or 'Version N' (seed §2). */
export function versionLabel(version: Pick<Version, "version" | "changeNote">): string {
  const note = version.changeNote?.trim();
  return note ? note : i18n.t("document:versions.version", { version: version.version });
}
