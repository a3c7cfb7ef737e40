import { useTranslation } from "react-i18next";
import { useRef } from "react";
import type { Document } from "@quire/contracts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFeatures } from "@/lib/api/settings";
import type { DocumentTab } from "./ai-summary-card";
import { ApprovalRecordTab } from "./approval-record-tab";
import { ApprovalsTab } from "./approvals-tab";
import { CommentOnSelection } from "./comment-on-selection";
import type { PendingQuote } from "./comment-quotes";
import { CommentsTab } from "./comments-tab";
import { ContentTab } from "./content-tab";
import type { OutlineEntry } from "../lib/anchors";
import { OutlineDisclosure } from "./document-outline";
import { VersionsTab } from "./versions-tab";
import { formatCount } from "@/lib/format";
import "../locale";

/**
 * Content (with the outline on a narrow screen), Versions (n), Comments and, when workflows are on,
 * Approvals and its signed record. Text selected in the content can be commented on.
 */
export function DocumentTabs({
  document,
  tab,
  onTabChange,
  version,
  editing,
  onStopEditing,
  onUploadVersion,
  outline,
  onSubmitForReview,
  quote,
  onQuote,
}: {
  document: Document;
  tab: DocumentTab;
  onTabChange: (tab: DocumentTab) => void;
  /** The version asked for in the URL (?v=), or null for the current one. */
  version: number | null;
  editing: boolean;
  onStopEditing: () => void;
  /** Leaves the editor for the upload of a new file (offered first for a Word or PDF document). */
  onUploadVersion: () => void;
  /** The outline to offer above the text, or null when it is not shown. */
  outline: readonly OutlineEntry[] | null;
  onSubmitForReview: () => void;
  /** The passage chosen to comment on, until the comment is posted or the passage dropped. */
  quote: PendingQuote | null;
  onQuote: (quote: PendingQuote | null) => void;
}) {
  const { t } = useTranslation("document");
  const features = useFeatures();
  const content = useRef<HTMLDivElement>(null);
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as DocumentTab)}>
      <TabsList>
        <TabsTrigger value="content" data-testid="tab-content">
          {t("tabs.content")}
        </TabsTrigger>
        <TabsTrigger value="versions" data-testid="tab-versions">
          {t("tabs.versions", { n: formatCount(document.versionCount) })}
        </TabsTrigger>
        <TabsTrigger value="comments" data-testid="tab-comments">
          {t("tabs.comments")}
        </TabsTrigger>
        {features.approvalWorkflows && (
          <TabsTrigger value="approvals" data-testid="tab-approvals">
            {t("tabs.approvals")}
          </TabsTrigger>
        )}
        {features.approvalWorkflows && (
          <TabsTrigger value="record" data-testid="tab-approval-record">
            {t("tabs.record")}
          </TabsTrigger>
        )}
      </TabsList>
      <TabsContent value="content" className="rounded-lg border p-4 sm:p-6" ref={content}>
        {outline && <OutlineDisclosure entries={outline} />}
        <ContentTab
          document={document}
          version={version}
          editing={editing}
          onStopEditing={onStopEditing}
          onUploadVersion={onUploadVersion}
        />
        {!editing && tab === "content" && (
          <CommentOnSelection
            container={content}
            version={version !== null && version !== document.currentVersionNumber ? version : null}
            onComment={(chosen) => {
              onQuote(chosen);
              onTabChange("comments");
            }}
          />
        )}
      </TabsContent>
      <TabsContent value="comments" className="rounded-lg border p-4 sm:p-6">
        <CommentsTab documentId={document.id} quote={quote} onClearQuote={() => onQuote(null)} />
      </TabsContent>
      <TabsContent value="versions" className="rounded-lg border p-4 sm:p-6">
        <VersionsTab documentId={document.id} compare={features.loaded && features.versionDiff} />
      </TabsContent>
      <TabsContent value="approvals" className="rounded-lg border p-4 sm:p-6">
        <ApprovalsTab
          documentId={document.id}
          canSubmit={document.abilities.submitForReview}
          onSubmitForReview={onSubmitForReview}
        />
      </TabsContent>
      <TabsContent value="record" className="rounded-lg border p-4 sm:p-6">
        <ApprovalRecordTab documentId={document.id} />
      </TabsContent>
    </Tabs>
  );
}
