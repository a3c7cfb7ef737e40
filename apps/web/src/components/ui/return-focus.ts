import { useEffect, useRef, type ComponentProps } from "react";
import type { Dialog as DialogPrimitive } from "radix-ui";

/** What had focus as the dialog opened; for an item of a menu that closes, the menu's button. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  const menuButton = menu?.id
    ? Array.from(document.querySelectorAll<HTMLElement>("[aria-controls]")).find(
        (element) => element.getAttribute("aria-controls") === menu.id,
      )
    : undefined;
  return menuButton ?? active;
}

/**
 * Radix gives focus back on close only to a Dialog.Trigger; our dialogs and the phone's drawer open
 * from a plain button or a menu item, and focus then fell to the page body. So the dialog remembers
 * what had focus when it opened and returns there, while that element is still on the page.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: Pick<ComponentProps<typeof DialogPrimitive.Content>, "onOpenAutoFocus" | "onCloseAutoFocus">) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/**
 * useReturnFocus for a panel that takes a part of the page instead of opening a dialog (the
 * content editor): what had focus as it mounted (for a menu item, the menu's button) gets it back
 * when it goes, if the focus went nowhere. Call it before any effect that moves the focus in.
 */
export function useReturnFocusOnUnmount() {
  useEffect(() => {
    const opener = openerOf(document.activeElement);
    return () => {
      const active = document.activeElement;
      if (opener?.isConnected && (active === null || active === document.body)) opener.focus();
    };
  }, []);
}
