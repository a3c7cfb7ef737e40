import { useEffect, useRef, useState } from "react";
import type { PageViewport, PDFDocumentProxy } from "pdfjs-dist";
import { apiFetchBytes } from "@/lib/api-client";

type PdfState = { status: "loading" } | { status: "ready"; pages: number } | { status: "failed" };

/** At "fit width" a page is as wide as the reading column, up to this many CSS pixels. */
const MAX_PAGE_WIDTH = 900;
/**
 * Pixels each page is drawn with: twice the widest fit, so zooming stays sharp on a desktop and a
 * 390 px phone can enlarge a page four-fold; bounded so a long PDF does not exhaust a phone's memory.
 */
const RENDER_WIDTH = 1800;

/** A page's CSS width at `zoom`: the fit width (column or 900 px) times the zoom. */
function pageWidth(zoom: number): string {
  return `calc(min(100%, ${MAX_PAGE_WIDTH}px) * ${zoom})`;
}

/** pdf.js and its worker, imported on demand so they stay in a chunk of their own. */
async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

function pageCanvas(viewport: PageViewport, label: string, zoom: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.className = "mx-auto mb-4 block h-auto max-w-none rounded border bg-white shadow-sm";
  canvas.style.width = pageWidth(zoom);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  canvas.dataset.testid = "pdf-page";
  return canvas;
}

/** Draws the pages in order into `host`; stops as soon as `cancelled()` says the viewer moved on. */
async function drawPages(
  host: HTMLElement,
  pdf: PDFDocumentProxy,
  title: string,
  zoom: () => number,
  cancelled: () => boolean,
): Promise<void> {
  host.replaceChildren();
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    if (cancelled()) return;
    const base = page.getViewport({ scale: 1 });
    const scale = RENDER_WIDTH / base.width;
    const viewport = page.getViewport({ scale });
    const canvas = pageCanvas(viewport, `${title}, page ${n} of ${pdf.numPages}`, zoom());
    host.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
}

/**
 * Draws the PDF at `url` into the returned container, one canvas per page, and keeps the pages
 * `zoom` times the fit width. The canvases live outside React's tree, so zooming restyles them.
 */
export function usePdfPages(url: string, title: string, zoom: number) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PdfState>({ status: "loading" });
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
        const pdfjs = await loadPdfjs();
        const data = new Uint8Array(await apiFetchBytes(url));
        const task = pdfjs.getDocument({ data, isEvalSupported: false });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        if (cancelled) return;
        const host = container.current;
        if (!host) return;
        await drawPages(
          host,
          pdf,
          title,
          () => zoomRef.current,
          () => cancelled,
        );
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

  return { container, state };
}
