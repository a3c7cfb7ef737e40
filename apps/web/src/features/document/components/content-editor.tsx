import { useState, type FormEvent } from "react";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { useCreateVersion } from "../api/create-version";

/**
 * Edit content: the markdown in a text area, saved as a new version with a change note. The
 * version it started from travels as `expectedVersion`; when someone saved in between, the
 * server answers 409, the message shows and the text stays, and the person may then choose to
 * save on top of the newer version.
 */
export function ContentEditor({ document, onDone }: { document: Document; onDone: () => void }) {
  const [content, setContent] = useState(document.currentVersion.content);
  const [changeNote, setChangeNote] = useState("");
  const [baseVersion, setBaseVersion] = useState(document.currentVersionNumber);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const save = useCreateVersion(document.id);

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
    <form onSubmit={submit} className="grid gap-4" data-testid="form-edit-content">
      <div className="grid gap-2">
        <Label htmlFor="edit-content">Content (markdown)</Label>
        <Textarea
          id="edit-content"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          className="min-h-[24rem] font-mono text-sm [field-sizing:fixed]"
          spellCheck
          data-testid="textarea-content"
        />
      </div>
      <div className="grid gap-2">
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
      {error && (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm text-destructive"
        >
          <p data-testid="text-edit-error">{error.message}</p>
          {error.conflict && document.currentVersionNumber !== baseVersion && (
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  setBaseVersion(document.currentVersionNumber);
                  setError(null);
                }}
              >
                Keep my text and save over version {document.currentVersionNumber}
              </Button>
            </div>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
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
    </form>
  );
}
