import { useParams } from "wouter";
import { ScreenPlaceholder } from "@/components/screen-placeholder";
import { useCategoryStats } from "@/lib/api/category-stats";

export function CategoryPage() {
  const { categoryId } = useParams<{ categoryId: string }>();
  const { data } = useCategoryStats();
  const category = data?.find((c) => c.id === categoryId);
  return (
    <ScreenPlaceholder
      title={category ? `${category.name} Documents` : "Category Documents"}
      description={category?.description}
      arrivesWith="the document list work"
    />
  );
}
