import type { SavedView } from "@quire/contracts";

/**
 * Saved views of All Documents: a name and the list's query string, kept per user on the
 * server (GET/PUT /api/auth/views). These pure helpers edit the list before it is saved.
 */
export const MAX_SAVED_VIEWS = 20;

/** Adds or replaces (same name) a view, newest first, at most MAX_SAVED_VIEWS. */
export function withView(views: readonly SavedView[], view: SavedView): SavedView[] {
  const name = view.name.trim().slice(0, 60);
  if (!name) return [...views];
  return [{ name, query: view.query }, ...views.filter((v) => v.name !== name)].slice(0, MAX_SAVED_VIEWS);
}

export function withoutView(views: readonly SavedView[], name: string): SavedView[] {
  return views.filter((v) => v.name !== name);
}
