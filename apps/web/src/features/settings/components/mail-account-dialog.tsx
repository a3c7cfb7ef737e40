import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MailAccount } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MailRulesEditor } from "./mail-rules-editor";
import { useMailAccountForm, type AccountDraft } from "./use-mail-account-form";
import "../locale";

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

type TextKey = Exclude<keyof AccountDraft, "tls" | "afterImport">;

/** What may happen to a message once its documents are saved, in the order offered. */
const AFTER_IMPORT = ["seen", "move"] as const;

/** One of the draft's text fields, its id and test id named after the field. */
function DraftInput({
  field,
  draft,
  set,
  type = "text",
  inputMode,
  autoComplete = "off",
}: {
  field: TextKey;
  draft: AccountDraft;
  set: (key: TextKey, value: string) => void;
  type?: string;
  inputMode?: "numeric";
  autoComplete?: string;
}) {
  return (
    <Input
      id={`mail-${field}`}
      data-testid={`input-mail-${field}`}
      value={draft[field]}
      autoComplete={autoComplete}
      type={type}
      inputMode={inputMode}
      maxLength={field === "password" ? 500 : 253}
      onChange={(e) => set(field, e.target.value)}
    />
  );
}

/** Add (account null) or edit a mail account: where the mailbox is, its rules, and removing it. */
export function MailAccountDialog({
  account,
  onClose,
}: {
  account: MailAccount | null;
  onClose: () => void;
}) {
  const form = useMailAccountForm(account, onClose);
  const { draft, set, error } = form;
  const { t } = useTranslation("settings");

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-mail-account">
        <DialogHeader>
          <DialogTitle>{account ? t("mail.editTitle") : t("mail.addTitle")}</DialogTitle>
          <DialogDescription>{t("mail.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={form.onSubmit}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="mail-name" label={t("mail.fields.name")}>
              <DraftInput field="name" draft={draft} set={set} />
            </Field>
            <Field id="mail-host" label={t("mail.fields.host")}>
              <DraftInput field="host" draft={draft} set={set} />
            </Field>
            <Field id="mail-port" label={t("mail.fields.port")} hint={t("mail.portHint")}>
              <DraftInput field="port" inputMode="numeric" draft={draft} set={set} />
            </Field>
            <div className="flex items-center gap-2 self-center">
              <Checkbox
                id="mail-tls"
                checked={draft.tls}
                onCheckedChange={(v) => set("tls", v === true)}
                data-testid="checkbox-mail-tls"
              />
              <Label htmlFor="mail-tls" className="font-normal">
                {t("mail.tls")}
              </Label>
            </div>
            <Field id="mail-username" label={t("mail.fields.username")}>
              <DraftInput field="username" draft={draft} set={set} />
            </Field>
            <Field
              id="mail-password"
              label={t("mail.fields.password")}
              hint={account ? t("mail.passwordKeep") : t("mail.passwordStored")}
            >
              <DraftInput
                field="password"
                type="password"
                autoComplete="new-password"
                draft={draft}
                set={set}
              />
            </Field>
            <Field id="mail-mailbox" label={t("mail.fields.mailbox")}>
              <DraftInput field="mailbox" draft={draft} set={set} />
            </Field>
            <Field id="mail-pollMinutes" label={t("mail.checkEvery")}>
              <DraftInput field="pollMinutes" inputMode="numeric" draft={draft} set={set} />
            </Field>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("mail.after")}</legend>
            <div className="flex flex-wrap gap-4">
              {AFTER_IMPORT.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="mail-after"
                    value={value}
                    checked={draft.afterImport === value}
                    onChange={() => set("afterImport", value)}
                    data-testid={`radio-mail-after-${value}`}
                  />
                  {value === "seen" ? t("mail.markRead") : t("mail.moveToFolder")}
                </label>
              ))}
            </div>
            {draft.afterImport === "move" && (
              <Field id="mail-moveTo" label={t("mail.fields.moveTo")}>
                <DraftInput field="moveTo" draft={draft} set={set} />
              </Field>
            )}
          </fieldset>
          <MailRulesEditor
            rules={form.rules}
            setRules={form.setRules}
            setRule={form.setRule}
            removeRule={form.removeRule}
            moveRule={form.moveRule}
          />
          {error && (
            <p
              role="alert"
              className="text-sm break-words text-destructive"
              data-testid="text-mail-account-error"
            >
              {error}
            </p>
          )}
          <DialogFooter className="flex-wrap gap-2">
            {account && (
              <Button
                type="button"
                variant="destructive"
                onClick={form.onDelete}
                disabled={form.pending}
                className="sm:mr-auto"
                data-testid="button-delete-mail-account"
              >
                {form.confirmDelete ? t("mail.confirmRemove") : t("mail.remove")}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={form.pending} data-testid="button-save-mail-account">
              {form.pending ? t("saving") : account ? t("mail.save") : t("mail.addAccount")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
