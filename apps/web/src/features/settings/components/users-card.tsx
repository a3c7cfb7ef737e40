import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isRole, roles, type User } from "@quire/contracts";
import { UserCheck, UserPlus, UserX } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSetUserDisabled, useUpdateUserRole } from "@/lib/api/settings";
import { useManagedUsers } from "@/lib/api/users";
import { formatCount } from "@/lib/format";
import { Pagination, useListTop } from "@/components/pagination";
import { previewUsers, USER_PREVIEW_COUNT } from "../lib/permissions";
import { userFilterText } from "../lib/list-filter";
import { CreateUserDialog } from "./create-user-dialog";
import { ListFilterField } from "./list-filter-field";
import { ListStatus } from "./list-status";
import { SETTINGS_PAGE_SIZE, useFilteredPage } from "./use-filtered-page";
import "../locale";

/**
 * Users (Admin only): count, first 4, '+N more users', role changes, new accounts, and disabling
 * (offboarding) or enabling an account. Disabled accounts are listed last and not counted as users.
 * Past the preview the list is filtered by name or role and paged, so an organisation of hundreds
 * stays one card high.
 */
export function UsersCard({ currentUserId }: { currentUserId: string }) {
  const users = useManagedUsers();
  const active = users.data?.filter((u) => !u.disabled);
  const [expanded, setExpanded] = useState(false);
  const [creating, setCreating] = useState(false);
  const ordered = users.data ? [...(active ?? []), ...users.data.filter((u) => u.disabled)] : [];
  const filter = useFilteredPage(ordered, userFilterText);
  const [listTop, revealListTop] = useListTop<HTMLDivElement>();
  const filtering = filter.query.trim() !== "";
  const preview = previewUsers(ordered, expanded || filtering);
  const shown = expanded || filtering ? filter.current.items : preview.shown;
  // The header counts active users; disabled accounts are listed too, so they are named apart
  // wherever the list is counted, and the figures add up to the header's.
  const disabledCount = ordered.length - (active?.length ?? 0);
  const moreActive = Math.max(0, (active?.length ?? 0) - USER_PREVIEW_COUNT);
  const moreDisabled = preview.more - moreActive;
  const { t } = useTranslation("settings");

  return (
    <Card data-testid="card-users">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>{t("users.title")}</CardTitle>
          <CardDescription data-testid="text-user-count">
            {active
              ? t("users.count", { count: active.length, n: formatCount(active.length) })
              : t("users.loading")}
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)} data-testid="button-create-user">
          <UserPlus aria-hidden="true" />
          {t("users.add")}
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {users.isPending && <Skeleton className="h-32" />}
        {users.isError && <ErrorNotice error={users.error} />}
        {ordered.length > USER_PREVIEW_COUNT && (
          <div ref={listTop} className="scroll-mt-20 space-y-2">
            <ListFilterField
              id="filter-users"
              label={t("users.filterLabel")}
              placeholder={t("users.filterPlaceholder")}
              value={filter.query}
              onChange={filter.setQuery}
              testId="input-filter-users"
            />
            {(expanded || filtering) && (
              <ListStatus
                page={filter.current}
                query={filter.query}
                noun={disabledCount > 0 ? "accounts" : "users"}
                testId="text-users-shown"
              />
            )}
          </div>
        )}
        <ul className="divide-y">
          {shown.map((user) => (
            <UserRow key={user.id} user={user} self={user.id === currentUserId} />
          ))}
        </ul>
        {preview.more > 0 && (
          <Button
            variant="link"
            className="px-0"
            onClick={() => setExpanded(true)}
            data-testid="button-more-users"
          >
            {moreDisabled > 0
              ? t("users.moreAndDisabled", {
                  count: moreActive,
                  n: formatCount(moreActive),
                  disabled: formatCount(moreDisabled),
                })
              : t("users.more", { count: moreActive, n: formatCount(moreActive) })}
          </Button>
        )}
        {(expanded || filtering) && (
          <Pagination
            page={filter.current.page}
            pageSize={SETTINGS_PAGE_SIZE}
            total={filter.current.total}
            onPage={(page) => {
              filter.setPage(page);
              revealListTop();
            }}
          />
        )}
      </CardContent>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function UserRow({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation(["settings", "common"]);
  const update = useUpdateUserRole();
  const [confirming, setConfirming] = useState(false);
  const labelId = `user-${user.id}-name`;
  const onChange = (value: string) => {
    if (!isRole(value) || value === user.role) return;
    update.mutate(
      { id: user.id, role: value },
      {
        onSuccess: (next) =>
          toast({
            title: t("users.roleUpdated"),
            description: t("users.roleUpdatedDescription", {
              username: next.username,
              role: t(`common:roles.${next.role}`),
            }),
          }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("users.roleChangeFailed"),
            description: errorMessage(error),
          }),
      },
    );
  };
  return (
    <li className="space-y-2 py-2" data-testid={`user-row-${user.username}`}>
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="flex min-w-0 items-center gap-2 text-sm font-medium">
          {/* A long name (an SSO user's e-mail) is cut to fit a phone; the tooltip gives it whole. */}
          <span className="truncate" title={user.username}>
            {user.username}
            {self && <span className="text-muted-foreground"> {t("users.you")}</span>}
          </span>
          {user.disabled && (
            <Badge variant="secondary" data-testid={`badge-disabled-${user.username}`}>
              {t("users.disabled")}
            </Badge>
          )}
        </span>
        <span className="flex shrink-0 items-center gap-1">
          <Select value={user.role} onValueChange={onChange} disabled={update.isPending || user.disabled}>
            <SelectTrigger
              className="w-32"
              aria-label={t("users.roleOf", { username: user.username })}
              data-testid={`select-user-role-${user.username}`}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {roles.map((role) => (
                <SelectItem key={role} value={role}>
                  {t(`common:roles.${role}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!self && <AccountSwitch user={user} onDisable={() => setConfirming(true)} />}
        </span>
      </div>
      {confirming && <ConfirmDisable user={user} onDone={() => setConfirming(false)} />}
    </li>
  );
}

/** Enable at once; Disable asks first, since it ends the person's sessions and their open reviews. */
function AccountSwitch({ user, onDisable }: { user: User; onDisable: () => void }) {
  const enable = useAccountChange(user, false);
  const { t } = useTranslation("settings");
  if (!user.disabled)
    return (
      <Button
        size="icon"
        variant="ghost"
        onClick={onDisable}
        aria-label={t("users.disableUser", { username: user.username })}
        title={t("users.disableUser", { username: user.username })}
        data-testid={`button-disable-user-${user.username}`}
      >
        <UserX aria-hidden="true" />
      </Button>
    );
  return (
    <Button
      size="icon"
      variant="ghost"
      onClick={() => enable.mutate()}
      disabled={enable.isPending}
      aria-label={t("users.enableUser", { username: user.username })}
      title={t("users.enableUser", { username: user.username })}
      data-testid={`button-enable-user-${user.username}`}
    >
      <UserCheck aria-hidden="true" />
    </Button>
  );
}

function ConfirmDisable({ user, onDone }: { user: User; onDone: () => void }) {
  const disable = useAccountChange(user, true, onDone);
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-2 rounded-md border border-destructive/50 p-3 text-sm" role="group">
      <p>{t("users.confirmDisable", { username: user.username })}</p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="destructive"
          onClick={() => disable.mutate()}
          disabled={disable.isPending}
          data-testid={`button-confirm-disable-${user.username}`}
        >
          {disable.isPending ? t("users.disabling") : t("users.disable")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("cancel")}
        </Button>
      </div>
    </div>
  );
}

function useAccountChange(user: User, disabled: boolean, onDone?: () => void) {
  const change = useSetUserDisabled();
  const { t } = useTranslation("settings");
  return {
    isPending: change.isPending,
    mutate: () =>
      change.mutate(
        { id: user.id, disabled },
        {
          onSuccess: () => {
            toast({
              title: disabled ? t("users.disabledToast") : t("users.enabledToast"),
              description: disabled
                ? t("users.disabledDescription", { username: user.username })
                : t("users.enabledDescription", { username: user.username }),
            });
            onDone?.();
          },
          onError: (error) =>
            toast({
              variant: "destructive",
              title: disabled ? t("users.disableFailed") : t("users.enableFailed"),
              description: errorMessage(error),
            }),
        },
      ),
  };
}
