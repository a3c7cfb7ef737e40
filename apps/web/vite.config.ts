import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  // gzip and brotli copies beside each file: the server sends them as they are (preCompressed).
  plugins: [react(), tailwindcss(), compression({ algorithms: ["gzip", "brotliCompress"], threshold: 1024 })],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    // No changeOrigin: the API compares Origin with Host to refuse cross-site writes, and both must
    // keep naming the dev server for that check to pass.
    proxy: { "/api": { target: "http://localhost:5000" } },
  },
  build: {
    outDir: "dist",
    // bench -- web reads it to add up the JavaScript each route loads first.
    manifest: true,
    emptyOutDir: true,
    // The one chunk past Vite's 500 kB warning is the rich-text editor (TipTap, ProseMirror and
    // marked, 515 kB, 163 kB gzipped), which loads only when someone opens that editing mode.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // React changes less often than our code: its chunk stays cached across deploys. No group
        // for Radix or a catch-all vendor group: a group is one chunk, so it would pull the
        // components only lazy pages use (tabs, checkbox, switch...) into the first load.
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
