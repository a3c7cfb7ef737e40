import { Download, KeyRound } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import type { ApprovalRecordEntry, ApprovalRoundRecord, SignatureMeaning } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useKnownName } from "@/components/approvals/known-names";
import { recordDownloadUrl, useApprovalRecords } from "../api/approval-records";
import "../locale";

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

const VERIFY_COMMAND = "npm run quire -- verify <file>";

/**
 * The command that checks a record offline, the same in every language. A component of its own:
 * Trans drops a plain text child of the element it is given for a self-closing tag.
 */
function VerifyCommand() {
  return <code>{VERIFY_COMMAND}</code>;
}

/** The signing time exactly as the signed record holds it, in UTC: "2026-11-29 10:00:00 UTC". */
function utcStamp(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");
}

function Signature({ entry }: { entry: ApprovalRecordEntry }) {
  const { t } = useTranslation("document");
  const meaning = useTranslation("shared").t;
  const templateStage = useKnownName("templateStage");
  const p = entry.payload;
  return (
    <li className="rounded-md border p-3 text-sm" data-testid="record-entry">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="text-record-signer">
          {p.signer.name}
          {p.onBehalfOf && (
            <span className="font-normal text-muted-foreground">
              {" "}
              {t("record.for", { name: p.onBehalfOf.name })}
            </span>
          )}
        </span>
        <Badge variant={meaningVariant[p.meaning]} data-testid="text-record-meaning">
          {meaning(`decision.meanings.${p.meaning}`)}
        </Badge>
        <span className="text-muted-foreground">
          {templateStage(p.stage.name)} · {t("record.version", { version: p.version })}
        </span>
      </div>
      <p className="mt-1">
        <time dateTime={p.signedAt} data-testid="text-record-time">
          {utcStamp(p.signedAt)}
        </time>
        <span className="text-muted-foreground">
          {" "}
          {t("record.here", { time: formatDateTime(p.signedAt) })}
        </span>
        {" · "}
        <span className="text-muted-foreground">
          {p.authentication === "session"
            ? t("record.signedInSession")
            : t("record.signedWith", { method: p.authentication })}
        </span>
      </p>
      {p.comment && <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{p.comment}</p>}
    </li>
  );
}

function RoundRecord({ documentId, record }: { documentId: string; record: ApprovalRoundRecord }) {
  const { t } = useTranslation("document");
  const stageName = useKnownName("stage");
  const first = record.entries[0]?.payload;
  return (
    <section
      className="grid gap-3 rounded-lg border p-3 sm:p-4"
      aria-labelledby={`record-round-${record.round}`}
      data-testid={`approval-record-round-${record.round}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`record-round-${record.round}`} className="font-semibold">
          {t("record.round", {
            round: record.round,
            version: record.version,
            stage: stageName(record.stage),
          })}
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
                {t("record.pdf")}
              </a>
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a
                href={recordDownloadUrl(documentId, record.round, "json")}
                download
                data-testid={`link-record-json-${record.round}`}
              >
                {t("record.signedJson")}
              </a>
            </Button>
          </div>
        )}
      </div>
      {first ? (
        <>
          <dl className="grid gap-2">
            <Hash
              label={t("record.originalHash", { version: record.version })}
              value={first.originalSha256}
            />
            <Hash
              label={t("record.markdownHash", { version: record.version })}
              value={first.markdownSha256}
            />
          </dl>
          <ol className="grid gap-2">
            {record.entries.map((entry) => (
              <Signature key={entry.payload.id} entry={entry} />
            ))}
          </ol>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("record.noSignatures")}</p>
      )}
    </section>
  );
}

/**
 * Document page › Approval record: each round's signed decisions (who, what it meant, when, on
 * which version and text), with the PDF and the signed JSON to keep, and the key that checks them.
 */
export function ApprovalRecordTab({ documentId }: { documentId: string }) {
  const { t } = useTranslation("document");
  const records = useApprovalRecords(documentId);
  return (
    <div className="grid gap-4" data-testid="approval-record">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="max-w-prose text-sm text-muted-foreground">
          <Trans t={t} i18nKey="record.intro" components={{ code: <VerifyCommand /> }} />
        </p>
        <Button asChild size="sm" variant="ghost">
          <a href="/api/record-signing-key.pem" download data-testid="link-record-key">
            <KeyRound className="size-4" aria-hidden="true" />
            {t("record.publicKey")}
          </a>
        </Button>
      </div>
      {records.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : records.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(records.error, t("record.failed"))}
        </p>
      ) : records.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("approvals.notSubmitted")}</p>
      ) : (
        records.data.map((record) => (
          <RoundRecord key={record.approvalId} documentId={documentId} record={record} />
        ))
      )}
    </div>
  );
}
