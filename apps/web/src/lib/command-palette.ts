import { createContext, useContext } from "react";

/**
 * Opens the command palette or the list of keyboard shortcuts. The palette itself is a feature the
 * app mounts around the layout (and loads only when first opened); shared code such as the top
 * bar's button reaches it through this context. Null outside the app's layout.
 */
export type CommandPaletteControls = {
  openPalette: () => void;
  openShortcuts: () => void;
};

export const CommandPaletteContext = createContext<CommandPaletteControls | null>(null);

export function useCommandPalette(): CommandPaletteControls | null {
  return useContext(CommandPaletteContext);
}

/** Apple keyboards say ⌘ where others say Ctrl. */
export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** The palette's key combination as this keyboard labels it. */
export function paletteKeyLabel(): string {
  return isApplePlatform() ? "⌘K" : "Ctrl K";
}
