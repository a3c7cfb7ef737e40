import { useTranslation } from "react-i18next";
import type { VersionDiff } from "@/lib/api/version-diff";
import { formatCount } from "@/lib/format";
import "@/components/document-parts-locale";

/** Seed §2 "Changes Summary": lines added, removed and unchanged. */
export function ChangesSummary({ stats }: { stats: VersionDiff["stats"] }) {
  const { t } = useTranslation("document-parts");
  const items = [
    {
      label: t("diff.added"),
      value: stats.added,
      testId: "stat-lines-added",
      tone: "text-green-700 dark:text-green-400",
    },
    {
      label: t("diff.removed"),
      value: stats.removed,
      testId: "stat-lines-removed",
      tone: "text-red-700 dark:text-red-400",
    },
    { label: t("diff.unchanged"), value: stats.unchanged, testId: "stat-lines-unchanged", tone: "" },
  ];
  return (
    <section aria-labelledby="changes-summary-title" className="rounded-md border p-4">
      <h3 id="changes-summary-title" className="mb-3 text-sm font-semibold">
        {t("diff.summary")}
      </h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {items.map((item) => (
          <div key={item.testId} className="flex flex-col-reverse">
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className={`text-2xl font-bold ${item.tone}`} data-testid={item.testId}>
              {formatCount(item.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
