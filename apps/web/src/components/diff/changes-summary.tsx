import type { VersionDiff } from "@/lib/api/version-diff";

/** Seed §2 "Changes Summary": lines added, removed and unchanged. */
export function ChangesSummary({ stats }: { stats: VersionDiff["stats"] }) {
  const items = [
    {
      label: "Lines added",
      value: stats.added,
      testId: "stat-lines-added",
      tone: "text-green-700 dark:text-green-400",
    },
    {
      label: "Lines removed",
      value: stats.removed,
      testId: "stat-lines-removed",
      tone: "text-red-700 dark:text-red-400",
    },
    { label: "Lines unchanged", value: stats.unchanged, testId: "stat-lines-unchanged", tone: "" },
  ];
  return (
    <section aria-labelledby="changes-summary-title" className="rounded-md border p-4">
      <h3 id="changes-summary-title" className="mb-3 text-sm font-semibold">
        Changes Summary
      </h3>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="text-xs text-muted-foreground">{item.label}</dt>
            <dd className={`text-2xl font-bold ${item.tone}`} data-testid={item.testId}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
