import { useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

function ThreePages({ start }: { start: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pageSize={10} total={25} onPage={setPage} />;
}

describe("Pagination", () => {
  it("moves the focus to Previous when Next reaches the last page, so it is not lost", () => {
    render(<ThreePages start={2} />);
    const next = screen.getByRole("button", { name: /Next/ });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByText("Page 3 of 3")).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Previous/ }));
  });

  it("moves the focus to Next when Previous reaches the first page, and leaves it alone between", () => {
    render(<ThreePages start={3} />);
    const previous = screen.getByRole("button", { name: /Previous/ });
    previous.focus();
    fireEvent.click(previous);
    expect(document.activeElement).toBe(previous);
    fireEvent.click(previous);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Next/ }));
  });
});
