import { useTranslation } from "react-i18next";
import { useMemo, useState } from "react";
import { useParams, useSearch } from "wouter";
import type { Document } from "@quire/contracts";
import { DocumentLoadError } from "@/components/documents/document-states";
import { Skeleton } from "@/components/ui/skeleton";
import { ReviewActionBanner } from "@/components/approvals/review-action-banner";
import { AcknowledgementCard } from "@/components/acknowledgements/acknowledgement-card";
import { useDocument } from "@/lib/api/document";
import { useFeatures } from "@/lib/api/settings";
import { cn } from "@/lib/utils";
import { AiSummaryCard, type DocumentTab } from "./components/ai-summary-card";
import { AskDocumentPanel } from "./components/ask-document";
import { DocumentDialogs } from "./components/document-dialogs";
import { DocumentHeader, type DocumentDialog } from "./components/document-header";
import { DocumentHistory } from "./components/document-history";
import { OutlineSidebar, wantsOutline } from "./components/document-outline";
import { DocumentTabs } from "./components/document-tabs";
import type { PendingQuote } from "./components/comment-quotes";
import { ImprovementSuggestions } from "./components/improvement-suggestions";
import { AutoFiledBanner } from "./components/auto-filed-banner";
import { ProcessingBanner } from "./components/processing-banner";
import { DocumentControl } from "./components/document-control";
import { ShareEmbedPanel } from "./components/share-embed-panel";
import { SummaryPanel } from "./components/summary-panel";
import { documentOutline, type OutlineEntry } from "./lib/anchors";
import "./locale";

export function DocumentPageSkeleton() {
  const { t } = useTranslation("document");
  return (
    <div className="grid gap-4" role="status" aria-label={t("loading")} data-testid="skeleton-document">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
      </div>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function readVersion(search: URLSearchParams): number | null {
  const v = Number(search.get("v"));
  return Number.isInteger(v) && v > 0 ? v : null;
}

const TABS: readonly DocumentTab[] = ["content", "versions", "comments", "approvals", "record"];

/** The tab a link asks for (?tab=comments, from a mention's notification), if it names one. */
function readTab(search: URLSearchParams): DocumentTab | null {
  const tab = search.get("tab");
  return TABS.find((known) => known === tab) ?? null;
}

/**
 * What the page shows: tab, editing, open dialog, summary panel and the passage chosen to comment
 * on. Held by DocumentPage above its loading and error returns, so it survives the document being
 * re-read or briefly failing. A link naming a tab opens it, also when it leads to the page already open.
 */
function useDocumentView(expandSummary: boolean, linkedTab: DocumentTab | null) {
  const [tab, setTab] = useState<DocumentTab>(linkedTab ?? "content");
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<DocumentDialog | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(expandSummary);
  const [quote, setQuote] = useState<PendingQuote | null>(null);
  // A new link (another notification) opens its tab; the reader's own choice stands until then.
  const [followed, setFollowed] = useState(linkedTab);
  if (linkedTab !== followed) {
    setFollowed(linkedTab);
    if (linkedTab) setTab(linkedTab);
  }
  return {
    tab,
    setTab,
    editing,
    setEditing,
    dialog,
    setDialog,
    summaryOpen,
    setSummaryOpen,
    quote,
    setQuote,
  };
}

type DocumentView = ReturnType<typeof useDocumentView>;

/** Seed §2 Document detail (/document/{id}, ?expand=summary, ?v={version}). */
export function DocumentPage() {
  const { id = "" } = useParams<{ id: string }>();
  const search = new URLSearchParams(useSearch());
  const document = useDocument(id);
  const view = useDocumentView(search.get("expand") === "summary", readTab(search));
  const features = useFeatures();
  const content = document.data?.currentVersion.content ?? "";
  const outline = useMemo(() => documentOutline(content), [content]);

  if (document.isPending) return <DocumentPageSkeleton />;
  if (document.isError)
    return <DocumentLoadError error={document.error} onRetry={() => void document.refetch()} />;
  const doc = document.data;
  // Summaries fetch as they mount: wait for the settings, so an Admin's "off" never costs a 403.
  const showSummaries = features.loaded && features.aiSummaries;
  const version = readVersion(search);
  // The outline is the current version's: shown while that text is on screen.
  const showOutline =
    view.tab === "content" &&
    !view.editing &&
    (version === null || version === doc.currentVersionNumber) &&
    wantsOutline(content, outline);
  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_auto]"
      data-testid="document-page"
    >
      <DocumentMain
        document={doc}
        view={view}
        showSummaries={showSummaries}
        version={version}
        outline={showOutline ? outline : null}
      />
      <DocumentSidePanel
        document={doc}
        view={view}
        showSummaries={showSummaries}
        outline={showOutline ? outline : null}
      />
      <DocumentDialogs document={doc} open={view.dialog} onClose={() => view.setDialog(null)} />
    </div>
  );
}

/** Header, banners, summary card, the tabs and suggestions. */
function DocumentMain({
  document,
  view,
  showSummaries,
  version,
  outline,
}: {
  document: Document;
  view: DocumentView;
  showSummaries: boolean;
  version: number | null;
  outline: readonly OutlineEntry[] | null;
}) {
  const { tab, setTab, editing, setEditing, setDialog } = view;
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
      <DocumentHeader
        document={document}
        onOpenDialog={setDialog}
        onEditContent={() => {
          setTab("content");
          setEditing(true);
        }}
      />
      <DocumentControl document={document} onRevise={() => setDialog("upload")} />
      <AcknowledgementCard document={document} />
      <ReviewActionBanner document={document} onNewVersion={() => setDialog("upload")} />
      <ProcessingBanner document={document} />
      <AutoFiledBanner document={document} />
      {showSummaries && (
        <AiSummaryCard
          documentId={document.id}
          tab={tab}
          panelOpen={view.summaryOpen}
          onOpenPanel={() => view.setSummaryOpen(true)}
        />
      )}
      <DocumentTabs
        document={document}
        tab={tab}
        onTabChange={setTab}
        version={version}
        editing={editing}
        onStopEditing={() => setEditing(false)}
        onUploadVersion={() => {
          setEditing(false);
          setDialog("upload");
        }}
        outline={outline}
        onSubmitForReview={() => setDialog("submit")}
        quote={view.quote}
        onQuote={view.setQuote}
      />
      <ImprovementSuggestions documentId={document.id} />
    </div>
  );
}

function DocumentSidePanel({
  document,
  view,
  showSummaries,
  outline,
}: {
  document: Document;
  view: DocumentView;
  showSummaries: boolean;
  outline: readonly OutlineEntry[] | null;
}) {
  const { t } = useTranslation("document");
  const { summaryOpen, setSummaryOpen } = view;
  return (
    <aside
      aria-label={t("sidePanel")}
      className={cn("grid content-start gap-4 transition-[width]", summaryOpen ? "lg:w-96" : "lg:w-72")}
      data-testid="side-panel"
      data-expanded={summaryOpen}
    >
      {showSummaries && (
        <SummaryPanel documentId={document.id} open={summaryOpen} onOpenChange={setSummaryOpen} />
      )}
      {/* Answers come from the saved text, so asking steps aside while that text is being edited. */}
      {!view.editing && <AskDocumentPanel key={document.id} documentId={document.id} />}
      <ShareEmbedPanel document={document} onShowAccess={() => view.setDialog("share")} />
      {document.abilities.archive && <DocumentHistory documentId={document.id} />}
      {outline && <OutlineSidebar entries={outline} />}
    </aside>
  );
}
