import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import "@/components/locale";

/**
 * Previous / Next between the pages of a list, with "Page n of m"; nothing when one page holds it
 * all. Every paged list uses it (All Documents, a category, the Approval Dashboard, Settings' users
 * and groups). Reaching the last (or first) page disables the button just pressed, which would drop
 * the keyboard focus to the page's start; the focus moves to the other button instead, without
 * scrolling, since the list may just have brought its top into view.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("shared");
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const go = (to: number, pressed: HTMLButtonElement | null, other: HTMLButtonElement | null) => {
    onPage(to);
    if ((to <= 1 || to >= pages) && document.activeElement === pressed) other?.focus({ preventScroll: true });
  };
  return (
    <nav
      className="flex items-center justify-between gap-2"
      aria-label={t("pagination.label")}
      data-testid="pagination"
    >
      <Button
        ref={previous}
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => go(page - 1, previous.current, next.current)}
      >
        <ChevronLeft aria-hidden="true" />
        {t("pagination.previous")}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {t("pagination.page", { page: formatCount(Math.min(page, pages)), pages: formatCount(pages) })}
      </span>
      <Button
        ref={next}
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => go(page + 1, next.current, previous.current)}
      >
        {t("pagination.next")}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/**
 * The top of a paged list, to bring into view on a new page: Next sits below the last item, and
 * the new page's first item, not its last, is where reading goes on. Nothing moves when the top is
 * already on screen.
 */
export function useListTop<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const reveal = useCallback(() => {
    const top = ref.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: "start" });
  }, []);
  return [ref, reveal] as const;
}
