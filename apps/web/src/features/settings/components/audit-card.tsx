import { useState } from "react";
import type { AuditEntry } from "@quire/contracts";
import { Download, Filter, X } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { activityCsvHref, useActivity } from "../api/get-activity";
import { describeSubject, emptyAuditFilters, type AuditFilters } from "../lib/audit";
import { AuditFiltersForm } from "./audit-filters";

const PAGE_SIZE = 25;

/**
 * Settings › Audit (shown from abilities.readActivity): who did what, to what, when and from
 * where, filtered, paged and exported as CSV with the same filters. A table on wide screens; on
 * phones each row stacks as a card (the cells carry their own labels), so nothing scrolls sideways.
 */
export function AuditCard() {
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [documentTitle, setDocumentTitle] = useState("");
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((activity.data?.total ?? 0) / PAGE_SIZE));
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  const onlyDocument = (entry: AuditEntry) => {
    setDocumentTitle(entry.documentTitle ?? "");
    apply({ ...filters, documentId: entry.documentId ?? "" });
  };

  return (
    <Card id="audit" className="min-w-0 lg:col-span-2" data-testid="card-audit">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>Audit</CardTitle>
          <CardDescription data-testid="text-audit-count">
            {activity.data
              ? `${activity.data.total} ${activity.data.total === 1 ? "entry" : "entries"}`
              : "Loading"}
          </CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <a href={activityCsvHref(filters)} download data-testid="button-audit-export">
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="min-w-0 space-y-4">
        <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={apply} />
        {filters.documentId && (
          <p className="flex items-center gap-2 text-sm" data-testid="text-audit-document-filter">
            <span className="min-w-0 truncate">Document: {documentTitle || filters.documentId}</span>
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="Any document"
              onClick={() => apply({ ...filters, documentId: "" })}
            >
              <X aria-hidden="true" />
            </Button>
          </p>
        )}
        {activity.isPending ? (
          <Skeleton className="h-48" />
        ) : activity.isError ? (
          <p role="alert" className="text-destructive" data-testid="text-audit-error">
            {errorMessage(activity.error, "The audit trail could not be loaded.")}
          </p>
        ) : activity.data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground" data-testid="text-audit-empty">
            No activity matches these filters.
          </p>
        ) : (
          <AuditTable entries={activity.data.items} onOnlyDocument={onlyDocument} />
        )}
        {pages > 1 && (
          <nav aria-label="Audit pages" className="flex items-center justify-between gap-2 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span data-testid="text-audit-page">
              Page {page} of {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
              data-testid="button-audit-next"
            >
              Next
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

const cell = "flex min-w-0 gap-2 py-0.5 md:table-cell md:px-2 md:py-2 md:align-top";
const label = "w-16 shrink-0 text-muted-foreground md:hidden";

function AuditTable({
  entries,
  onOnlyDocument,
}: {
  entries: AuditEntry[];
  onOnlyDocument: (entry: AuditEntry) => void;
}) {
  return (
    <table className="block w-full text-sm md:table" data-testid="table-audit">
      <thead className="hidden text-left text-muted-foreground md:table-header-group">
        <tr className="border-b">
          <th className="px-2 py-2 font-medium">Time</th>
          <th className="px-2 py-2 font-medium">User</th>
          <th className="px-2 py-2 font-medium">Action</th>
          <th className="px-2 py-2 font-medium">What</th>
          <th className="px-2 py-2 font-medium">Source</th>
        </tr>
      </thead>
      <tbody className="grid gap-2 md:table-row-group">
        {entries.map((entry) => {
          const subject = describeSubject(entry);
          return (
            <tr
              key={entry.id}
              className="block rounded-md border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
              data-testid="row-audit"
            >
              <td className={cell}>
                <span className={label}>Time</span>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td className={cell}>
                <span className={label}>User</span>
                <span className="min-w-0 break-words">{entry.username ?? "Anonymous"}</span>
              </td>
              <td className={cell}>
                <span className={label}>Action</span>
                <span className="min-w-0 break-words font-medium">{entry.action}</span>
              </td>
              <td className={cell}>
                <span className={label}>What</span>
                <span className="flex min-w-0 items-start gap-1">
                  {subject.documentId ? (
                    <>
                      <Link
                        href={paths.document.getHref(subject.documentId)}
                        className="min-w-0 break-words text-primary underline-offset-4 hover:underline"
                      >
                        {subject.label}
                      </Link>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-6 shrink-0"
                        aria-label={`Only ${subject.label}`}
                        title="Only this document"
                        onClick={() => onOnlyDocument(entry)}
                      >
                        <Filter aria-hidden="true" />
                      </Button>
                    </>
                  ) : (
                    <span className="min-w-0 break-words">{subject.label}</span>
                  )}
                </span>
              </td>
              <td className={cell}>
                <span className={label}>Source</span>
                <span className="min-w-0 font-mono text-xs break-words md:whitespace-nowrap">
                  {entry.ip ?? "—"}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
