import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentAccess, Group, Role, User } from "@quire/contracts";
import { Lock, Users } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useGroups } from "@/lib/api/groups";
import { useUsers } from "@/lib/api/users";
import { useAccessHolders, useDocumentAccess, usePutDocumentAccess } from "../api/document-access";
import { i18n } from "@/lib/i18n";
import "../locale";

/** Saves the access list and reports the outcome; `onSaved` runs once the server accepted it. */
function useSaveAccess(onSaved: () => void) {
  const save = usePutDocumentAccess();
  const onSave = (next: DocumentAccess) =>
    save.mutate(next, {
      onSuccess: (saved) => {
        toast({
          title: saved.restricted ? i18n.t("document:access.restricted") : i18n.t("document:access.removed"),
          description: saved.restricted
            ? i18n.t("document:access.restrictedText")
            : i18n.t("document:access.removedText"),
        });
        onSaved();
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: i18n.t("document:access.notSaved"),
          description: errorMessage(error),
        }),
    });
  return { save, onSave };
}

/** The Share dialog's access part (owner or Admin): "Who has access" and "Restrict to…". */
export function DocumentAccessSection({ documentId }: { documentId: string }) {
  const { t } = useTranslation("document");
  const access = useDocumentAccess(documentId);
  const users = useUsers();
  const groups = useGroups();
  const [editing, setEditing] = useState(false);
  // Owned here, not by the editor: a save re-keys the editor, and an unmounted caller hears no result.
  const { save, onSave } = useSaveAccess(() => setEditing(false));

  return (
    <section className="space-y-3" aria-labelledby="who-has-access" data-testid="section-document-access">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="who-has-access" className="text-sm font-semibold">
          {t("access.who")}
        </h3>
        {access.data && (
          <Badge variant={access.data.restricted ? "default" : "secondary"} data-testid="badge-access-mode">
            {access.data.restricted ? t("access.restrictedBadge") : t("access.categoryAccess")}
          </Badge>
        )}
      </div>
      <HoldersList documentId={documentId} />
      {access.isError && <ErrorNotice error={access.error} className="text-sm" />}
      {access.data && users.data && groups.data ? (
        editing ? (
          <RestrictEditor
            key={JSON.stringify(access.data)}
            access={access.data}
            users={users.data}
            groups={groups.data}
            saving={save.isPending}
            onSave={onSave}
            onDone={() => setEditing(false)}
          />
        ) : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="button-restrict">
            <Lock aria-hidden="true" />
            {t("access.restrictTo")}
          </Button>
        )
      ) : (
        access.isPending && <Skeleton className="h-8 w-32" />
      )}
    </section>
  );
}

function HoldersList({ documentId }: { documentId: string }) {
  const roleName = useTranslation("common").t;
  const holders = useAccessHolders(documentId);
  if (holders.isPending) return <Skeleton className="h-20" />;
  if (holders.isError) return <ErrorNotice error={holders.error} className="text-sm" />;
  return (
    <ul className="max-h-56 divide-y overflow-y-auto rounded-md border" data-testid="list-access-holders">
      {holders.data.map((h) => (
        <li key={h.userId} className="px-3 py-2 text-sm" data-testid={`access-holder-${h.username}`}>
          <span className="font-medium">{h.username}</span>{" "}
          <span className="text-muted-foreground">({roleName(`roles.${h.role as Role}`)})</span>
          {/* The reasons are the server's words. */}
          <p className="text-xs break-words text-muted-foreground">{h.reasons.join(" · ")}</p>
        </li>
      ))}
    </ul>
  );
}

function RestrictEditor({
  access,
  users,
  groups,
  saving,
  onSave,
  onDone,
}: {
  access: DocumentAccess;
  users: User[];
  groups: Group[];
  saving: boolean;
  onSave: (next: DocumentAccess) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("document");
  const roleName = useTranslation("common").t;
  const [userIds, setUserIds] = useState(new Set(access.userIds));
  const [groupIds, setGroupIds] = useState(new Set(access.groupIds));
  const flip = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const submit = (restricted: boolean) =>
    onSave({ documentId: access.documentId, restricted, userIds: [...userIds], groupIds: [...groupIds] });

  return (
    <div className="space-y-3 rounded-md border p-3" data-testid="editor-restrict">
      <p className="text-sm text-muted-foreground">{t("access.restrictText")}</p>
      <PickList
        legend={t("access.groups")}
        icon
        items={groups.map((g) => ({ id: g.id, label: g.name, testId: `checkbox-restrict-group-${g.name}` }))}
        chosen={groupIds}
        onToggle={(id, on) => setGroupIds((s) => flip(s, id, on))}
      />
      <PickList
        legend={t("access.people")}
        items={users.map((u) => ({
          id: u.id,
          label: `${u.username} (${roleName(`roles.${u.role}`)})`,
          testId: `checkbox-restrict-user-${u.username}`,
        }))}
        chosen={userIds}
        onToggle={(id, on) => setUserIds((s) => flip(s, id, on))}
      />
      <RestrictActions restricted={access.restricted} saving={saving} onSubmit={submit} onCancel={onDone} />
    </div>
  );
}

function RestrictActions({
  restricted,
  saving,
  onSubmit,
  onCancel,
}: {
  restricted: boolean;
  saving: boolean;
  onSubmit: (restricted: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        onClick={() => onSubmit(true)}
        disabled={saving}
        data-testid="button-save-restriction"
      >
        {saving ? t("access.saving") : t("access.save")}
      </Button>
      {restricted && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onSubmit(false)}
          disabled={saving}
          data-testid="button-remove-restriction"
        >
          {t("access.remove")}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t("access.cancel")}
      </Button>
    </div>
  );
}

function PickList({
  legend,
  icon = false,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  icon?: boolean;
  items: ReadonlyArray<{ id: string; label: string; testId: string }>;
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation("document");
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {items.length === 0 && <p className="text-xs text-muted-foreground">{t("access.none")}</p>}
      <ul className="max-h-40 space-y-1 overflow-y-auto">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-2">
            <Checkbox
              id={`restrict-${item.id}`}
              checked={chosen.has(item.id)}
              onCheckedChange={(v) => onToggle(item.id, v === true)}
              data-testid={item.testId}
            />
            <Label htmlFor={`restrict-${item.id}`} className="min-w-0 truncate font-normal">
              {icon && <Users className="inline size-3.5" aria-hidden="true" />} {item.label}
            </Label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
