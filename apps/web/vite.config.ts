import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    // No changeOrigin: the API compares Origin with Host to refuse cross-site writes, and both must
    // keep naming the dev server for that check to pass.
    proxy: { "/api": { target: "http://localhost:5000" } },
  },
  build: { outDir: "dist", emptyOutDir: true },
});
