import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { paths } from "@/config/paths";
import { CommandPaletteContext, type CommandPaletteControls } from "@/lib/command-palette";
import { shortcutFor } from "./lib/shortcuts";

// Loaded on first use: the palette (with cmdk) and the shortcut list stay out of every page's first load.
const CommandPalette = lazy(async () => ({
  default: (await import("./components/command-palette")).CommandPalette,
}));
const ShortcutsDialog = lazy(async () => ({
  default: (await import("./components/shortcuts-dialog")).ShortcutsDialog,
}));

type Open = "palette" | "shortcuts" | null;

/** A dialog other than the palette is open (a form, the phone's drawer): it keeps the keys. */
function otherDialogOpen(): boolean {
  return document.querySelector('[role="dialog"]:not([data-command-palette]), [role="alertdialog"]') !== null;
}

/** The page's own search box: the first search field in the main area. */
function pageSearchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('main input[type="search"]');
}

/**
 * Keyboard shortcuts for the signed-in app, and the palette and shortcut list they open: Ctrl/⌘-K
 * the palette, / the page's search box (or the Search page), ? the list of shortcuts. Wraps the
 * layout so the top bar's button can open the palette too.
 */
export function CommandPaletteHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  // Once loaded, a dialog stays mounted (closed), so closing it can give the focus back.
  const [used, setUsed] = useState<{ palette: boolean; shortcuts: boolean }>({
    palette: false,
    shortcuts: false,
  });
  const [location, navigate] = useLocation();
  const focusSearchOnArrival = useRef(false);

  const controls = useMemo<CommandPaletteControls>(
    () => ({
      openPalette: () => {
        setUsed((was) => ({ ...was, palette: true }));
        setOpen("palette");
      },
      openShortcuts: () => {
        setUsed((was) => ({ ...was, shortcuts: true }));
        setOpen("shortcuts");
      },
    }),
    [],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event, { dialogOpen: otherDialogOpen() });
      if (!action) return;
      event.preventDefault();
      if (action === "palette") {
        if (open === "palette") setOpen(null);
        else controls.openPalette();
      } else if (action === "help") controls.openShortcuts();
      else {
        const box = pageSearchBox();
        if (box) box.focus();
        else {
          focusSearchOnArrival.current = true;
          navigate(paths.search.getHref());
        }
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, controls, navigate]);

  // After / opened the Search page, its box takes the focus once the page (loaded on demand) is in.
  useEffect(() => {
    if (!focusSearchOnArrival.current || location !== paths.search.path) return;
    focusSearchOnArrival.current = false;
    const found = () => {
      const box = pageSearchBox();
      if (box) box.focus();
      return box !== null;
    };
    if (found()) return;
    const observer = new MutationObserver(() => found() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [location]);

  const onOpenChange = (kind: Exclude<Open, null>) => (next: boolean) => setOpen(next ? kind : null);

  return (
    <CommandPaletteContext value={controls}>
      {children}
      <Suspense fallback={null}>
        {used.palette && <CommandPalette open={open === "palette"} onOpenChange={onOpenChange("palette")} />}
        {used.shortcuts && (
          <ShortcutsDialog open={open === "shortcuts"} onOpenChange={onOpenChange("shortcuts")} />
        )}
      </Suspense>
    </CommandPaletteContext>
  );
}
