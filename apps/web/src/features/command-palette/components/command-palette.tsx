import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Command } from "cmdk";
import { useLocation } from "wouter";
import { ArrowRight, Bot, FileText, Loader2, Search } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { useFeatures } from "@/lib/api/settings";
import { useAbilities } from "@/lib/auth";
import { useQuickSearch } from "../api/quick-search";
import { askHref, matchCommands, pageCommands, searchHref, type PageCommand } from "../lib/commands";
import "../locale";

/** Typing pauses this long before the palette asks the server for matching documents. */
const SEARCH_PAUSE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const itemClass =
  "flex min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground";
const groupClass =
  "px-1 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";

/**
 * The command palette (Ctrl/⌘-K or the top bar's button): go to a page the role may open, search
 * documents (Enter runs the search on the Search page; the best few titles are listed as you
 * type), or ask the assistant. A dialog with a combobox and its list of options (cmdk), so screen
 * readers announce the highlighted option; closing it gives focus back to what had it.
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("palette");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[12dvh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        closeLabel={t("close")}
        data-testid="dialog-command-palette"
        data-command-palette=""
      >
        <DialogTitle className="sr-only">{t("title")}</DialogTitle>
        <DialogDescription className="sr-only">{t("description")}</DialogDescription>
        {/* Mounted only while open, so every opening starts with an empty box. */}
        {open && <PaletteBody onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const [, navigate] = useLocation();
  const { t } = useTranslation("palette");
  const abilities = useAbilities();
  const features = useFeatures();
  const [query, setQuery] = useState("");
  const typed = query.trim();
  const pages = matchCommands(pageCommands(abilities, features), typed);
  const searched = useDebounced(typed, SEARCH_PAUSE_MS);
  const documents = useQuickSearch(searched);
  // Shown only for what is typed now: an answer for an earlier text stays out of the list.
  const results = documents.data && searched === typed ? documents.data : [];

  const go = (href: string) => {
    onDone();
    navigate(href);
  };

  return (
    <Command label={t("title")} shouldFilter={false} loop vimBindings={false} className="flex flex-col">
      <div className="flex items-center gap-2 border-b px-3 pr-12">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder={t("placeholder")}
          maxLength={500}
          className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          data-testid="input-command-palette"
        />
      </div>
      <Command.List
        label={t("commands")}
        className="max-h-[min(60dvh,26rem)] overflow-y-auto overscroll-contain p-1"
        data-testid="list-command-palette"
      >
        {typed && (
          <Command.Group heading={t("searchAndAsk")} className={groupClass}>
            <PaletteItem value="search" onSelect={() => go(searchHref(typed))} testId="command-search">
              <Search aria-hidden="true" />
              <span className="min-w-0 truncate">{t("searchFor", { query: typed })}</span>
            </PaletteItem>
            <PaletteItem value="ask" onSelect={() => go(askHref(typed))} testId="command-ask">
              <Bot aria-hidden="true" />
              <span className="min-w-0 truncate">{t("ask", { query: typed })}</span>
            </PaletteItem>
          </Command.Group>
        )}
        {results.length > 0 && (
          <Command.Group
            heading={t("documents")}
            className={groupClass}
            data-testid="group-command-documents"
          >
            {results.map((result) => (
              <PaletteItem
                key={result.document.id}
                value={`document:${result.document.id}`}
                onSelect={() => go(paths.document.getHref(result.document.id))}
                testId={`command-document-${result.document.id}`}
              >
                <FileText aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{result.document.title}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {result.document.category.name}
                </span>
              </PaletteItem>
            ))}
          </Command.Group>
        )}
        {typed.length >= 2 && documents.isFetching && results.length === 0 && (
          <Command.Loading className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t("searching")}
          </Command.Loading>
        )}
        <PageGroup
          heading={t("groups.Pages")}
          commands={pages.filter((page) => page.group === "Pages")}
          go={go}
        />
        <PageGroup
          heading={t("groups.Settings")}
          commands={pages.filter((page) => page.group === "Settings")}
          go={go}
        />
      </Command.List>
    </Command>
  );
}

function PageGroup({
  heading,
  commands,
  go,
}: {
  heading: string;
  commands: readonly PageCommand[];
  go: (href: string) => void;
}) {
  if (commands.length === 0) return null;
  return (
    <Command.Group heading={heading} className={groupClass}>
      {commands.map((command) => (
        <PaletteItem
          key={command.value}
          value={command.value}
          onSelect={() => go(command.href)}
          testId={`command-go-${command.href.replace(/^\//, "").replace(/\//g, "-")}`}
        >
          <ArrowRight aria-hidden="true" />
          <span className="min-w-0 truncate">{command.label}</span>
        </PaletteItem>
      ))}
    </Command.Group>
  );
}

function PaletteItem({
  value,
  onSelect,
  testId,
  children,
}: {
  value: string;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className={`${itemClass} [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground`}
      data-testid={testId}
    >
      {children}
    </Command.Item>
  );
}
