import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Document } from "@quire/contracts";
import { CheckCircle2, FileText, FolderOpen, Search } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { StatusBadge } from "@/components/ui/badge";
import { HelpTourButton, helpGutterClass } from "@/components/help-tour-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";
import { useCategoryStats } from "@/lib/api/category-stats";
import { useDocumentCount } from "@/lib/api/document-counts";
import { useRecentDocuments } from "@/lib/api/recent-documents";
import { formatCount, shortRelativeTime } from "@/lib/format";
import { HomeExplore } from "./components/home-explore";
import { UploadButton } from "@/components/documents/upload-button";
import "./locale";

/** Seed §9: Home shows the first 5 recent documents. */
export const HOME_RECENT_DOCUMENTS = 5;

/** Seed §2 Home: hero, three real stat cards, recent documents and the help-tour button. */
export function HomePage() {
  return (
    <div className={cn("space-y-8 pb-16", helpGutterClass)} data-testid="home-page">
      <Hero />
      <HomeStats />
      <RecentDocuments />
      <HomeExplore />
      <HelpTourButton />
    </div>
  );
}

function Hero() {
  const { t } = useTranslation("home");
  return (
    <section
      aria-labelledby="home-hero-title"
      className="rounded-xl border bg-gradient-to-br from-primary/10 via-background to-background p-6 sm:p-10"
    >
      <h1 id="home-hero-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {t("welcome")}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{t("intro")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild size="lg" data-testid="hero-search">
          <Link href={paths.search.getHref()}>
            <Search aria-hidden="true" />
            {t("searchDocuments")}
          </Link>
        </Button>
        <UploadButton size="lg" variant="outline" data-testid="hero-upload" />
      </div>
    </section>
  );
}

function HomeStats() {
  const { t } = useTranslation("home");
  const total = useDocumentCount();
  const approved = useDocumentCount("Approved");
  const categories = useCategoryStats();
  return (
    <section aria-label={t("statistics")} className="grid gap-4 sm:grid-cols-3">
      <StatCard
        testId="stat-total"
        label={t("totalDocuments")}
        icon={<FileText className="size-5 text-blue-500" aria-hidden="true" />}
        value={total.data}
        pending={total.isPending}
        error={total.isError}
      />
      <StatCard
        testId="stat-categories"
        label={t("categories")}
        icon={<FolderOpen className="size-5 text-purple-500" aria-hidden="true" />}
        value={categories.data?.length}
        pending={categories.isPending}
        error={categories.isError}
      />
      <StatCard
        testId="stat-approved"
        label={t("approved")}
        icon={<CheckCircle2 className="size-5 text-green-500" aria-hidden="true" />}
        value={approved.data}
        pending={approved.isPending}
        error={approved.isError}
      />
    </section>
  );
}

function StatCard({
  testId,
  label,
  icon,
  value,
  pending,
  error,
}: {
  testId: string;
  label: string;
  icon: ReactNode;
  value: number | undefined;
  pending: boolean;
  error: boolean;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-center justify-between gap-4 pt-6">
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          {pending ? (
            <Skeleton className="mt-1 h-8 w-12" />
          ) : (
            <p className="text-3xl font-bold" data-testid={`${testId}-value`}>
              {error || value === undefined ? "—" : formatCount(value)}
            </p>
          )}
        </div>
        {icon}
      </CardContent>
    </Card>
  );
}

function RecentDocuments() {
  const { t } = useTranslation("home");
  const recent = useRecentDocuments(HOME_RECENT_DOCUMENTS);
  return (
    <Card data-testid="recent-documents">
      <CardHeader className="flex flex-row items-center justify-between gap-4">
        <CardTitle>{t("recentDocuments")}</CardTitle>
        <Button asChild variant="ghost" size="sm" data-testid="link-view-all">
          <Link href={paths.documents.getHref()}>{t("viewAll")}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <ul className="space-y-3" aria-label={t("loadingRecent")}>
            {Array.from({ length: HOME_RECENT_DOCUMENTS }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-12" />
              </li>
            ))}
          </ul>
        ) : recent.isError ? (
          <ErrorNotice error={recent.error} fallback={t("recentFailed")} />
        ) : recent.data.length === 0 ? (
          <NoRecentDocuments />
        ) : (
          <ul className="divide-y">
            {recent.data.slice(0, HOME_RECENT_DOCUMENTS).map((document) => (
              <RecentDocumentRow key={document.id} document={document} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NoRecentDocuments() {
  const { t } = useTranslation("home");
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="empty-recent-documents">
      <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">{t("noDocuments")}</p>
      <UploadButton />
    </div>
  );
}

function RecentDocumentRow({ document }: { document: Document }) {
  return (
    <li data-testid={`recent-document-${document.id}`}>
      <Link
        href={paths.document.getHref(document.id)}
        className="flex items-center justify-between gap-3 rounded-md px-2 py-3 hover:bg-muted/50"
      >
        <span className="min-w-0">
          <span className="block truncate font-medium">{document.title}</span>
          <span className="block truncate text-sm text-muted-foreground">
            {document.category.name} · {document.owner} · {shortRelativeTime(document.updatedAt)}
          </span>
        </span>
        <StatusBadge status={document.status} />
      </Link>
    </li>
  );
}
