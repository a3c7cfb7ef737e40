import { Calendar, Folder, GitBranch, User, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { formatCount, formatDate, formatDateTime } from "@/lib/format";
import "@/components/locale";

/**
 * One fact of a document's card or search result, inside a `<dl>`: the term is for screen readers,
 * the icon for the eye.
 */
function Fact({
  label,
  icon: Icon,
  testId,
  children,
}: {
  label: string;
  icon: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1">
      <dt className="sr-only">{label}</dt>
      <Icon className="size-3.5" aria-hidden="true" />
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Category, owner, last update and (optionally) the version count: the facts under a document's title. */
export function DocumentFacts({
  document,
  showCategory = true,
  showVersions = true,
}: {
  document: Document;
  showCategory?: boolean;
  showVersions?: boolean;
}) {
  const { t } = useTranslation("shared");
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {showCategory && (
        <Fact label={t("meta.category")} icon={Folder} testId={`text-category-${document.id}`}>
          {document.category.name}
        </Fact>
      )}
      <Fact label={t("meta.owner")} icon={User}>
        {document.owner}
      </Fact>
      <Fact label={t("meta.lastUpdated")} icon={Calendar}>
        <time dateTime={document.updatedAt} title={formatDateTime(document.updatedAt)}>
          {formatDate(document.updatedAt)}
        </time>
      </Fact>
      {showVersions && (
        <Fact label={t("meta.versions")} icon={GitBranch}>
          {t("meta.versionCount", { count: document.versionCount, n: formatCount(document.versionCount) })}
        </Fact>
      )}
    </dl>
  );
}

/**
 * A document's tags as badges, or nothing when it has none. A tag may be 50 characters without a
 * space (a term from the text, say), wider than a phone's card: it is cut short with an ellipsis
 * and named whole in its tooltip, rather than pushing the page sideways.
 */
export function DocumentTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  const { t } = useTranslation("shared");
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1", className)} aria-label={t("meta.tags")}>
      {tags.map((tag) => (
        <li key={tag} className="max-w-full min-w-0">
          <Badge variant="secondary" className="max-w-full" title={tag}>
            <span className="truncate">{tag}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
