/**
 * The schemas the web app's frame and its first pages check their answers with: the session, the
 * sidebar (settings, categories, counts, the bell), the documents list and the live events. A
 * separate entry, so a first visit evaluates zod and these few modules rather than every schema
 * of the API (the whole index is about three times the code, and building its schemas held the
 * main thread for over 100 ms before the first page could show). Later pages load the index.
 */
export {
  languageChoiceSchema,
  loginOptionsSchema,
  savedViewsSchema,
  sessionUserSchema,
  tourStateSchema,
} from "./auth";
export { categorySchema, categoryStatsSchema } from "./categories";
export { documentFacetsSchema, documentSchema } from "./documents";
export { liveEventSchema, liveEventTypes } from "./events";
export { unreadCountSchema } from "./notification-count";
export { settingsSchema } from "./settings";
