import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "@/lib/api/categories";
import { useGroups } from "@/lib/api/groups";
import { useCategoryTemplate } from "../api/approval-template";
import { useCategoryReviewInterval } from "../api/review-interval";
import { ApprovalTemplateEditor } from "./approval-template-editor";
import { ReviewIntervalField } from "./review-interval-field";
import "../locale";

/** Document control (Admin): each category's approval stages and its periodic-review interval. */
export function ApprovalTemplateCard() {
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const categoryId = chosen ?? categories.data?.[0]?.id ?? null;
  const template = useCategoryTemplate(categoryId);
  const interval = useCategoryReviewInterval(categoryId);
  const groups = useGroups();
  const { t } = useTranslation("settings");

  return (
    <Card data-testid="card-approval-template">
      <CardHeader>
        <CardTitle>{t("template.title")}</CardTitle>
        <CardDescription>{t("template.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1">
          <Label id="template-category-label">{t("category")}</Label>
          <Select value={categoryId ?? ""} onValueChange={setChosen}>
            <SelectTrigger
              aria-labelledby="template-category-label"
              className="w-full"
              data-testid="select-template-category"
            >
              <SelectValue placeholder={t("chooseCategory")} />
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
        {categoryId && interval.data && (
          <ReviewIntervalField
            key={`${categoryId}:${interval.data.months}`}
            categoryId={categoryId}
            months={interval.data.months}
          />
        )}
        {interval.isError && <ErrorNotice error={interval.error} />}
        {categoryId && (template.isPending || groups.isPending) && <Skeleton className="h-48" />}
        {template.isError && <ErrorNotice error={template.error} />}
        {categoryId && template.data && groups.data && (
          // Keyed by category: the editor keeps its own draft across a save (and takes the answer in).
          <ApprovalTemplateEditor
            key={categoryId}
            categoryId={categoryId}
            saved={template.data}
            groups={groups.data}
          />
        )}
      </CardContent>
    </Card>
  );
}
