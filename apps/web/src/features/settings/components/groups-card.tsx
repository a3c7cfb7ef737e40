import { useState } from "react";
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

  return (
    <Card data-testid="card-groups">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>Groups</CardTitle>
          <CardDescription>People who share access to categories and documents.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing("new")} data-testid="button-create-group">
          <Users aria-hidden="true" />
          New Group
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {groups.isPending && <Skeleton className="h-24" />}
        {groups.isError && <ErrorNotice error={groups.error} />}
        {groups.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="text-no-groups">
            No groups yet. Create one to share categories and documents with a team.
          </p>
        )}
        {long && (
          <div ref={listTop} className="scroll-mt-20 space-y-2">
            <ListFilterField
              id="filter-groups"
              label="Filter groups by name or member"
              placeholder="Filter by name or member"
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
        aria-label={`Edit group ${group.name}`}
        data-testid={`button-edit-group-${group.name}`}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
    </li>
  );
}
