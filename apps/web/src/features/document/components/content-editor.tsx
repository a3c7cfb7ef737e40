import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { useReturnFocusOnUnmount } from "@/components/ui/return-focus";
import { MarkdownContent } from "./markdown-content";
import { useContentDraft } from "./use-content-draft";
import { EditFormatChoice } from "./edit-format-notice";
import { editOutcome } from "../lib/edit-outcome";
import "../locale";

// TipTap and ProseMirror load only when someone opens the rich-text mode.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * Edit content: the markdown in a text area, or the same text as rich text, saved as a new version
 * with a change note. A Word or PDF document first says what the new version will be and offers
 * "Upload a new version" before editing (EditFormatChoice). The version it started from travels as
 * `expectedVersion`; when someone saved in between, the server answers 409, the message shows and
 * the text stays, and the person may then choose to save on top of the newer version.
 */
export function ContentEditor({
  document,
  onDone,
  onUploadVersion,
}: {
  document: Document;
  onDone: () => void;
  onUploadVersion: () => void;
}) {
  // Fixed when the editor opens: a version saved meanwhile must not swap the choice for the form.
  const [outcome] = useState(() => editOutcome(document));
  const [chosen, setChosen] = useState(outcome === null);
  if (outcome && !chosen)
    return (
      <EditFormatChoice
        outcome={outcome}
        onUpload={onUploadVersion}
        onEdit={() => setChosen(true)}
        onCancel={onDone}
      />
    );
  return <EditForm document={document} onDone={onDone} note={outcome?.note ?? null} />;
}

/**
 * The text area keeps a fixed height with its own scroll bar (a long document never makes the page
 * thousands of pixels tall), Preview renders the text as the Content tab will, and the change note
 * and Save stay in a bar pinned above the footer line.
 */
function EditForm({
  document,
  onDone,
  note,
}: {
  document: Document;
  onDone: () => void;
  note: string | null;
}) {
  const draft = useContentDraft(document, onDone);
  const form = useRef<HTMLFormElement>(null);
  // Cancel or a save closes the editor: the focus goes back to Edit, not to the page's start.
  useReturnFocusOnUnmount();

  // Opened below the header, tabs and banners (far down on a phone): bring the editor to the top,
  // so the text area and the bar with Save fit on the screen together, and start typing there.
  useEffect(() => {
    form.current?.scrollIntoView({ block: "start" });
    form.current?.querySelector("textarea")?.focus({ preventScroll: true });
  }, []);

  return (
    <form
      ref={form}
      onSubmit={draft.submit}
      // grid-cols-1 (minmax(0, 1fr)): an implicit column grew to the Preview's widest table or
      // code block and pushed a phone's page sideways (704 px at 390).
      className="grid scroll-mt-24 grid-cols-1 gap-4"
      data-testid="form-edit-content"
    >
      <WriteAndPreview content={draft.content} onChange={draft.setContent} />
      {draft.error && (
        <SaveError message={draft.error.message} newer={draft.newer} onSaveOver={draft.saveOver} />
      )}
      <EditBar
        changeNote={draft.changeNote}
        onChangeNote={draft.setChangeNote}
        saving={draft.saving}
        unchanged={draft.content === document.currentVersion.content}
        onCancel={onDone}
        note={note}
      />
    </form>
  );
}

/** The change note, Cancel and Save, in a bar pinned above the footer line. */
function EditBar({
  changeNote,
  onChangeNote,
  saving,
  unchanged,
  onCancel,
  note,
}: {
  changeNote: string;
  onChangeNote: (changeNote: string) => void;
  saving: boolean;
  unchanged: boolean;
  onCancel: () => void;
  /** What the new version will be, when that is not plain text (a Word or PDF document). */
  note: string | null;
}) {
  const { t } = useTranslation("document");
  return (
    <div
      className="sticky bottom-8 z-10 -mx-4 flex flex-wrap items-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      data-testid="edit-bar"
    >
      {note && (
        <p className="w-full text-xs text-muted-foreground" data-testid="text-edit-note">
          {note}
        </p>
      )}
      <div className="grid min-w-48 flex-1 gap-1.5">
        <Label htmlFor="edit-change-note">{t("editor.changeNote")}</Label>
        <Input
          id="edit-change-note"
          value={changeNote}
          maxLength={500}
          placeholder={t("editor.changeNotePlaceholder")}
          onChange={(e) => onChangeNote(e.target.value)}
          data-testid="input-change-note"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          {t("editor.cancel")}
        </Button>
        <Button type="submit" disabled={saving || unchanged} data-testid="button-save-version">
          {saving ? t("editor.saving") : t("editor.save")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The markdown to write, the same text as rich text, and a Preview rendered as the Content tab will
 * show it. The rich-text editor mounts only while chosen; both edit the one markdown text.
 */
function WriteAndPreview({ content, onChange }: { content: string; onChange: (content: string) => void }) {
  const { t } = useTranslation("document");
  return (
    <Tabs defaultValue="write" className="gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor="edit-content">{t("editor.content")}</Label>
        <TabsList aria-label={t("editor.view")}>
          <TabsTrigger value="write" data-testid="tab-edit-write">
            {t("editor.write")}
          </TabsTrigger>
          <TabsTrigger value="rich" data-testid="tab-edit-rich">
            {t("editor.rich")}
          </TabsTrigger>
          <TabsTrigger value="preview" data-testid="tab-edit-preview">
            {t("editor.preview")}
          </TabsTrigger>
        </TabsList>
      </div>
      {/* forceMount keeps the text area (its scroll position and undo history) while previewing. */}
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <Textarea
          id="edit-content"
          value={content}
          onChange={(e) => onChange(e.target.value)}
          className="field-sizing-fixed h-[60vh] max-h-[40rem] min-h-[16rem] resize-y overflow-y-auto font-mono text-sm"
          spellCheck
          data-testid="textarea-content"
        />
      </TabsContent>
      <TabsContent value="rich">
        <Suspense
          fallback={
            <div className="h-[60vh] max-h-[40rem] min-h-[16rem] rounded-md border p-4" role="status">
              <p className="text-muted-foreground">{t("editor.loadingRich")}</p>
            </div>
          }
        >
          <RichTextEditor content={content} onChange={onChange} />
        </Suspense>
      </TabsContent>
      <TabsContent value="preview">
        <div
          className="h-[60vh] max-h-[40rem] min-h-[16rem] overflow-y-auto rounded-md border p-4"
          tabIndex={0}
          role="region"
          aria-label={t("editor.previewLabel")}
          data-testid="edit-preview"
        >
          {content.trim() === "" ? (
            <p className="text-muted-foreground">{t("editor.nothingToPreview")}</p>
          ) : (
            <MarkdownContent content={content} />
          )}
        </div>
      </TabsContent>
    </Tabs>
  );
}

/**
 * Why the save failed; when someone saved a newer version meanwhile (`newer`), the choice to keep
 * this text and save it over theirs.
 */
function SaveError({
  message,
  newer,
  onSaveOver,
}: {
  message: string;
  newer: number | null;
  onSaveOver: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive"
    >
      <p data-testid="text-edit-error">{message}</p>
      {newer !== null && (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={onSaveOver}>
            {t("editor.saveOver", { version: newer })}
          </Button>
        </div>
      )}
    </div>
  );
}
