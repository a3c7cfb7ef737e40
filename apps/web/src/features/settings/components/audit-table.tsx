import { useTranslation } from "react-i18next";
import { describeAuditData, type AuditEntry } from "@quire/contracts";
import { Filter } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { formatDateTime, formatDay } from "@/lib/format";
import { auditDataWording, describeSubject } from "../lib/audit";
import "../locale";
import { ActivityLabel } from "@/components/activity-label";

const cell = "flex min-w-0 gap-2 py-0.5 md:table-cell md:px-2 md:py-2 md:align-top";
const label = "w-16 shrink-0 text-muted-foreground md:hidden";

/**
 * The audit entries: a table on wide screens, a stack of cards (labelled cells) on phones. What an
 * entry is about wraps "anywhere" rather than "break-word": only that lets a table column shrink
 * below its longest word (a file name, an address), so the table fits beside the settings
 * navigation; who and what was done keep their words whole.
 */
export function AuditTable({
  entries,
  onOnlyDocument,
}: {
  entries: AuditEntry[];
  onOnlyDocument: (entry: AuditEntry) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <table className="block w-full text-sm md:table" data-testid="table-audit">
      <thead className="hidden text-left text-muted-foreground md:table-header-group">
        <tr className="border-b">
          <th className="px-2 py-2 font-medium">{t("audit.time")}</th>
          <th className="px-2 py-2 font-medium">{t("audit.user")}</th>
          <th className="px-2 py-2 font-medium">{t("audit.action")}</th>
          <th className="px-2 py-2 font-medium">{t("audit.what")}</th>
          <th className="px-2 py-2 font-medium">{t("audit.source")}</th>
        </tr>
      </thead>
      {/* One column no wider than the card: a grid column otherwise grows to a long word's width. */}
      <tbody className="grid grid-cols-1 gap-2 md:table-row-group">
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} onOnlyDocument={() => onOnlyDocument(entry)} />
        ))}
      </tbody>
    </table>
  );
}

function AuditRow({ entry, onOnlyDocument }: { entry: AuditEntry; onOnlyDocument: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <tr
      className="block min-w-0 rounded-md border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
      data-testid="row-audit"
    >
      <td className={cell}>
        <span className={label}>{t("audit.time")}</span>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td className={cell}>
        <span className={label}>{t("audit.user")}</span>
        <span className="min-w-0 break-words">{entry.username ?? t("audit.anonymous")}</span>
      </td>
      <td className={cell}>
        <span className={label}>{t("audit.action")}</span>
        <ActivityLabel className="min-w-0 font-medium break-words" action={entry.action} />
      </td>
      <td className={cell}>
        <span className={label}>{t("audit.what")}</span>
        <span className="flex min-w-0 flex-col gap-0.5">
          <AuditSubject entry={entry} onOnlyDocument={onOnlyDocument} />
          <AuditDetails entry={entry} />
        </span>
      </td>
      <td className={cell}>
        <span className={label}>{t("audit.source")}</span>
        <span className="min-w-0 font-mono text-xs wrap-anywhere md:whitespace-nowrap">
          {entry.ip ?? "—"}
        </span>
      </td>
    </tr>
  );
}

/** What an entry is about: a document links to it and can narrow the trail to it; anything else is text. */
function AuditSubject({ entry, onOnlyDocument }: { entry: AuditEntry; onOnlyDocument: () => void }) {
  const subject = describeSubject(entry);
  const { t } = useTranslation("settings");
  return (
    <span className="flex min-w-0 items-start gap-1">
      {subject.documentId ? (
        <>
          <Link
            href={paths.document.getHref(subject.documentId)}
            className="min-w-0 wrap-anywhere text-primary underline-offset-4 hover:underline"
          >
            {subject.label}
          </Link>
          <Button
            variant="ghost"
            size="icon"
            className="size-6 shrink-0"
            aria-label={t("audit.only", { label: subject.label })}
            title={t("audit.onlyThisDocument")}
            onClick={onOnlyDocument}
          >
            <Filter aria-hidden="true" />
          </Button>
        </>
      ) : (
        <span className="min-w-0 wrap-anywhere">{subject.label}</span>
      )}
    </span>
  );
}

/** The entry's recorded facts in words, people named rather than numbered (the CSV keeps both, and the fields' own names). */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  // Read at each render, so the details follow the interface's language.
  useTranslation("settings");
  const details = describeAuditData(entry.data, entry.names, {
    ids: false,
    date: auditDate,
    wording: auditDataWording(),
  });
  if (!details) return null;
  return (
    <span className="min-w-0 text-xs wrap-anywhere text-muted-foreground" data-testid="text-audit-details">
      {details}
    </span>
  );
}

/** A day ("2026-12-13") as that calendar day; a moment in the reader's time zone. */
const auditDate = (iso: string) => (iso.length === 10 ? formatDay(iso) : formatDateTime(iso));
