import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { categoryTemplateSchema, type ApprovalTemplate, type CategoryTemplate } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { categoryKeys, documentKeys } from "@/lib/query-keys";

const path = (categoryId: string) => `/api/categories/${encodeURIComponent(categoryId)}/approval-template`;

/** GET /api/categories/{id}/approval-template (Admin): the stages a round in the category follows. */
export function useCategoryTemplate(categoryId: string | null) {
  return useQuery({
    queryKey: categoryKeys.template(categoryId ?? ""),
    queryFn: () => apiFetch(path(categoryId ?? ""), categoryTemplateSchema),
    enabled: categoryId !== null,
  });
}

/**
 * PUT (a template) or DELETE (back to the default flow) /api/categories/{id}/approval-template.
 * Submit dialogs read the document's template, so document queries are refreshed too.
 */
export function useSaveCategoryTemplate(categoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (template: ApprovalTemplate | null): Promise<CategoryTemplate> =>
      template
        ? apiFetch(path(categoryId), categoryTemplateSchema, { method: "PUT", body: template })
        : apiFetch(path(categoryId), categoryTemplateSchema, { method: "DELETE" }),
    onSuccess: async (saved) => {
      client.setQueryData(categoryKeys.template(categoryId), saved);
      await client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}
