import { useState, type FormEvent } from "react";
import {
  mailAccountCreateSchema,
  mailAccountUpdateSchema,
  type MailAccount,
  type MailAfterImport,
  type MailRule,
} from "@quire/contracts";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { i18n } from "@/lib/i18n";
import { useDeleteMailAccount, useSaveMailAccount } from "../api/mail";
import "../locale";

/** A rule as the form edits it: tags as the comma-separated text typed. */
export interface RuleDraft extends Omit<MailRule, "tags"> {
  tags: string;
  key: number;
}

let nextKey = 1;
export const emptyRule = (): RuleDraft => ({
  key: nextKey++,
  from: "",
  to: "",
  subject: "",
  attachment: "",
  category: "",
  tags: "",
  owner: "",
  importBody: false,
});

const toDraft = (rule: MailRule): RuleDraft => ({ ...rule, tags: rule.tags.join(", "), key: nextKey++ });
const fromDraft = ({ key: _key, tags, ...rule }: RuleDraft): MailRule => ({
  ...rule,
  tags: tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean),
});

export interface AccountDraft {
  name: string;
  host: string;
  port: string;
  tls: boolean;
  username: string;
  password: string;
  mailbox: string;
  pollMinutes: string;
  afterImport: MailAfterImport;
  moveTo: string;
}

function draftOf(account: MailAccount | null): AccountDraft {
  return {
    name: account?.name ?? "",
    host: account?.host ?? "",
    port: String(account?.port ?? 993),
    tls: account?.tls ?? true,
    username: account?.username ?? "",
    password: "",
    mailbox: account?.mailbox ?? "INBOX",
    pollMinutes: String((account?.pollSeconds ?? 300) / 60),
    afterImport: account?.afterImport ?? "seen",
    moveTo: account?.moveTo ?? "",
  };
}

/** The fields a refusal may name, labelled by `mail.fields.<field>`. */
const labelledFields = [
  "name",
  "host",
  "port",
  "username",
  "password",
  "mailbox",
  "pollSeconds",
  "moveTo",
] as const;
const labelledField = (key: PropertyKey | undefined) => labelledFields.find((field) => field === key);

/**
 * A refused setting as a sentence: which rule or field, and why. The reason is the shared schema's
 * own (English) message; the field it names is in the interface's language.
 */
function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return i18n.t("settings:mail.checkSettings");
  const [first, second] = issue.path;
  if (first === "rules" && typeof second === "number")
    return i18n.t("settings:mail.issue", {
      field: i18n.t("settings:mail.rule", { n: second + 1 }),
      message: issue.message,
    });
  const field = labelledField(first);
  if (!field) return issue.message;
  return i18n.t("settings:mail.issue", {
    field: i18n.t(`settings:mail.fields.${field}`),
    message: issue.message,
  });
}

/** The account dialog's draft, its save and its removal; `account` null means a new account. */
export function useMailAccountForm(account: MailAccount | null, onClose: () => void) {
  const save = useSaveMailAccount();
  const remove = useDeleteMailAccount();
  const [draft, setDraft] = useState<AccountDraft>(() => draftOf(account));
  const [rules, setRules] = useState<RuleDraft[]>(() => account?.rules.map(toDraft) ?? [emptyRule()]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = save.isPending || remove.isPending;

  const set = <K extends keyof AccountDraft>(key: K, value: AccountDraft[K]) =>
    setDraft((prev) => ({ ...prev, [key]: value }));
  const setRule = (key: number, patch: Partial<RuleDraft>) =>
    setRules((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const removeRule = (key: number) => setRules((prev) => prev.filter((r) => r.key !== key));
  const moveRule = (key: number, by: -1 | 1) =>
    setRules((prev) => {
      const at = prev.findIndex((r) => r.key === key);
      const to = at + by;
      if (at < 0 || to < 0 || to >= prev.length) return prev;
      const next = [...prev];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body = {
      name: draft.name.trim(),
      host: draft.host.trim(),
      port: Number(draft.port),
      tls: draft.tls,
      username: draft.username.trim(),
      mailbox: draft.mailbox.trim() || "INBOX",
      pollSeconds: Math.round(Number(draft.pollMinutes) * 60),
      afterImport: draft.afterImport,
      moveTo: draft.afterImport === "move" ? draft.moveTo.trim() : "",
      rules: rules.map(fromDraft),
      ...(draft.password ? { password: draft.password } : {}),
    };
    // The server's own rules, checked before sending: the reason shows without a round trip.
    const checked = (account ? mailAccountUpdateSchema : mailAccountCreateSchema).safeParse(body);
    if (!checked.success) {
      return setError(describeIssue(checked.error.issues[0]));
    }
    save.mutate(
      { id: account?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          toast({
            title: i18n.t(account ? "settings:mail.saved" : "settings:mail.added"),
            description: saved.name,
          });
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  // Two clicks: the first only arms the button, so a stray click cannot remove an account.
  const onDelete = () => {
    if (!account) return;
    if (!confirmDelete) return setConfirmDelete(true);
    remove.mutate(account.id, {
      onSuccess: () => {
        toast({ title: i18n.t("settings:mail.removed"), description: account.name });
        onClose();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return {
    draft,
    set,
    rules,
    setRules,
    setRule,
    removeRule,
    moveRule,
    confirmDelete,
    error,
    pending,
    onSubmit,
    onDelete,
  };
}
