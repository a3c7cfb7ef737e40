/**
 * The text of a summary list item: a string as it is, or an object's `text`, `message`, `note`,
 * `description` or `title`, with its `where`/`location` when given.
 */
export function itemText(item: unknown): string {
  if (typeof item === "string") return item;
  if (typeof item === "number") return String(item);
  if (item && typeof item === "object") {
    const record = item as Record<string, unknown>;
    const text = ["text", "message", "note", "description", "title", "summary"]
      .map((key) => record[key])
      .find((value): value is string => typeof value === "string");
    const where = ["where", "location", "section"]
      .map((key) => record[key])
      .find((value): value is string => typeof value === "string");
    if (text) return where ? `${text} (${where})` : text;
  }
  return "";
}

export function itemTexts(items: unknown): string[] {
  return Array.isArray(items) ? items.map(itemText).filter(Boolean) : [];
}
