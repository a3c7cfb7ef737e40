import { useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

function ShareDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Share</DialogTitle>
        <DialogDescription>Links to this document.</DialogDescription>
        <input aria-label="Link" />
      </DialogContent>
    </Dialog>
  );
}

/** Opened by a plain button, as the document page's Share does: not a Dialog.Trigger. */
function OpenedByButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Share</Button>
      <ShareDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Opened from a menu item, as Edit › Edit metadata and a document card's Archive are. */
function OpenedFromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setOpen(true)}>Edit metadata</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ShareDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function closeWithEscape() {
  const dialog = await screen.findByRole("dialog");
  fireEvent.keyDown(dialog, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

describe("DialogContent", () => {
  it("gives focus back to the button that opened it (focus used to fall to the page body)", async () => {
    render(<OpenedByButton />);
    const share = screen.getByRole("button", { name: "Share" });
    share.focus();
    fireEvent.click(share);
    await closeWithEscape();
    await waitFor(() => expect(document.activeElement).toBe(share));
  });

  it("gives focus back to the menu's button when a menu item opened it", async () => {
    render(<OpenedFromMenu />);
    const actions = screen.getByRole("button", { name: "Actions" });
    actions.focus();
    fireEvent.pointerDown(actions, { button: 0, pointerType: "mouse" });
    const item = await screen.findByRole("menuitem", { name: "Edit metadata" });
    item.focus();
    fireEvent.click(item);
    await closeWithEscape();
    await waitFor(() => expect(document.activeElement).toBe(actions));
  });
});
