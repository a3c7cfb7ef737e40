import type { MailAccount, MailDryRun } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/error-notice";
import { formatDateTime } from "@/lib/format";
import { useMailDryRun, useMailMessages } from "../api/mail";

function Outcome({ result }: { result: MailDryRun }) {
  return (
    <section
      className="space-y-2 rounded-md border p-3 text-sm"
      aria-live="polite"
      data-testid="dry-run-result"
    >
      <p className="font-medium break-words">{result.message.subject || "(no subject)"}</p>
      {result.refused ? (
        <p className="text-destructive" data-testid="text-dry-run-refused">
          Would fail: {result.refused}
        </p>
      ) : result.ruleNumber === null ? (
        <p data-testid="text-dry-run-rule">No rule matches: the message would be left in the mailbox.</p>
      ) : (
        <p data-testid="text-dry-run-rule">Rule {result.ruleNumber} matches.</p>
      )}
      {result.alreadyTaken && (
        <p className="text-muted-foreground" data-testid="text-dry-run-taken">
          Already taken: polling leaves it as it is.
        </p>
      )}
      {result.documents.length > 0 && (
        <ul className="space-y-1" data-testid="list-dry-run-documents">
          {result.documents.map((doc) => (
            <li key={`${doc.kind}-${doc.filename}`} className="min-w-0 break-words">
              <span className="font-medium">{doc.title}</span>{" "}
              <span className="text-muted-foreground">
                from {doc.kind === "body" ? "the message's text" : doc.filename} → {doc.category}
                {doc.tags.length > 0 ? `, tagged ${doc.tags.join(", ")}` : ""}, owned by{" "}
                {doc.owner || "the first Admin"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {result.ruleNumber !== null && result.documents.length === 0 && !result.refused && (
        <p className="text-muted-foreground">
          No document: no attachment Quire takes, and the rule leaves the text.
        </p>
      )}
      {result.skipped.length > 0 && (
        <ul className="space-y-1 text-xs text-muted-foreground" data-testid="list-dry-run-skipped">
          {result.skipped.map((s) => (
            <li key={s.filename} className="break-words">
              Left out: {s.filename} — {s.reason}
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
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-mail-dry-run">
        <DialogHeader>
          <DialogTitle>Try the Rules</DialogTitle>
          <DialogDescription>
            Choose a message of {account.mailbox}: nothing is imported or marked.
          </DialogDescription>
        </DialogHeader>
        {dryRun.data && <Outcome result={dryRun.data} />}
        {dryRun.isError && <ErrorNotice error={dryRun.error} fallback="The message could not be read." />}
        {messages.isPending ? (
          <Skeleton className="h-24" />
        ) : messages.isError ? (
          <ErrorNotice error={messages.error} fallback="The mailbox could not be read." />
        ) : messages.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">The mailbox is empty.</p>
        ) : (
          <ul className="divide-y" data-testid="list-mail-messages">
            {messages.data.map((m) => (
              <li key={m.uid} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm font-medium break-words">{m.subject || "(no subject)"}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {m.from}
                    {m.date ? ` · ${formatDateTime(m.date)}` : ""}
                  </p>
                </div>
                {dryRun.variables === m.uid && dryRun.data && <Badge variant="outline">Shown above</Badge>}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={dryRun.isPending}
                  onClick={() => dryRun.mutate(m.uid)}
                  aria-label={`Try the rules on “${m.subject || "(no subject)"}”`}
                  data-testid={`button-dry-run-${m.uid}`}
                >
                  Try
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
