import { useCallback, useRef } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Previous / Next between the pages of a list, with "Page n of m"; nothing when one page holds it
 * all. Every paged list uses it (All Documents, a category, the Approval Dashboard).
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
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label="Pages" data-testid="pagination">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
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
