import { normaliseName } from "@quire/contracts";
import unhomoglyph from "unhomoglyph";

/**
 * A name's confusable skeleton, as Unicode's UTS #39 defines one, for comparing names people must
 * tell apart by sight: normalised (normaliseName), case folded, then each character that looks like
 * another replaced by the one it looks like (unhomoglyph, Unicode's confusables table), so "Vault",
 * "vault", "Vаult" with a Cyrillic "а" and "VAU1T" share one skeleton.
 */
export function nameSkeleton(name: string): string {
  return unhomoglyph(normaliseName(name).normalize("NFD").toLowerCase()).normalize("NFD").toLowerCase();
}

/** The first of `existing` (other than `exceptId`) whose name looks like `name`, or undefined. */
export function lookAlike<T extends { id: string; name: string }>(
  name: string,
  existing: readonly T[],
  exceptId?: string,
): T | undefined {
  const skeleton = nameSkeleton(name);
  return existing.find((e) => e.id !== exceptId && nameSkeleton(e.name) === skeleton);
}

/** Why `name` is refused beside `taken` (a "group" or a "category"), naming the one it collides with. */
export function nameClash(kind: string, name: string, taken: string): string {
  if (name.toLowerCase() === taken.toLowerCase()) return `A ${kind} named '${name}' already exists`;
  return `The name '${name}' looks like the ${kind} '${taken}', which already exists; choose a name that differs in more than look-alike letters`;
}
