import { useState } from "react";
import {
  accessLevels,
  everyoneAccessLevels,
  type AccessLevel,
  type CategoryAccess,
  type EveryoneAccess,
  type Group,
} from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCategories } from "@/lib/api/categories";
import { useGroups } from "@/lib/api/groups";
import { useCategoryAccess, usePutCategoryAccess } from "../api/category-access";

const NO_EXTRA = "inherit";
const levelLabel: Record<EveryoneAccess, string> = {
  none: "No access",
  view: "View",
  add: "View and add",
  edit: "View, add and edit",
};

/** Category access (Admin): what everyone may do in a category, and what named groups may do beyond it. */
export function CategoryAccessCard() {
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const categoryId = chosen ?? categories.data?.[0]?.id ?? null;
  const access = useCategoryAccess(categoryId);
  const groups = useGroups();
  // Owned here, not by the editor: a save re-keys the editor, and an unmounted caller hears no result.
  const save = usePutCategoryAccess();
  const onSave = (next: CategoryAccess) =>
    save.mutate(next, {
      onSuccess: () =>
        toast({ title: "Access saved", description: "The category's access list was updated." }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Access not saved", description: errorMessage(error) }),
    });

  return (
    <Card data-testid="card-category-access">
      <CardHeader>
        <CardTitle>Category Access</CardTitle>
        <CardDescription>
          Who may view, add and edit documents in each category. Roles still decide what a person may do at
          all.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <Label id="access-category-label">Category</Label>
          <Select value={categoryId ?? ""} onValueChange={setChosen}>
            <SelectTrigger
              aria-labelledby="access-category-label"
              className="w-full"
              data-testid="select-access-category"
            >
              <SelectValue placeholder="Choose a category" />
            </SelectTrigger>
            <SelectContent>
              {(categories.data ?? []).map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {(access.isPending || groups.isPending) && categoryId && <Skeleton className="h-32" />}
        {access.isError && (
          <p role="alert" className="text-destructive">
            {errorMessage(access.error)}
          </p>
        )}
        {access.data && groups.data && (
          // Keyed by what the server holds, so switching category or saving starts from its answer.
          <AccessEditor
            key={JSON.stringify(access.data)}
            access={access.data}
            groups={groups.data}
            saving={save.isPending}
            onSave={onSave}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AccessEditor({
  access,
  groups,
  saving,
  onSave: save,
}: {
  access: CategoryAccess;
  groups: Group[];
  saving: boolean;
  onSave: (next: CategoryAccess) => void;
}) {
  const [everyone, setEveryone] = useState<EveryoneAccess>(access.everyone);
  const [levels, setLevels] = useState<Map<string, AccessLevel>>(
    new Map(access.groups.map((g) => [g.groupId, g.access])),
  );
  const setLevel = (groupId: string, value: string) =>
    setLevels((prev) => {
      const next = new Map(prev);
      const level = accessLevels.find((l) => l === value);
      if (level) next.set(groupId, level);
      else next.delete(groupId);
      return next;
    });
  const onSave = () =>
    save({
      categoryId: access.categoryId,
      everyone,
      groups: [...levels].map(([groupId, level]) => ({ groupId, access: level })),
    });

  return (
    <div className="space-y-3">
      <LevelRow
        label="Everyone"
        testId="select-access-everyone"
        value={everyone}
        options={everyoneAccessLevels.map((l) => ({ value: l, label: levelLabel[l] }))}
        onChange={(v) => {
          const level = everyoneAccessLevels.find((l) => l === v);
          if (level) setEveryone(level);
        }}
      />
      {groups.length === 0 && (
        <p className="text-sm text-muted-foreground">Create groups above to give teams more than everyone.</p>
      )}
      {groups.map((group) => (
        <LevelRow
          key={group.id}
          label={group.name}
          testId={`select-access-group-${group.name}`}
          value={levels.get(group.id) ?? NO_EXTRA}
          options={[
            { value: NO_EXTRA, label: "Same as everyone" },
            ...accessLevels.map((l) => ({ value: l, label: levelLabel[l] })),
          ]}
          onChange={(v) => setLevel(group.id, v)}
        />
      ))}
      <Button onClick={onSave} disabled={saving} data-testid="button-save-category-access">
        {saving ? "Saving..." : "Save Access"}
      </Button>
    </div>
  );
}

function LevelRow({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 truncate text-sm font-medium">{label}</span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-48 max-w-full" aria-label={`Access of ${label}`} data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
