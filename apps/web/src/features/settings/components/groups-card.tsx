import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group } from "@quire/contracts";
import { Pencil, Users } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useGroups } from "@/lib/api/groups";
import { useManagedUsers } from "@/lib/api/users";
import { Pagination, useListTop } from "@/components/pagination";
import { GroupDialog } from "./group-dialog";
import { ListFilterField } from "./list-filter-field";
import { ListStatus } from "./list-status";
import { SETTINGS_PAGE_SIZE, useFilteredPage } from "./use-filtered-page";
import { groupFilterText, memberSummary } from "../lib/group-members";
import "../locale";

/**
 * Settings › Users and Groups (Admin): the groups that category and document access lists name.
 * Past one page the groups are filtered (by name or member) and paged, and each row names a few
 * members, so dozens of large groups stay readable.
 */
export function GroupsCard() {
  const groups = useGroups();
  const users = useManagedUsers();
  const [editing, setEditing] = useState<Group | "new" | null>(null);
  const nameOf = new Map((users.data ?? []).map((u) => [u.id, u.username]));
  const all = groups.data ?? [];
  const filter = useFilteredPage(all, (group) => groupFilterText(group, nameOf));
  const [listTop, revealListTop] = useListTop<HTMLDivElement>();
  const long = all.length > SETTINGS_PAGE_SIZE;
  const { t } = useTranslation("settings");

  return (
    <Card data-testid="card-groups">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>{t("groups.title")}</CardTitle>
          <CardDescription>{t("groups.description")}</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing("new")} data-testid="button-create-group">
          <Users aria-hidden="true" />
          {t("groups.new")}
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {groups.isPending && <Skeleton className="h-24" />}
        {groups.isError && <ErrorNotice error={groups.error} />}
        {groups.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="text-no-groups">
            {t("groups.none")}
          </p>
        )}
        {long && (
          <div ref={listTop} className="scroll-mt-20 space-y-2">
            <ListFilterField
              id="filter-groups"
              label={t("groups.filterLabel")}
              placeholder={t("groups.filterPlaceholder")}
              value={filter.query}
              onChange={filter.setQuery}
              testId="input-filter-groups"
            />
            <ListStatus page={filter.current} query={filter.query} noun="groups" testId="text-groups-shown" />
          </div>
        )}
        <ul className="divide-y">
          {(long ? filter.current.items : all).map((group) => (
            <GroupRow key={group.id} group={group} nameOf={nameOf} onEdit={() => setEditing(group)} />
          ))}
        </ul>
        {long && (
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
      {editing && (
        <GroupDialog
          group={editing === "new" ? null : editing}
          users={users.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function GroupRow({
  group,
  nameOf,
  onEdit,
}: {
  group: Group;
  nameOf: Map<string, string>;
  onEdit: () => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <li className="flex items-start justify-between gap-2 py-2" data-testid={`group-row-${group.name}`}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{group.name}</p>
        <p className="text-xs break-words text-muted-foreground">{memberSummary(group, nameOf)}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onEdit}
        aria-label={t("groups.editLabel", { name: group.name })}
        data-testid={`button-edit-group-${group.name}`}
      >
        <Pencil aria-hidden="true" />
        {t("edit")}
      </Button>
    </li>
  );
}
