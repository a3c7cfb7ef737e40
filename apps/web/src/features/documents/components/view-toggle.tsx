import { useTranslation } from "react-i18next";
import { LayoutGrid, List } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { DocumentsView } from "../hooks/use-documents-view";
import "../locale";

const VIEWS = [
  { view: "list", label: "layout.list", icon: List },
  { view: "grid", label: "layout.grid", icon: LayoutGrid },
] as const;

/** Two pressed-or-not buttons (a screen reader hears which view is on), icons with their names. */
export function ViewToggle({
  view,
  onChange,
}: {
  view: DocumentsView;
  onChange: (view: DocumentsView) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <div role="group" aria-label={t("layout.label")} className="flex gap-1" data-testid="view-toggle">
      {VIEWS.map(({ view: option, label, icon: Icon }) => (
        <Button
          key={option}
          type="button"
          variant={view === option ? "secondary" : "ghost"}
          size="icon"
          aria-label={t(label)}
          aria-pressed={view === option}
          title={t(label)}
          onClick={() => onChange(option)}
          data-testid={`button-layout-${option}`}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
