import { Link } from "wouter";
import { Bot, FolderOpen } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useCategoryStats } from "@/lib/api/category-stats";

/**
 * Home's pointers to the AI assistant (which lives on the Dashboard) and to each category, so
 * the guided tour that starts here has the seed's `ai-assistant` and `tile-*` targets.
 */
export function HomeExplore() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card data-testid="ai-assistant">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Bot className="size-5 text-primary" aria-hidden="true" />
            AI Assistant
          </CardTitle>
          <CardDescription>
            Ask questions in plain language; answers come from your archive with the passages they cite.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" data-testid="link-open-assistant">
            <Link href={paths.dashboard.getHref()}>Ask on the Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
      <HomeCategories />
    </div>
  );
}

function HomeCategories() {
  const stats = useCategoryStats();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FolderOpen className="size-5 text-primary" aria-hidden="true" />
          Browse by category
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Skeleton className="h-16" />
        ) : stats.isError ? (
          <ErrorNotice error={stats.error} fallback="The categories could not be loaded." />
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
