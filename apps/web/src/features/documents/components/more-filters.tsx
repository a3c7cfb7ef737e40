import { useState, type ComponentProps, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Category, FacetValue } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CategoryFilterSelect } from "@/components/documents/filter-selects";
import { useDocumentFacets } from "../api/get-facets";
import type { ListParams } from "../hooks/use-list-params";
import { formatCount } from "@/lib/format";
import "../locale";

type Filters = Pick<ListParams, "category" | "tag" | "owner" | "updatedFrom" | "updatedTo">;

// Typed over every key of Filters, so a filter added later cannot be left out of Clear.
const cleared: { [K in keyof Filters]: undefined } = {
  category: undefined,
  tag: undefined,
  owner: undefined,
  updatedFrom: undefined,
  updatedTo: undefined,
};

/** What is typed into Tag and Owner but not applied yet. */
function useTypedFilters(values: Filters) {
  // Keyed by the URL's values: Back/Forward or a saved view resets what is typed.
  const urlKey = `${values.tag ?? ""}\u0000${values.owner ?? ""}`;
  const [typed, setTyped] = useState({ key: urlKey, tag: values.tag ?? "", owner: values.owner ?? "" });
  const draft =
    typed.key === urlKey ? typed : { key: urlKey, tag: values.tag ?? "", owner: values.owner ?? "" };
  const edit = (changes: { tag?: string; owner?: string }) => setTyped({ ...draft, ...changes });
  return { draft, edit };
}

function LabeledInput({ label, id, ...props }: { label: string; id: string } & ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}

/** The values a typed filter may take, as the browser's own suggestion list (a datalist). */
function Suggestions({ id, values }: { id: string; values: readonly FacetValue[] }) {
  const { t } = useTranslation("documents");
  return (
    <datalist id={id} data-testid={id}>
      {values.map((v) => (
        <option
          key={v.value}
          value={v.value}
          label={t("filters.suggestion", { count: v.count, n: formatCount(v.count) })}
        />
      ))}
    </datalist>
  );
}

function CategoryFilter({
  value,
  categories,
  onChange,
}: {
  value: string | undefined;
  categories: readonly Category[];
  onChange: (category: string | undefined) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <div className="grid gap-1 lg:col-span-1">
      <Label htmlFor="filter-category">{t("filters.category")}</Label>
      <CategoryFilterSelect
        categories={categories}
        value={value}
        onChange={onChange}
        id="filter-category"
        testId="select-category-filter"
      />
    </div>
  );
}

/** The two date inputs; each applies as soon as it changes (an empty one clears its bound). */
function UpdatedRange({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: Partial<Pick<Filters, "updatedFrom" | "updatedTo">>) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <>
      <LabeledInput
        label={t("filters.updatedFrom")}
        id="filter-from"
        type="date"
        value={from ?? ""}
        onChange={(e) => onChange({ updatedFrom: e.target.value || undefined })}
        data-testid="input-filter-from"
      />
      <LabeledInput
        label={t("filters.updatedTo")}
        id="filter-to"
        type="date"
        value={to ?? ""}
        onChange={(e) => onChange({ updatedTo: e.target.value || undefined })}
        data-testid="input-filter-to"
      />
    </>
  );
}

/** 'Apply' submits the typed tag and owner; 'Clear' drops every filter, typed or not. */
function FilterButtons({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation("documents");
  return (
    <div className="flex items-end gap-2">
      <Button type="submit" variant="secondary" data-testid="button-apply-filters">
        {t("filters.apply")}
      </Button>
      <Button type="button" variant="ghost" onClick={onClear} data-testid="button-clear-filters">
        {t("filters.clear")}
      </Button>
    </div>
  );
}

/**
 * All Documents' further filters: category, tag, owner and the days last updated. Selects and
 * dates apply at once; typed tag and owner apply on Enter or 'Apply', so typing does not fill
 * the history with one entry per key.
 */
export function MoreFilters({
  values,
  categories,
  onChange,
}: {
  values: Filters;
  categories: readonly Category[];
  onChange: (changes: Partial<Filters>) => void;
}) {
  const { t } = useTranslation("documents");
  const { draft, edit } = useTypedFilters(values);
  const facets = useDocumentFacets();

  function apply(event: FormEvent) {
    event.preventDefault();
    onChange({ tag: draft.tag.trim() || undefined, owner: draft.owner.trim() || undefined });
  }

  return (
    <form
      onSubmit={apply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
      data-testid="form-more-filters"
    >
      <CategoryFilter
        value={values.category}
        categories={categories}
        onChange={(category) => onChange({ category })}
      />
      <LabeledInput
        label={t("filters.tag")}
        id="filter-tag"
        value={draft.tag}
        maxLength={100}
        autoComplete="off"
        list="suggestions-tag"
        onChange={(e) => edit({ tag: e.target.value })}
        data-testid="input-filter-tag"
      />
      <Suggestions id="suggestions-tag" values={facets.data?.tags ?? []} />
      <LabeledInput
        label={t("filters.owner")}
        id="filter-owner"
        value={draft.owner}
        maxLength={64}
        autoComplete="off"
        list="suggestions-owner"
        onChange={(e) => edit({ owner: e.target.value })}
        data-testid="input-filter-owner"
      />
      <Suggestions id="suggestions-owner" values={facets.data?.owners ?? []} />
      <UpdatedRange from={values.updatedFrom} to={values.updatedTo} onChange={onChange} />
      <FilterButtons onClear={() => onChange(cleared)} />
    </form>
  );
}
