import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AccessEditor } from "./category-access-editor";

const groups = Array.from({ length: 23 }, (_, i) => ({
  id: `g${i + 1}`,
  name: `Team ${String(i + 1).padStart(2, "0")}`,
  description: "",
  memberCount: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
}));
const access = {
  categoryId: "c1",
  everyone: "view" as const,
  groups: [{ groupId: "g2", access: "edit" as const }],
};
const groupRows = () => document.querySelectorAll('[data-testid^="select-access-group-"]').length;

describe("Category Access with many groups", () => {
  it("filters the group rows by name and still saves the levels of rows it hides", () => {
    const onSave = vi.fn();
    render(<AccessEditor access={access} groups={groups} saving={false} onSave={onSave} />);
    expect(groupRows()).toBe(23);
    fireEvent.change(screen.getByTestId("input-filter-access-groups"), { target: { value: "team 07" } });
    expect(groupRows()).toBe(1);
    expect(screen.getByTestId("select-access-group-Team 07")).toBeTruthy();
    fireEvent.change(screen.getByTestId("input-filter-access-groups"), { target: { value: "legal" } });
    expect(screen.getByTestId("text-no-access-groups-match").textContent).toBe("No groups match “legal”.");
    fireEvent.click(screen.getByTestId("button-save-category-access"));
    expect(onSave).toHaveBeenCalledWith(access);
  });
});
