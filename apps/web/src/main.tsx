import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initTheme } from "@/lib/theme";
import { App } from "@/app/app";
import "./index.css";

// public/theme-init.js already set the class before first paint; this syncs the theme store
// with it (and covers a page that loaded without that script).
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html lost its #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
