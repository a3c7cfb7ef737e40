import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MailAccount } from "@quire/contracts";
import { Mail, Plus } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatCount, formatDateTime, shortRelativeTime } from "@/lib/format";
import { useMailAccounts, usePollMailAccount } from "../api/mail";
import { MailAccountDialog } from "./mail-account-dialog";
import { MailDryRunDialog } from "./mail-dry-run-dialog";
import "../locale";

type Open = { kind: "edit"; account: MailAccount | null } | { kind: "try"; account: MailAccount } | null;

function AccountRow({ account, onOpen }: { account: MailAccount; onOpen: (open: Open) => void }) {
  const poll = usePollMailAccount();
  const { t } = useTranslation("settings");
  const lastPoll = account.lastPollAt
    ? `${shortRelativeTime(account.lastPollAt)} (${formatDateTime(account.lastPollAt)})`
    : t("mail.notPolled");
  const minutes = Math.round(account.pollSeconds / 60);
  const onPoll = () =>
    poll.mutate(account.id, {
      onSuccess: () => toast({ title: t("mail.polling"), description: account.name }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("mail.pollFailed"), description: errorMessage(error) }),
    });
  return (
    <li className="space-y-1 py-2" data-testid={`row-mail-account-${account.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 basis-40 text-sm font-medium break-words">{account.name}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={onPoll}
          disabled={poll.isPending}
          data-testid="button-mail-poll"
        >
          {t("mail.pollNow")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen({ kind: "try", account })}
          data-testid="button-mail-try"
        >
          {t("mail.tryRules")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen({ kind: "edit", account })}
          data-testid="button-mail-edit"
        >
          {t("edit")}
        </Button>
      </div>
      <p className="text-xs break-all text-muted-foreground">
        {t("mail.summary", {
          username: account.username,
          host: account.host,
          port: account.port,
          tls: account.tls ? " (TLS)" : "",
          mailbox: account.mailbox,
          minutes: formatCount(minutes),
          rules: t("mail.ruleCount", { count: account.rules.length, n: formatCount(account.rules.length) }),
          after:
            account.afterImport === "move"
              ? t("mail.movedTo", { folder: account.moveTo })
              : t("mail.markedRead"),
        })}
      </p>
      <p className="text-xs text-muted-foreground" data-testid="text-mail-last-poll">
        {t("mail.lastPoll", { when: lastPoll })}
      </p>
      {account.lastError && (
        <p className="text-xs break-words text-destructive" role="alert" data-testid="text-mail-error">
          {account.lastError}
        </p>
      )}
    </li>
  );
}

/** The mail accounts of Settings › Ingestion: each with its last poll, "Poll now", a dry-run and edit. */
export function MailAccountsSection() {
  const accounts = useMailAccounts();
  const [open, setOpen] = useState<Open>(null);
  const { t } = useTranslation("settings");
  return (
    <section className="space-y-2" aria-label={t("mail.accounts")} data-testid="section-mail-accounts">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="flex-1 text-sm font-medium">{t("mail.heading")}</h3>
        <Button
          size="sm"
          onClick={() => setOpen({ kind: "edit", account: null })}
          data-testid="button-add-mail-account"
        >
          <Plus aria-hidden="true" />
          {t("mail.add")}
        </Button>
      </div>
      {accounts.isPending ? (
        <Skeleton className="h-12" />
      ) : accounts.isError ? (
        <ErrorNotice error={accounts.error} fallback={t("mail.loadFailed")} />
      ) : accounts.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-no-mail-accounts">
          {t("mail.none")}
        </p>
      ) : (
        <ul className="divide-y" data-testid="list-mail-accounts">
          {accounts.data.map((account) => (
            <AccountRow key={account.id} account={account} onOpen={setOpen} />
          ))}
        </ul>
      )}
      {open?.kind === "edit" && <MailAccountDialog account={open.account} onClose={() => setOpen(null)} />}
      {open?.kind === "try" && <MailDryRunDialog account={open.account} onClose={() => setOpen(null)} />}
    </section>
  );
}
