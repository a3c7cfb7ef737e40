import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Version } from "@quire/contracts";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
// The comparison views belong to the diff feature; the Versions tab shows the same views inline.
import { ChangesSummary } from "@/components/diff/changes-summary";
import { SideBySideDiff } from "@/components/diff/side-by-side-diff";
import { UnifiedDiff } from "@/components/diff/unified-diff";
import { useVersionDiff } from "@/lib/api/version-diff";
import { defaultComparison } from "../lib/comparison";
import "../locale";

function VersionSelect({
  id,
  label,
  value,
  versions,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null;
  versions: readonly Version[];
  onChange: (version: number) => void;
}) {
  const { t } = useTranslation("document");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value === null ? undefined : String(value)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id={id} className="w-full sm:w-56" data-testid={id}>
          <SelectValue placeholder={t("versions.select")} />
        </SelectTrigger>
        <SelectContent>
          {versions.map((v, i) => (
            <SelectItem key={v.id} value={String(v.version)}>
              {t("versions.version", { version: v.version })}
              {i === 0 ? ` ${t("versions.current")}` : ""}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function ComparisonDiff({
  documentId,
  from,
  to,
  missing,
}: {
  documentId: string;
  from: number | null;
  to: number | null;
  missing: boolean;
}) {
  const { t } = useTranslation("document");
  const diff = useVersionDiff(documentId, from, to);
  if (missing || diff.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
        {t("versions.comparisonError")}
      </p>
    );
  }
  if (diff.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={t("versions.loadingComparison")}>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <>
      <ChangesSummary stats={diff.data.stats} />
      {diff.data.truncated && diff.data.truncatedReason && (
        <p className="text-sm text-muted-foreground">{diff.data.truncatedReason}</p>
      )}
      <SideBySideDiff
        rows={diff.data.sideBySide}
        fromLabel={t("versions.version", { version: from })}
        toLabel={t("versions.version", { version: to })}
        className="max-h-[32rem]"
      />
      <h4 className="text-sm font-semibold">{t("versions.unified")}</h4>
      <UnifiedDiff lines={diff.data.unified} label={t("versions.fromTo", { from, to })} />
    </>
  );
}

/** Two selects (default: previous against current) and the server's diff between them. */
export function VersionComparison({
  documentId,
  versions,
}: {
  documentId: string;
  versions: readonly Version[];
}) {
  const { t } = useTranslation("document");
  const defaults = defaultComparison(versions);
  const [chosenFrom, setFrom] = useState<number | null>(null);
  const [chosenTo, setTo] = useState<number | null>(null);
  const from = chosenFrom ?? defaults.from;
  const to = chosenTo ?? defaults.to;
  const known = (n: number | null) => n !== null && versions.some((v) => v.version === n);
  const missing = !known(from) || !known(to);

  return (
    <section aria-labelledby="compare-title" className="grid gap-4" data-testid="version-comparison">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="compare-title" className="text-lg font-semibold">
          {t("versions.compare")}
        </h3>
        {!missing && from !== null && to !== null && (
          <Link
            href={paths.diff.getHref(documentId, from, to)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            data-testid="link-open-diff"
          >
            {t("versions.openFull")}
          </Link>
        )}
      </div>
      <div className="flex flex-wrap gap-4">
        <VersionSelect
          id="select-compare-from"
          label={t("versions.from")}
          value={from}
          versions={versions}
          onChange={setFrom}
        />
        <VersionSelect
          id="select-compare-to"
          label={t("versions.to")}
          value={to}
          versions={versions}
          onChange={setTo}
        />
      </div>
      <ComparisonDiff documentId={documentId} from={from} to={to} missing={missing} />
    </section>
  );
}
