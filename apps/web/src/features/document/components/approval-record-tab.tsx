import { Download, KeyRound } from "lucide-react";
import type { ApprovalRecordEntry, ApprovalRoundRecord, SignatureMeaning } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { recordDownloadUrl, useApprovalRecords } from "../api/approval-records";

const meaningVariant: Record<SignatureMeaning, "accent" | "destructive" | "secondary"> = {
  reviewed: "secondary",
  approved: "accent",
  rejected: "destructive",
  "changes requested": "destructive",
};

/** A hash in full: auditors compare it character by character with the file they hold. */
function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-all font-mono text-xs" data-testid="text-record-hash">
        {value}
      </dd>
    </div>
  );
}

function Signature({ entry }: { entry: ApprovalRecordEntry }) {
  const p = entry.payload;
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="record-entry">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="text-record-signer">
          {p.signer.name}
          {p.onBehalfOf && (
            <span className="font-normal text-muted-foreground"> for {p.onBehalfOf.name}</span>
          )}
        </span>
        <Badge variant={meaningVariant[p.meaning]} data-testid="text-record-meaning">
          {p.meaning}
        </Badge>
        <span className="text-muted-foreground">
          {p.stage.name} · version {p.version}
        </span>
      </div>
      <p className="mt-1">
        <time dateTime={p.signedAt} data-testid="text-record-time">
          {p.signedAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}
        </time>
        <span className="text-muted-foreground"> ({formatDateTime(p.signedAt)} here)</span>
        {" · "}
        <span className="text-muted-foreground">
          {p.authentication === "session" ? "signed in session" : `signed with ${p.authentication}`}
        </span>
      </p>
      {p.comment && <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{p.comment}</p>}
    </li>
  );
}

function RoundRecord({ documentId, record }: { documentId: string; record: ApprovalRoundRecord }) {
  const first = record.entries[0]?.payload;
  return (
    <section
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
      aria-labelledby={`record-round-${record.round}`}
      data-testid={`approval-record-round-${record.round}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`record-round-${record.round}`} className="font-semibold">
          Round {record.round} · version {record.version} · {record.stage}
        </h4>
        {record.entries.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a
                href={recordDownloadUrl(documentId, record.round, "pdf")}
                download
                data-testid={`link-record-pdf-${record.round}`}
              >
                <Download className="size-4" aria-hidden="true" />
                PDF
              </a>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a
                href={recordDownloadUrl(documentId, record.round, "json")}
                download
                data-testid={`link-record-json-${record.round}`}
              >
                Signed JSON
              </a>
            </Button>
          </div>
        )}
      </div>
      {first ? (
        <>
          <dl className="grid gap-2">
            <Hash label={`Original of version ${record.version}, sha256`} value={first.originalSha256} />
            <Hash label={`Markdown of version ${record.version}, sha256`} value={first.markdownSha256} />
          </dl>
          <ol className="grid gap-2">
            {record.entries.map((entry) => (
              <Signature key={entry.payload.id} entry={entry} />
            ))}
          </ol>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody has signed in this round yet.</p>
      )}
    </section>
  );
}

/**
 * Document page › Approval record: each round's signed decisions (who, what it meant, when, on
 * which version and text), with the PDF and the signed JSON to keep, and the key that checks them.
 */
export function ApprovalRecordTab({ documentId }: { documentId: string }) {
  const records = useApprovalRecords(documentId);
  return (
    <div className="grid gap-4" data-testid="approval-record">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="max-w-prose text-sm text-muted-foreground">
          Every decision on this document is signed by Quire when it is made and cannot be changed afterwards.
          Check a downloaded record offline with <code>npm run quire -- verify &lt;file&gt;</code> and the
          public key.
        </p>
        <Button asChild size="sm" variant="ghost">
          <a href="/api/record-signing-key.pem" download data-testid="link-record-key">
            <KeyRound className="size-4" aria-hidden="true" />
            Public key
          </a>
        </Button>
      </div>
      {records.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : records.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(records.error, "The approval record could not be loaded.")}
        </p>
      ) : records.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">This document has not been submitted for review yet.</p>
      ) : (
        records.data.map((record) => (
          <RoundRecord key={record.approvalId} documentId={documentId} record={record} />
        ))
      )}
    </div>
  );
}
