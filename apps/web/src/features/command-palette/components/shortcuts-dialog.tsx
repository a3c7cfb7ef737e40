import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { isApplePlatform } from "@/lib/command-palette";
import { shortcutList } from "../lib/shortcuts";
import "../locale";

/** The keyboard shortcuts (opened with ?), as a list of keys and what they do. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const apple = isApplePlatform();
  const { t } = useTranslation("palette");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="dialog-shortcuts" closeLabel={t("shortcuts.close")}>
        <DialogHeader>
          <DialogTitle>{t("shortcuts.title")}</DialogTitle>
          <DialogDescription>{t("shortcuts.description")}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 text-sm">
          {shortcutList.map((shortcut) => (
            <div key={shortcut.does} className="contents">
              <dt className="flex gap-1">
                {shortcut.keys(apple).map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded border bg-muted px-1.5 py-0.5 text-center font-sans text-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{t(`shortcuts.${shortcut.does}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
