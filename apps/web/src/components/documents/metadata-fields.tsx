import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CategorySelect } from "./category-select";
import "@/components/document-parts-locale";

export type MetadataDraft = { title: string; categoryId: string; tagText: string };

function CategoryField({ value, onChange }: { value: string; onChange: (categoryId: string) => void }) {
  const { t } = useTranslation("document-parts");
  return (
    <div className="grid gap-2">
      <Label htmlFor="metadata-category">{t("metadata.category")}</Label>
      <CategorySelect
        id="metadata-category"
        testId="select-metadata-category"
        value={value}
        onChange={onChange}
      />
    </div>
  );
}

/** The Edit Metadata fields; tags are typed as one comma-separated line. */
export function MetadataFields({
  draft,
  onChange,
}: {
  draft: MetadataDraft;
  onChange: (changes: Partial<MetadataDraft>) => void;
}) {
  const { t } = useTranslation("document-parts");
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="metadata-title">{t("metadata.title")}</Label>
        <Input
          id="metadata-title"
          value={draft.title}
          maxLength={300}
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid="input-metadata-title"
        />
      </div>
      <CategoryField value={draft.categoryId} onChange={(categoryId) => onChange({ categoryId })} />
      <div className="grid gap-2">
        <Label htmlFor="metadata-tags">{t("metadata.tags")}</Label>
        <Input
          id="metadata-tags"
          value={draft.tagText}
          onChange={(e) => onChange({ tagText: e.target.value })}
          aria-describedby="metadata-tags-hint"
          data-testid="input-metadata-tags"
        />
        <p id="metadata-tags-hint" className="text-xs text-muted-foreground">
          {t("metadata.tagsHint")}
        </p>
      </div>
    </>
  );
}
