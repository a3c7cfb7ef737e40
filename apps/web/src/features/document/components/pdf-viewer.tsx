import { useEffect, useRef, useState, type ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { throwIfResNotOk } from "@/lib/api-client";

type State = { status: "loading" } | { status: "ready"; pages: number } | { status: "failed" };

/** Pages wider than this are scaled down to it; narrower screens scale further by CSS. */
const MAX_PAGE_WIDTH = 900;

/**
 * Renders the original PDF with pdf.js, one canvas per page. pdf.js and its worker load only
 * here (a separate chunk); the worker is a file Vite serves from our own origin, which the CSP's
 * `worker-src 'self'` allows. `fallback` shows the extracted text when rendering fails.
 */
export function PdfViewer({ url, title, fallback }: { url: string; title: string; fallback: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: "loading" });

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
        const res = await fetch(url, { credentials: "include" });
        await throwIfResNotOk(res);
        const data = new Uint8Array(await res.arrayBuffer());
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
          const scale = Math.min(MAX_PAGE_WIDTH / base.width, 2) * (window.devicePixelRatio || 1);
          const viewport = page.getViewport({ scale });
          const canvas = document.createElement("canvas");
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = "mx-auto mb-4 h-auto w-full max-w-[900px] rounded border bg-white shadow-sm";
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
    <div data-testid="pdf-viewer">
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
      <div ref={container} className={state.status === "failed" ? "hidden" : undefined} />
    </div>
  );
}
