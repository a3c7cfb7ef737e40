import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  accessLevels,
  everyoneAccessLevels,
  type AccessLevel,
  type CategoryAccess,
  type EveryoneAccess,
  type Group,
} from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { filterList } from "../lib/list-filter";
import { ListFilterField } from "./list-filter-field";
import { SETTINGS_PAGE_SIZE } from "./use-filtered-page";
import "../locale";

const NO_EXTRA = "inherit";

/**
 * One category's access list as a form; the caller owns the save (see CategoryAccessCard). Past ten
 * groups a filter narrows the rows (thirty groups made the card 2,700 px tall on a phone); a level
 * set on a row the filter hides is kept and saved.
 */
export function AccessEditor({
  access,
  groups,
  saving,
  onSave,
}: {
  access: CategoryAccess;
  groups: Group[];
  saving: boolean;
  onSave: (next: CategoryAccess) => void;
}) {
  const draft = useAccessDraft(access);
  const [query, setQuery] = useState("");
  const shown = filterList(groups, query, (group) => group.name);
  const { t } = useTranslation("settings");
  const levelLabel = (level: EveryoneAccess) => t(`access.levels.${level}`);

  return (
    <div className="space-y-3">
      <LevelRow
        label={t("access.everyone")}
        testId="select-access-everyone"
        value={draft.everyone}
        options={everyoneAccessLevels.map((l) => ({ value: l, label: levelLabel(l) }))}
        onChange={draft.setEveryone}
      />
      {groups.length === 0 && <p className="text-sm text-muted-foreground">{t("access.noGroups")}</p>}
      {groups.length > SETTINGS_PAGE_SIZE && (
        <ListFilterField
          id="filter-access-groups"
          label={t("access.filterLabel")}
          placeholder={t("access.filterPlaceholder")}
          value={query}
          onChange={setQuery}
          testId="input-filter-access-groups"
        />
      )}
      {groups.length > 0 && shown.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="text-no-access-groups-match">
          {t("access.noneMatch", { query: query.trim() })}
        </p>
      )}
      {shown.map((group) => (
        <LevelRow
          key={group.id}
          label={group.name}
          testId={`select-access-group-${group.name}`}
          value={draft.levels.get(group.id) ?? NO_EXTRA}
          options={[
            { value: NO_EXTRA, label: t("access.sameAsEveryone") },
            ...accessLevels.map((l) => ({ value: l, label: levelLabel(l) })),
          ]}
          onChange={(v) => draft.setLevel(group.id, v)}
        />
      ))}
      <Button
        onClick={() => onSave(draft.toAccess())}
        disabled={saving}
        data-testid="button-save-category-access"
      >
        {saving ? t("saving") : t("access.save")}
      </Button>
    </div>
  );
}

/** The edited levels; a select's raw value that is not a level (NO_EXTRA) drops the group's extra access. */
function useAccessDraft(access: CategoryAccess) {
  const [everyone, setEveryoneLevel] = useState<EveryoneAccess>(access.everyone);
  const [levels, setLevels] = useState<Map<string, AccessLevel>>(
    new Map(access.groups.map((g) => [g.groupId, g.access])),
  );
  const setEveryone = (value: string) => {
    const level = everyoneAccessLevels.find((l) => l === value);
    if (level) setEveryoneLevel(level);
  };
  const setLevel = (groupId: string, value: string) =>
    setLevels((prev) => {
      const next = new Map(prev);
      const level = accessLevels.find((l) => l === value);
      if (level) next.set(groupId, level);
      else next.delete(groupId);
      return next;
    });
  const toAccess = (): CategoryAccess => ({
    categoryId: access.categoryId,
    everyone,
    groups: [...levels].map(([groupId, level]) => ({ groupId, access: level })),
  });
  return { everyone, setEveryone, levels, setLevel, toAccess };
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
  const { t } = useTranslation("settings");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 truncate text-sm font-medium">{label}</span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger
          className="w-48 max-w-full"
          aria-label={t("access.accessOf", { name: label })}
          data-testid={testId}
        >
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
