import type { Quorum } from "@quire/contracts";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "@/components/document-parts-locale";

/** Who must approve at a stage ("Every assignee"), in the interface's language. */
export function quorumText(quorum: Quorum): string {
  if (quorum.kind === "count") return i18n.t("document-parts:quorum.count", { n: formatCount(quorum.n) });
  return i18n.t(`document-parts:quorum.${quorum.kind}`);
}
