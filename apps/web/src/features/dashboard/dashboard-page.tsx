import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Search } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { HelpTourButton, helpGutterClass } from "@/components/help-tour-button";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";
import { useUser } from "@/lib/auth";
import { AiAssistant } from "./components/ai-assistant";
import { AiSuggestions } from "./components/ai-suggestions";
import { CategoryTiles } from "./components/category-tiles";
import { InsightsCard } from "./components/insights-card";
import { PeriodicReviews } from "./components/periodic-reviews";
import { QuickStats } from "./components/quick-stats";
import { RecentUpdates } from "./components/recent-updates";
import { UploadButton } from "@/components/documents/upload-button";
import { ToAcknowledge } from "@/components/acknowledgements/to-acknowledge";
import "./locale";

/** Seed §2 Dashboard, with real figures where the seed had placeholders (PRODUCT.md). */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const user = useUser();
  return (
    <div className={cn("space-y-6 pb-16", helpGutterClass)} data-testid="dashboard">
      <PageHeader
        title={user.data ? t("welcomeBackUser", { username: user.data.username }) : t("welcomeBack")}
        description={t("description")}
        actions={
          <>
            <UploadButton data-testid="button-dashboard-upload">{t("uploadDocuments")}</UploadButton>
            <Button asChild variant="outline" data-testid="button-search">
              <Link href={paths.search.getHref()}>
                <Search aria-hidden="true" />
                {t("searchArchive")}
              </Link>
            </Button>
          </>
        }
      />
      <ToAcknowledge />
      <PeriodicReviews />
      <AiAssistant />
      <section aria-labelledby="categories-title" className="space-y-3">
        <h2 id="categories-title" className="text-lg font-semibold">
          {t("categories")}
        </h2>
        <CategoryTiles />
      </section>
      <InsightsCard />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentUpdates />
        </div>
        <QuickStats />
      </div>
      <AiSuggestions />
      <HelpTourButton />
    </div>
  );
}
