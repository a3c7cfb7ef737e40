import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CategorySelect } from "./category-select";

export type MetadataDraft = { title: string; categoryId: string; tagText: string };

function CategoryField({ value, onChange }: { value: string; onChange: (categoryId: string) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="metadata-category">Category</Label>
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
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="metadata-title">Title</Label>
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
        <Label htmlFor="metadata-tags">Tags</Label>
        <Input
          id="metadata-tags"
          value={draft.tagText}
          onChange={(e) => onChange({ tagText: e.target.value })}
          aria-describedby="metadata-tags-hint"
          data-testid="input-metadata-tags"
        />
        <p id="metadata-tags-hint" className="text-xs text-muted-foreground">
          Separate tags with commas.
        </p>
      </div>
    </>
  );
}
