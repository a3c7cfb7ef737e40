import common from "./en/common.json";
import shell from "./en/shell.json";
import type auth from "./en/auth.json";
import type home from "./en/home.json";
import type settings from "./en/settings.json";
import type dashboard from "./en/dashboard.json";
import type shared from "./en/shared.json";
import type documents from "./en/documents.json";
import type upload from "./en/upload.json";
import type search from "./en/search.json";
import type approvals from "./en/approvals.json";
import type document from "./en/document.json";
import type palette from "./en/palette.json";
import type tour from "./en/tour.json";
import type documentParts from "./en/document-parts.json";
import type activity from "./en/activity.json";
import type notifications from "./en/notifications.json";

/**
 * English, one JSON file per namespace. The namespaces every page needs (common words and the app
 * shell) ship with the first load; a page's own namespace ships in the page's chunk, which adds it
 * when it loads (`addEnglish`), so converting a page adds nothing to the first load. German and
 * French hold every namespace (de.ts, fr.ts) and load on demand.
 */
export const enFirstLoad = { common, shell };

/** Every namespace, English's shape: what German and French must match and what keys are checked against. */
export type Catalogue = typeof enFirstLoad & {
  auth: typeof auth;
  home: typeof home;
  settings: typeof settings;
  dashboard: typeof dashboard;
  shared: typeof shared;
  documents: typeof documents;
  upload: typeof upload;
  search: typeof search;
  approvals: typeof approvals;
  document: typeof document;
  palette: typeof palette;
  tour: typeof tour;
  "document-parts": typeof documentParts;
  activity: typeof activity;
  notifications: typeof notifications;
};
