import type { Document } from "@quire/contracts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFeatures } from "@/lib/api/settings";
import type { DocumentTab } from "./ai-summary-card";
import { ApprovalRecordTab } from "./approval-record-tab";
import { ApprovalsTab } from "./approvals-tab";
import { ContentTab } from "./content-tab";
import type { OutlineEntry } from "../lib/anchors";
import { OutlineDisclosure } from "./document-outline";
import { VersionsTab } from "./versions-tab";

/** Content (with the outline on a narrow screen), Versions (n) and, when workflows are on, Approvals and its signed record. */
export function DocumentTabs({
  document,
  tab,
  onTabChange,
  version,
  editing,
  onStopEditing,
  outline,
  onSubmitForReview,
}: {
  document: Document;
  tab: DocumentTab;
  onTabChange: (tab: DocumentTab) => void;
  /** The version asked for in the URL (?v=), or null for the current one. */
  version: number | null;
  editing: boolean;
  onStopEditing: () => void;
  /** The outline to offer above the text, or null when it is not shown. */
  outline: readonly OutlineEntry[] | null;
  onSubmitForReview: () => void;
}) {
  const features = useFeatures();
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as DocumentTab)}>
      <TabsList>
        <TabsTrigger value="content" data-testid="tab-content">
          Content
        </TabsTrigger>
        <TabsTrigger value="versions" data-testid="tab-versions">
          Versions ({document.versionCount})
        </TabsTrigger>
        {features.approvalWorkflows && (
          <TabsTrigger value="approvals" data-testid="tab-approvals">
            Approvals
          </TabsTrigger>
        )}
        {features.approvalWorkflows && (
          <TabsTrigger value="record" data-testid="tab-approval-record">
            Approval record
          </TabsTrigger>
        )}
      </TabsList>
      <TabsContent value="content" className="rounded-lg border p-4 sm:p-6">
        {outline && <OutlineDisclosure entries={outline} />}
        <ContentTab document={document} version={version} editing={editing} onStopEditing={onStopEditing} />
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
