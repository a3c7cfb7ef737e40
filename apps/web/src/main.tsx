import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initTheme } from "@/lib/theme";
import { App } from "@/app/app";
import "./index.css";

// The server's CSP forbids inline scripts, so the stored theme is applied here, before React's
// first render; index.html starts with class="dark" so the default theme paints even earlier.
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html lost its #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
