import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Category, CategoryAccess } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCategories } from "@/lib/api/categories";
import { useGroups } from "@/lib/api/groups";
import { useCategoryAccess, usePutCategoryAccess } from "../api/category-access";
import { AccessEditor } from "./category-access-editor";
import { CategorySigningSwitch } from "./category-signing-switch";
import "../locale";

/**
 * Category access (Admin): what everyone may do in a category, and what named groups may do beyond
 * it; and whether signing a decision there needs the password again.
 */
export function CategoryAccessCard() {
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const categoryId = chosen ?? categories.data?.[0]?.id ?? null;
  const access = useCategoryAccess(categoryId);
  const groups = useGroups();
  // Owned here, not by the editor: a save re-keys the editor, and an unmounted caller hears no result.
  const save = usePutCategoryAccess();
  const { t } = useTranslation("settings");
  const onSave = (next: CategoryAccess) =>
    save.mutate(next, {
      onSuccess: () => toast({ title: t("access.saved"), description: t("access.savedDescription") }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("access.notSaved"), description: errorMessage(error) }),
    });

  return (
    <Card data-testid="card-category-access">
      <CardHeader>
        <CardTitle>{t("access.title")}</CardTitle>
        <CardDescription>{t("access.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <CategorySelect categories={categories.data ?? []} value={categoryId} onChange={setChosen} />
        {categoryId && <CategorySigningSwitch key={categoryId} categoryId={categoryId} />}
        {(access.isPending || groups.isPending) && categoryId && <Skeleton className="h-32" />}
        {access.isError && <ErrorNotice error={access.error} />}
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

function CategorySelect({
  categories,
  value,
  onChange,
}: {
  categories: Category[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-1">
      <Label id="access-category-label">{t("category")}</Label>
      <Select value={value ?? ""} onValueChange={onChange}>
        <SelectTrigger
          aria-labelledby="access-category-label"
          className="w-full"
          data-testid="select-access-category"
        >
          <SelectValue placeholder={t("chooseCategory")} />
        </SelectTrigger>
        <SelectContent>
          {categories.map((c) => (
            <SelectItem key={c.id} value={c.id}>
              {c.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
