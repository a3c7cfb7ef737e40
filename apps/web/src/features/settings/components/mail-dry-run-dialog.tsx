import { useTranslation } from "react-i18next";
import type { MailAccount, MailDryRun } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/error-notice";
import { formatDateTime } from "@/lib/format";
import { useMailDryRun, useMailMessages } from "../api/mail";
import "../locale";

function Outcome({ result }: { result: MailDryRun }) {
  const { t } = useTranslation("settings");
  return (
    <section
      className="space-y-2 rounded-md border p-3 text-sm"
      aria-live="polite"
      data-testid="dry-run-result"
    >
      <p className="font-medium break-words">{result.message.subject || t("dryRun.noSubject")}</p>
      {result.refused ? (
        <p className="text-destructive" data-testid="text-dry-run-refused">
          {t("dryRun.wouldFail", { reason: result.refused })}
        </p>
      ) : result.ruleNumber === null ? (
        <p data-testid="text-dry-run-rule">{t("dryRun.noRule")}</p>
      ) : (
        <p data-testid="text-dry-run-rule">{t("dryRun.ruleMatches", { n: result.ruleNumber })}</p>
      )}
      {result.alreadyTaken && (
        <p className="text-muted-foreground" data-testid="text-dry-run-taken">
          {t("dryRun.alreadyTaken")}
        </p>
      )}
      {result.documents.length > 0 && (
        <ul className="space-y-1" data-testid="list-dry-run-documents">
          {result.documents.map((doc) => (
            <li key={`${doc.kind}-${doc.filename}`} className="min-w-0 break-words">
              <span className="font-medium">{doc.title}</span>{" "}
              <span className="text-muted-foreground">
                {t("dryRun.document", {
                  source: doc.kind === "body" ? t("dryRun.messageText") : doc.filename,
                  category: doc.category,
                  tags: doc.tags.length > 0 ? t("dryRun.tagged", { tags: doc.tags.join(", ") }) : "",
                  owner: doc.owner || t("dryRun.firstAdmin"),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {result.ruleNumber !== null && result.documents.length === 0 && !result.refused && (
        <p className="text-muted-foreground">{t("dryRun.noDocument")}</p>
      )}
      {result.skipped.length > 0 && (
        <ul className="space-y-1 text-xs text-muted-foreground" data-testid="list-dry-run-skipped">
          {result.skipped.map((s) => (
            <li key={s.filename} className="break-words">
              {t("dryRun.leftOut", { filename: s.filename, reason: s.reason })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pick one of the mailbox's newest messages and see which rule matches it and what it would become. */
export function MailDryRunDialog({ account, onClose }: { account: MailAccount; onClose: () => void }) {
  const messages = useMailMessages(account.id);
  const dryRun = useMailDryRun(account.id);
  const { t } = useTranslation("settings");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-mail-dry-run">
        <DialogHeader>
          <DialogTitle>{t("dryRun.title")}</DialogTitle>
          <DialogDescription>{t("dryRun.description", { mailbox: account.mailbox })}</DialogDescription>
        </DialogHeader>
        {dryRun.data && <Outcome result={dryRun.data} />}
        {dryRun.isError && <ErrorNotice error={dryRun.error} fallback={t("dryRun.messageFailed")} />}
        {messages.isPending ? (
          <Skeleton className="h-24" />
        ) : messages.isError ? (
          <ErrorNotice error={messages.error} fallback={t("dryRun.mailboxFailed")} />
        ) : messages.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dryRun.empty")}</p>
        ) : (
          <ul className="divide-y" data-testid="list-mail-messages">
            {messages.data.map((m) => (
              <li key={m.uid} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm font-medium break-words">{m.subject || t("dryRun.noSubject")}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {m.from}
                    {m.date ? ` · ${formatDateTime(m.date)}` : ""}
                  </p>
                </div>
                {dryRun.variables === m.uid && dryRun.data && (
                  <Badge variant="outline">{t("dryRun.shownAbove")}</Badge>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={dryRun.isPending}
                  onClick={() => dryRun.mutate(m.uid)}
                  aria-label={t("dryRun.tryOn", { subject: m.subject || t("dryRun.noSubject") })}
                  data-testid={`button-dry-run-${m.uid}`}
                >
                  {t("dryRun.try")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
