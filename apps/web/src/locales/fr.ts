import common from "./fr/common.json";
import shell from "./fr/shell.json";
import auth from "./fr/auth.json";
import home from "./fr/home.json";
import settings from "./fr/settings.json";
import dashboard from "./fr/dashboard.json";
import shared from "./fr/shared.json";
import documents from "./fr/documents.json";
import upload from "./fr/upload.json";
import search from "./fr/search.json";
import approvals from "./fr/approvals.json";
import document from "./fr/document.json";
import palette from "./fr/palette.json";
import tour from "./fr/tour.json";
import documentParts from "./fr/document-parts.json";
import activity from "./fr/activity.json";
import notifications from "./fr/notifications.json";
import type { Catalogue } from "./en";

/** Loaded on demand (lib/i18n.ts); the type keeps its namespaces and keys those of English. */
export const fr: Catalogue = {
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
