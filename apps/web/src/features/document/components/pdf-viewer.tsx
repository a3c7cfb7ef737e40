import { useState, type ReactNode } from "react";
import { MoveHorizontal, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatPercent } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { usePdfPages } from "./use-pdf-pages";
import "../locale";

/** Zoom steps, as multiples of the fit width. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation("document");
  const step = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div
      role="toolbar"
      aria-label={t("pdf.zoom")}
      className="mb-3 flex flex-wrap items-center justify-center gap-2"
      data-print-hide
    >
      <Button
        variant="outline"
        size="sm"
        aria-label={t("pdf.zoomOut")}
        disabled={step <= 0}
        onClick={() => onZoom(ZOOMS[step - 1] ?? 1)}
        data-testid="button-pdf-zoom-out"
      >
        <ZoomOut aria-hidden="true" />
      </Button>
      <span
        className="min-w-16 text-center text-sm tabular-nums"
        aria-live="polite"
        data-testid="text-pdf-zoom"
      >
        {zoom === 1 ? t("pdf.fit") : formatPercent(zoom * 100)}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label={t("pdf.zoomIn")}
        disabled={step >= ZOOMS.length - 1}
        onClick={() => onZoom(ZOOMS[step + 1] ?? zoom)}
        data-testid="button-pdf-zoom-in"
      >
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={zoom === 1}
        onClick={() => onZoom(1)}
        data-testid="button-pdf-zoom-fit"
      >
        <MoveHorizontal aria-hidden="true" />
        {t("pdf.fit")}
      </Button>
    </div>
  );
}

/**
 * Renders the original PDF with pdf.js, one canvas per page. pdf.js and its worker load only
 * here (a separate chunk); the worker is a file Vite serves from our own origin, which the CSP's
 * `worker-src 'self'` allows. `fallback` shows the extracted text when rendering fails.
 * Pages fit the column (a phone's width too); zooming widens them inside their own scroll box,
 * never the page, so a phone reader can enlarge small print without the layout sliding sideways.
 */
export function PdfViewer({ url, title, fallback }: { url: string; title: string; fallback: ReactNode }) {
  const { t } = useTranslation("document");
  const [zoom, setZoom] = useState(1);
  const { container, state } = usePdfPages(url, title, zoom);

  return (
    <div className="min-w-0" data-testid="pdf-viewer">
      {state.status === "ready" && <ZoomControls zoom={zoom} onZoom={setZoom} />}
      {state.status === "loading" && (
        <div className="grid gap-2" role="status" aria-label={t("pdf.rendering")}>
          <Skeleton className="mx-auto aspect-[1/1.4] w-full max-w-[900px]" />
        </div>
      )}
      {state.status === "failed" && (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-muted-foreground">
            {t("pdf.failed")}
          </p>
          {fallback}
        </div>
      )}
      {/* Focusable so a keyboard reader can scroll a zoomed page sideways with the arrow keys. */}
      <div
        ref={container}
        role="region"
        aria-label={t("pdf.pages", { title })}
        tabIndex={0}
        className={state.status === "failed" ? "hidden" : "overflow-x-auto rounded focus-visible:outline-2"}
        data-testid="pdf-pages"
      />
    </div>
  );
}
