// First: zod's settings must be in place before any schema is built (see the file).
import "@/lib/zod-setup";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initTheme } from "@/lib/theme";
import { applyLanguage, initI18n, initialLanguage } from "@/lib/i18n";
import { App } from "@/app/app";
import "./index.css";

// public/boot.js already set the class before first paint; this syncs the theme store
// with it (and covers a page that loaded without that script).
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html lost its #root element");
const mount = root;

// English is in this bundle; another language's catalogue arrives before the first paint, so the
// page never flashes English at someone who chose German or French.
initI18n();
const language = initialLanguage();
void (language === "en" ? Promise.resolve() : applyLanguage(language)).finally(() =>
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
