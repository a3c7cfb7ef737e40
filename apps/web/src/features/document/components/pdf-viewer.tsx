import { useEffect, useRef, useState, type ReactNode } from "react";
import { MoveHorizontal, ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { apiFetchBytes } from "@/lib/api-client";

type State = { status: "loading" } | { status: "ready"; pages: number } | { status: "failed" };

/** At "fit width" a page is as wide as the reading column, up to this many CSS pixels. */
const MAX_PAGE_WIDTH = 900;
/**
 * Pixels each page is drawn with: twice the widest fit, so zooming stays sharp on a desktop and a
 * 390 px phone can enlarge a page four-fold; bounded so a long PDF does not exhaust a phone's memory.
 */
const RENDER_WIDTH = 1800;
/** Zoom steps, as multiples of the fit width. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/** A page's CSS width at `zoom`: the fit width (column or 900 px) times the zoom. */
function pageWidth(zoom: number): string {
  return `calc(min(100%, ${MAX_PAGE_WIDTH}px) * ${zoom})`;
}

function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const step = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  return (
    <div
      role="toolbar"
      aria-label="PDF zoom"
      className="mb-3 flex flex-wrap items-center justify-center gap-2"
      data-print-hide
    >
      <Button
        variant="outline"
        size="sm"
        aria-label="Zoom out"
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
        {zoom === 1 ? "Fit width" : `${Math.round(zoom * 100)}%`}
      </span>
      <Button
        variant="outline"
        size="sm"
        aria-label="Zoom in"
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
        Fit width
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
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: "loading" });
  const [zoom, setZoom] = useState(1);
  // Pages drawn while loading read the zoom from here, not from a stale closure.
  const zoomRef = useRef(zoom);

  useEffect(() => {
    zoomRef.current = zoom;
    for (const canvas of container.current?.querySelectorAll("canvas") ?? []) {
      canvas.style.width = pageWidth(zoom);
    }
  }, [zoom]);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([
          import("pdfjs-dist"),
          import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const data = new Uint8Array(await apiFetchBytes(url));
        const task = pdfjs.getDocument({ data, isEvalSupported: false });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        if (cancelled) return;
        const host = container.current;
        if (!host) return;
        host.replaceChildren();
        for (let n = 1; n <= pdf.numPages; n++) {
          const page = await pdf.getPage(n);
          if (cancelled) return;
          const base = page.getViewport({ scale: 1 });
          const scale = RENDER_WIDTH / base.width;
          const viewport = page.getViewport({ scale });
          const canvas = document.createElement("canvas");
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = "mx-auto mb-4 block h-auto max-w-none rounded border bg-white shadow-sm";
          canvas.style.width = pageWidth(zoomRef.current);
          canvas.setAttribute("role", "img");
          canvas.setAttribute("aria-label", `${title}, page ${n} of ${pdf.numPages}`);
          canvas.dataset.testid = "pdf-page";
          host.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        if (!cancelled) setState({ status: "ready", pages: pdf.numPages });
      } catch {
        if (!cancelled) setState({ status: "failed" });
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url, title]);

  return (
    <div className="min-w-0" data-testid="pdf-viewer">
      {state.status === "ready" && <ZoomControls zoom={zoom} onZoom={setZoom} />}
      {state.status === "loading" && (
        <div className="grid gap-2" role="status" aria-label="Rendering PDF">
          <Skeleton className="mx-auto aspect-[1/1.4] w-full max-w-[900px]" />
        </div>
      )}
      {state.status === "failed" && (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-muted-foreground">
            The PDF could not be displayed here; its extracted text follows.
          </p>
          {fallback}
        </div>
      )}
      {/* Focusable so a keyboard reader can scroll a zoomed page sideways with the arrow keys. */}
      <div
        ref={container}
        role="region"
        aria-label={`${title}, pages`}
        tabIndex={0}
        className={state.status === "failed" ? "hidden" : "overflow-x-auto rounded focus-visible:outline-2"}
        data-testid="pdf-pages"
      />
    </div>
  );
}
