import { describe, expect, it } from "vitest";
import { isTypingTarget, shortcutFor } from "./shortcuts";

function press(key: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) {
  return {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: key === "?",
    isComposing: false,
    defaultPrevented: false,
    target,
    ...mods,
  };
}

function element(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("shortcutFor", () => {
  const closed = { dialogOpen: false };

  it("opens the palette with Ctrl-K or ⌘-K, in either case of the letter", () => {
    expect(shortcutFor(press("k", document.body, { ctrlKey: true }), closed)).toBe("palette");
    expect(shortcutFor(press("k", document.body, { metaKey: true }), closed)).toBe("palette");
    expect(shortcutFor(press("K", document.body, { ctrlKey: true }), closed)).toBe("palette");
    expect(shortcutFor(press("k", document.body, { ctrlKey: true, shiftKey: true }), closed)).toBeNull();
    expect(shortcutFor(press("k"), closed)).toBeNull();
  });

  it("reads / as search and ? as the shortcut list outside text fields", () => {
    expect(shortcutFor(press("/"), closed)).toBe("search");
    expect(shortcutFor(press("?"), closed)).toBe("help");
    expect(shortcutFor(press("/", element("<button>Save</button>")), closed)).toBe("search");
    expect(shortcutFor(press("?", element('<input type="checkbox">')), closed)).toBe("help");
  });

  it("leaves / and ? to the person typing in an input, a text area, a select or editable text", () => {
    for (const html of [
      "<input>",
      '<input type="search">',
      '<input type="email">',
      "<textarea></textarea>",
      "<select></select>",
      '<div role="combobox"></div>',
    ]) {
      expect(shortcutFor(press("/", element(html)), closed), html).toBeNull();
      expect(shortcutFor(press("?", element(html)), closed), html).toBeNull();
    }
    const editable = element('<div contenteditable="true"></div>');
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, "isContentEditable", { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    // Ctrl-K types nothing, so a field does not stop it.
    expect(shortcutFor(press("k", element("<textarea></textarea>"), { ctrlKey: true }), closed)).toBe(
      "palette",
    );
  });

  it("does nothing while another dialog is open, during composition, after a handler took the key, or with a modifier", () => {
    expect(shortcutFor(press("k", document.body, { ctrlKey: true }), { dialogOpen: true })).toBeNull();
    expect(shortcutFor(press("?"), { dialogOpen: true })).toBeNull();
    expect(shortcutFor(press("/", document.body, { isComposing: true }), closed)).toBeNull();
    expect(shortcutFor(press("/", document.body, { defaultPrevented: true }), closed)).toBeNull();
    expect(shortcutFor(press("/", document.body, { ctrlKey: true }), closed)).toBeNull();
    expect(shortcutFor(press("/", document.body, { altKey: true }), closed)).toBeNull();
  });
});
