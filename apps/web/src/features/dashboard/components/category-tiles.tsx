import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { BarChart3, Code, Cog, Folder, Scale, Users, type LucideIcon } from "lucide-react";
import type { CategoryStats } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatCount, formatDate } from "@/lib/format";
import { useCategoryStats } from "@/lib/api/category-stats";
import { cn } from "@/lib/utils";
import { progressPercent, tileColor, tileTestId } from "../lib/dashboard-logic";
import "../locale";

const categoryIcons: Record<string, LucideIcon> = {
  "fas fa-code": Code,
  "fas fa-chart-line": BarChart3,
  "fas fa-balance-scale": Scale,
  "fas fa-users": Users,
  "fas fa-cogs": Cog,
  "fas fa-folder": Folder,
};

export const TILE_SKELETONS = 6;

export function CategoryTiles() {
  const { t } = useTranslation("dashboard");
  const stats = useCategoryStats();
  if (stats.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t("tiles.loading")}>
        {Array.from({ length: TILE_SKELETONS }, (_, i) => (
          <Skeleton key={i} className="h-36" data-testid="skeleton-tile" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return <ErrorNotice error={stats.error} fallback={t("tiles.failed")} />;
  }
  const largest = Math.max(0, ...stats.data.map((category) => category.count));
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {stats.data.map((category) => (
        <CategoryTile key={category.id} category={category} largest={largest} />
      ))}
    </div>
  );
}

function CategoryTile({ category, largest }: { category: CategoryStats; largest: number }) {
  const { t } = useTranslation("dashboard");
  // Seed §2: an unknown icon falls back to a folder.
  const Icon = categoryIcons[category.icon] ?? Folder;
  const colour = tileColor(category.color);
  const percent = progressPercent(category.count, largest);
  return (
    <Link
      href={paths.category.getHref(category.id)}
      data-testid={tileTestId(category.name)}
      className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <Card className="h-full transition-shadow hover:shadow-md">
        <CardContent className="space-y-3 pt-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h3 className="truncate font-semibold">{category.name}</h3>
              <p className="line-clamp-2 text-sm text-muted-foreground">{category.description}</p>
            </div>
            <span className={cn("rounded-lg p-2", colour.icon)}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
          </div>
          <div className="flex items-center justify-between text-sm">
            <span data-testid={`${tileTestId(category.name)}-count`}>
              {t("tiles.documents", { count: category.count, n: formatCount(category.count) })}
            </span>
            <span className="text-muted-foreground">
              {category.lastUpdated
                ? t("tiles.updated", { date: formatDate(category.lastUpdated) })
                : t("tiles.noUpdates")}
            </span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={t("tiles.share", { name: category.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={cn("h-full rounded-full", colour.bar)} style={{ width: `${percent}%` }} />
          </div>
        </CardContent>
      </Card>
    </Link>
  );
}
