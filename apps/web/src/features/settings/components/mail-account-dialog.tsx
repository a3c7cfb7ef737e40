import type { ReactNode } from "react";
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
  const text = (
    key: TextKey,
    props: { type?: string; inputMode?: "numeric"; autoComplete?: string } = {},
  ) => (
    <Input
      id={`mail-${key}`}
      data-testid={`input-mail-${key}`}
      value={draft[key]}
      autoComplete={props.autoComplete ?? "off"}
      type={props.type ?? "text"}
      inputMode={props.inputMode}
      maxLength={key === "password" ? 500 : 253}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="dialog-mail-account">
        <DialogHeader>
          <DialogTitle>{account ? "Edit Mail Account" : "Add Mail Account"}</DialogTitle>
          <DialogDescription>
            Quire reads this IMAP mailbox and files the attachments of the messages your rules pick.
          </DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={form.onSubmit}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="mail-name" label="Name">
              {text("name")}
            </Field>
            <Field id="mail-host" label="IMAP server">
              {text("host")}
            </Field>
            <Field id="mail-port" label="Port" hint="993 with TLS, 143 without">
              {text("port", { inputMode: "numeric" })}
            </Field>
            <div className="flex items-center gap-2 self-center">
              <Checkbox
                id="mail-tls"
                checked={draft.tls}
                onCheckedChange={(v) => set("tls", v === true)}
                data-testid="checkbox-mail-tls"
              />
              <Label htmlFor="mail-tls" className="font-normal">
                TLS (encrypted connection)
              </Label>
            </div>
            <Field id="mail-username" label="User name">
              {text("username")}
            </Field>
            <Field
              id="mail-password"
              label="Password"
              hint={
                account
                  ? "Leave empty to keep the saved password. It is never shown again."
                  : "Stored encrypted; never shown again."
              }
            >
              {text("password", { type: "password", autoComplete: "new-password" })}
            </Field>
            <Field id="mail-mailbox" label="Mailbox">
              {text("mailbox")}
            </Field>
            <Field id="mail-pollMinutes" label="Check every (minutes)">
              {text("pollMinutes", { inputMode: "numeric" })}
            </Field>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">After a message's documents are saved</legend>
            <div className="flex flex-wrap gap-4">
              {(["seen", "move"] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="mail-after"
                    value={value}
                    checked={draft.afterImport === value}
                    onChange={() => set("afterImport", value)}
                    data-testid={`radio-mail-after-${value}`}
                  />
                  {value === "seen" ? "Mark it as read" : "Move it to a folder"}
                </label>
              ))}
            </div>
            {draft.afterImport === "move" && (
              <Field id="mail-moveTo" label="Folder">
                {text("moveTo")}
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
                {form.confirmDelete ? "Confirm Remove" : "Remove Account"}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.pending} data-testid="button-save-mail-account">
              {form.pending ? "Saving..." : account ? "Save Account" : "Add Account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
