import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Bot, FolderOpen } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useCategoryStats } from "@/lib/api/category-stats";
import "../locale";

/**
 * Home's pointers to the AI assistant (which lives on the Dashboard) and to each category, so
 * the guided tour that starts here has the seed's `ai-assistant` and `tile-*` targets.
 */
export function HomeExplore() {
  const { t } = useTranslation("home");
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card data-testid="ai-assistant">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Bot className="size-5 text-primary" aria-hidden="true" />
            {t("assistant")}
          </CardTitle>
          <CardDescription>{t("assistantDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" data-testid="link-open-assistant">
            <Link href={paths.dashboard.getHref()}>{t("askOnDashboard")}</Link>
          </Button>
        </CardContent>
      </Card>
      <HomeCategories />
    </div>
  );
}

function HomeCategories() {
  const { t } = useTranslation("home");
  const stats = useCategoryStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FolderOpen className="size-5 text-primary" aria-hidden="true" />
          {t("browseByCategory")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Skeleton className="h-16" />
        ) : stats.isError ? (
          <ErrorNotice error={stats.error} fallback={t("categoriesFailed")} />
        ) : (
          <ul className="flex flex-wrap gap-2">
            {stats.data.map((category) => (
              <li key={category.id}>
                <Link
                  href={paths.category.getHref(category.id)}
                  data-testid={`tile-${category.name.toLowerCase()}`}
                  className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm hover:bg-muted/60"
                >
                  {category.name}
                  <span className="rounded-full bg-muted px-2 text-xs text-muted-foreground">
                    {category.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
