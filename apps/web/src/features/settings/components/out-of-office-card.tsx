import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DelegationView } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDay } from "@/lib/format";
import { useUsers } from "@/lib/api/users";
import { usePutOutOfOffice, useOutOfOffice } from "../api/out-of-office";
import "../locale";

/**
 * Out of office (every user): from one day to another a colleague takes the review and approval
 * seats handed to you, and the round shows them as "colleague for you".
 */
export function OutOfOfficeCard({
  currentUserId,
  currentUsername,
}: {
  currentUserId: string;
  currentUsername: string;
}) {
  const { t } = useTranslation(["settings", "common"]);
  const view = useOutOfOffice();
  return (
    <Card data-testid="card-out-of-office">
      <CardHeader>
        <CardTitle>{t("outOfOffice.title")}</CardTitle>
        <CardDescription>{t("outOfOffice.description", { username: currentUsername })}</CardDescription>
      </CardHeader>
      <CardContent>
        {view.isPending ? (
          <Skeleton className="h-32" />
        ) : view.isError ? (
          <ErrorNotice error={view.error} />
        ) : (
          <OutOfOfficeForm
            key={JSON.stringify(view.data)}
            saved={view.data}
            currentUserId={currentUserId}
            currentUsername={currentUsername}
          />
        )}
      </CardContent>
    </Card>
  );
}

function OutOfOfficeForm({
  saved,
  currentUserId,
  currentUsername,
}: {
  saved: DelegationView;
  currentUserId: string;
  currentUsername: string;
}) {
  const { t } = useTranslation(["settings", "common"]);
  const users = useUsers();
  const [from, setFrom] = useState(saved.delegation?.from ?? "");
  const [until, setUntil] = useState(saved.delegation?.until ?? "");
  const [delegateId, setDelegateId] = useState(saved.delegation?.delegateId ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = usePutOutOfOffice();
  const others = (users.data ?? []).filter((u) => u.id !== currentUserId);

  function send(delegation: { from: string; until: string; delegateId: string } | null) {
    setError(null);
    save.mutate(delegation, {
      onSuccess: (answer) =>
        toast({
          title: delegation ? t("outOfOffice.saved") : t("outOfOffice.cleared"),
          description: answer.delegation
            ? t("outOfOffice.savedDescription", {
                from: formatDay(answer.delegation.from),
                until: formatDay(answer.delegation.until),
                delegate: answer.delegateName ?? t("outOfOffice.yourDelegateLower"),
              })
            : t("outOfOffice.clearedDescription"),
        }),
      onError: (e) => setError(errorMessage(e).replace(/^Invalid body:\s*/, "")),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ from, until, delegateId });
  }

  return (
    <form className="space-y-3" onSubmit={onSubmit} data-testid="form-out-of-office">
      {saved.delegation && (
        <p className="text-sm" data-testid="text-out-of-office">
          {t("outOfOffice.current", {
            delegate: saved.delegateName ?? t("outOfOffice.yourDelegate"),
            username: currentUsername,
            from: formatDay(saved.delegation.from),
            until: formatDay(saved.delegation.until),
          })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <div className="space-y-1">
          <Label htmlFor="ooo-from">{t("outOfOffice.from")}</Label>
          <Input
            id="ooo-from"
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="input-ooo-from"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="ooo-until">{t("outOfOffice.until")}</Label>
          <Input
            id="ooo-until"
            type="date"
            required
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            data-testid="input-ooo-until"
          />
        </div>
      </div>
      <div className="space-y-1">
        <Label id="ooo-delegate-label">{t("outOfOffice.delegate")}</Label>
        <Select value={delegateId} onValueChange={setDelegateId}>
          <SelectTrigger
            aria-labelledby="ooo-delegate-label"
            className="w-full"
            data-testid="select-ooo-delegate"
          >
            <SelectValue
              placeholder={users.isPending ? t("outOfOffice.loadingPeople") : t("outOfOffice.choose")}
            />
          </SelectTrigger>
          <SelectContent>
            {others.map((u) => (
              <SelectItem key={u.id} value={u.id}>
                {t("outOfOffice.person", { username: u.username, role: t(`common:roles.${u.role}`) })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">{t("outOfOffice.seatRule")}</p>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="error-out-of-office">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={save.isPending || !from || !until || !delegateId}
          data-testid="button-save-out-of-office"
        >
          {save.isPending ? t("outOfOffice.saving") : t("outOfOffice.save")}
        </Button>
        {saved.delegation && (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => send(null)}
            data-testid="button-clear-out-of-office"
          >
            {t("outOfOffice.clear")}
          </Button>
        )}
      </div>
    </form>
  );
}
