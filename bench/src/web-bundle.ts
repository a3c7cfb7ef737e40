// First-load JavaScript per route, from Vite's build manifest: the entry chunk, the route's lazy
// chunk, and every chunk either imports statically, gzipped as the server sends them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const webDist = fileURLToPath(new URL("../../apps/web/dist", import.meta.url));

/** The page each measured path renders (apps/web/src/app/routes.ts). */
export const routeModules: Record<string, string> = {
  "/": "src/features/landing/landing-page.tsx",
  "/home": "src/features/home/home-page.tsx",
  "/documents": "src/features/documents/documents-page.tsx",
  "/search": "src/features/search/search-page.tsx",
  "/dashboard": "src/features/dashboard/dashboard-page.tsx",
  "/approvals": "src/features/approvals/approvals-page.tsx",
  "/settings": "src/features/settings/settings-page.tsx",
};

function gzippedSize(dist: string, file: string): number {
  const full = path.join(dist, file);
  // The build's own .gz copy is what the server sends; files under its threshold go uncompressed.
  if (existsSync(`${full}.gz`)) return readFileSync(`${full}.gz`).length;
  return gzipSync(readFileSync(full), { level: 9 }).length;
}

/** Gzipped bytes of the JavaScript a first visit to each module's page loads before it renders. */
export function firstLoadBytes(dist: string, entries: string[]): number {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const entry of entries) visit(entry);
  return [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith(".js"))
    .reduce((sum, file) => sum + gzippedSize(dist, file), 0);
}

/** The peer: a React page that renders one heading, built by Vite in the same run. */
export async function buildPeer(): Promise<number> {
  // Inside the repository so react resolves from its node_modules.
  const root = fileURLToPath(new URL("../.peer-react", import.meta.url));
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(
    path.join(root, "index.html"),
    `<!doctype html><html lang="en"><head><title>Peer</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>`,
  );
  writeFileSync(
    path.join(root, "main.tsx"),
    `import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")!).render(<h1>Hello</h1>);\n`,
  );
  try {
    await build({
      root,
      logLevel: "silent",
      configFile: false,
      plugins: [react()],
      build: { outDir: path.join(root, "dist"), manifest: true, emptyOutDir: true },
    });
    return firstLoadBytes(path.join(root, "dist"), ["index.html"]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
