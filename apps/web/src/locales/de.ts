import common from "./de/common.json";
import shell from "./de/shell.json";
import auth from "./de/auth.json";
import home from "./de/home.json";
import settings from "./de/settings.json";
import dashboard from "./de/dashboard.json";
import shared from "./de/shared.json";
import documents from "./de/documents.json";
import upload from "./de/upload.json";
import search from "./de/search.json";
import approvals from "./de/approvals.json";
import document from "./de/document.json";
import palette from "./de/palette.json";
import tour from "./de/tour.json";
import documentParts from "./de/document-parts.json";
import activity from "./de/activity.json";
import notifications from "./de/notifications.json";
import type { Catalogue } from "./en";

/** Loaded on demand (lib/i18n.ts); the type keeps its namespaces and keys those of English. */
export const de: Catalogue = {
  common,
  shell,
  auth,
  home,
  settings,
  shared,
  dashboard,
  documents,
  upload,
  search,
  approvals,
  document,
  palette,
  tour,
  "document-parts": documentParts,
  activity,
  notifications,
};
