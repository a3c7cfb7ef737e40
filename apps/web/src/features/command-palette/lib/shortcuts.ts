/** What a key press asks for: the palette (Ctrl/⌘-K), the page's search box (/), the shortcut list (?). */
export type ShortcutAction = "palette" | "search" | "help";

/**
 * The keyboard shortcuts, as the list opened with ? shows them; what each does is worded by
 * `palette:shortcuts.<does>`. Key names stay as printed on keyboards.
 */
export const shortcutList: ReadonlyArray<{
  keys: (apple: boolean) => string[];
  does: "palette" | "search" | "help" | "escape";
}> = [
  { keys: (apple) => (apple ? ["⌘", "K"] : ["Ctrl", "K"]), does: "palette" },
  { keys: () => ["/"], does: "search" },
  { keys: () => ["?"], does: "help" },
  { keys: () => ["Esc"], does: "escape" },
];

/** Input types a person types text into; a checkbox or a button takes no typing. */
const TEXT_INPUT_TYPES = new Set([
  "text",
  "search",
  "email",
  "url",
  "tel",
  "password",
  "number",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/** Whether keys pressed in `target` are typing: text fields, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  if (target.isContentEditable) return true;
  const role = target.getAttribute("role");
  return role === "textbox" || role === "combobox" || role === "searchbox";
}

type KeyPress = Pick<
  KeyboardEvent,
  "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "isComposing" | "defaultPrevented" | "target"
>;

/**
 * The shortcut a key press means, or null. `dialogOpen`: a dialog other than the palette is open,
 * and keeps the keys. Ctrl/⌘-K types no character, so it works from a text field too (the palette's
 * own box included, where it closes the palette again); / and ? are characters, so they do nothing
 * while the person is typing.
 */
export function shortcutFor(event: KeyPress, { dialogOpen }: { dialogOpen: boolean }): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing || dialogOpen) return null;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k")
    return "palette";
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.key === "/") return "search";
  if (event.key === "?") return "help";
  return null;
}
