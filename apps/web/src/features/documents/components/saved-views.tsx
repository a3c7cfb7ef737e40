import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Bookmark, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSavedViews, useSaveViews } from "@/features/documents/api/saved-views";
import type { SavedView } from "@quire/contracts";
import { withView, withoutView } from "../lib/saved-views";
import "../locale";

function SavedViewItem({ view, onDelete }: { view: SavedView; onDelete: () => void }) {
  const { t } = useTranslation("documents");
  return (
    <li className="flex items-center rounded-md border">
      <Link
        href={view.query ? `${paths.documents.getHref()}?${view.query}` : paths.documents.getHref()}
        className="flex items-center gap-1 px-2 py-1 text-sm break-words hover:underline"
        data-testid={`saved-view-${view.name}`}
      >
        <Bookmark className="size-3 shrink-0" aria-hidden="true" />
        {view.name}
      </Link>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t("views.delete", { name: view.name })}
        onClick={onDelete}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/** Names the current filters; the name goes out as typed, since withView trims it. */
function SaveViewForm({
  loaded,
  saving,
  onSave,
}: {
  loaded: boolean;
  saving: boolean;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation("documents");
  const [name, setName] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !loaded) return;
    onSave(name);
    setName("");
  }

  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor="saved-view-name">{t("views.saveAs")}</Label>
        <Input
          id="saved-view-name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("views.namePlaceholder")}
          data-testid="input-view-name"
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={!name.trim() || !loaded || saving}
        data-testid="button-save-view"
      >
        {t("views.save")}
      </Button>
    </form>
  );
}

/** Saved views of All Documents: save the current filters under a name, open or delete one. */
export function SavedViews({ currentQuery }: { currentQuery: string }) {
  const { t } = useTranslation("documents");
  const views = useSavedViews();
  const saveViews = useSaveViews();
  const list = views.data ?? [];

  function store(next: SavedView[]) {
    saveViews.mutate(next, {
      onError: (error) =>
        toast({ variant: "destructive", title: t("views.saveFailed"), description: errorMessage(error) }),
    });
  }

  return (
    <section aria-labelledby="saved-views-title" className="space-y-2" data-testid="saved-views">
      <h2 id="saved-views-title" className="text-sm font-medium">
        {t("views.title")}
      </h2>
      {list.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {list.map((view) => (
            <SavedViewItem key={view.name} view={view} onDelete={() => store(withoutView(list, view.name))} />
          ))}
        </ul>
      )}
      <SaveViewForm
        // Until the list has loaded, saving would replace the stored views with this one alone.
        loaded={views.data !== undefined}
        saving={saveViews.isPending}
        onSave={(name) => store(withView(list, { name, query: currentQuery }))}
      />
    </section>
  );
}
