import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { useCreateVersion } from "../api/create-version";
import { MarkdownContent } from "./markdown-content";

/**
 * Edit content: the markdown in a text area, saved as a new version with a change note. The
 * version it started from travels as `expectedVersion`; when someone saved in between, the
 * server answers 409, the message shows and the text stays, and the person may then choose to
 * save on top of the newer version. The text area keeps a fixed height with its own scroll bar (a
 * long document never makes the page thousands of pixels tall), Preview renders the text as the
 * Content tab will, and the change note and Save stay in a bar pinned above the footer line.
 */
export function ContentEditor({ document, onDone }: { document: Document; onDone: () => void }) {
  const [content, setContent] = useState(document.currentVersion.content);
  const [changeNote, setChangeNote] = useState("");
  const [baseVersion, setBaseVersion] = useState(document.currentVersionNumber);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const save = useCreateVersion(document.id);
  const form = useRef<HTMLFormElement>(null);

  // Opened below the header, tabs and banners (far down on a phone): bring the editor to the top,
  // so the text area and the bar with Save fit on the screen together, and start typing there.
  useEffect(() => {
    form.current?.scrollIntoView({ block: "start" });
    form.current?.querySelector("textarea")?.focus({ preventScroll: true });
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      { content, changeNote, expectedVersion: baseVersion },
      {
        onSuccess: (saved) => {
          toast({
            title: "Version saved",
            description: `Version ${saved.currentVersionNumber} of ${saved.title} was created.`,
          });
          onDone();
        },
        onError: (err) =>
          setError({
            message: errorMessage(err, "The new version could not be saved. Please try again."),
            conflict: errorStatus(err) === 409,
          }),
      },
    );
  }

  return (
    <form ref={form} onSubmit={submit} className="grid scroll-mt-24 gap-4" data-testid="form-edit-content">
      <WriteAndPreview content={content} onChange={setContent} />
      {error && (
        <SaveError
          message={error.message}
          newer={
            error.conflict && document.currentVersionNumber !== baseVersion
              ? document.currentVersionNumber
              : null
          }
          onSaveOver={() => {
            setBaseVersion(document.currentVersionNumber);
            setError(null);
          }}
        />
      )}
      <div
        className="sticky bottom-8 z-10 -mx-4 flex flex-wrap items-end gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
        data-testid="edit-bar"
      >
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="edit-change-note">Change note</Label>
          <Input
            id="edit-change-note"
            value={changeNote}
            maxLength={500}
            placeholder="What changed and why"
            onChange={(e) => setChangeNote(e.target.value)}
            data-testid="input-change-note"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={save.isPending || content === document.currentVersion.content}
            data-testid="button-save-version"
          >
            {save.isPending ? "Saving..." : "Save as New Version"}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The markdown to write, and a Preview rendered as the Content tab will show it. */
function WriteAndPreview({ content, onChange }: { content: string; onChange: (content: string) => void }) {
  return (
    <Tabs defaultValue="write" className="gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor="edit-content">Content (markdown)</Label>
        <TabsList aria-label="Editor view">
          <TabsTrigger value="write" data-testid="tab-edit-write">
            Write
          </TabsTrigger>
          <TabsTrigger value="preview" data-testid="tab-edit-preview">
            Preview
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
      <TabsContent value="preview">
        <div
          className="h-[60vh] max-h-[40rem] min-h-[16rem] overflow-y-auto rounded-md border p-4"
          tabIndex={0}
          role="region"
          aria-label="Preview of the new version"
          data-testid="edit-preview"
        >
          {content.trim() === "" ? (
            <p className="text-muted-foreground">Nothing to preview yet.</p>
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
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive"
    >
      <p data-testid="text-edit-error">{message}</p>
      {newer !== null && (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={onSaveOver}>
            Keep my text and save over version {newer}
          </Button>
        </div>
      )}
    </div>
  );
}
