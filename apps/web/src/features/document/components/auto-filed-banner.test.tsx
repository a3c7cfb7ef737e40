import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { document } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AutoFiledBanner } from "./auto-filed-banner";

const filed = (update: boolean) =>
  document({
    id: "d1",
    autoFiled: true,
    category: { id: "c1", name: "Engineering", description: "", icon: "fas fa-code", color: "blue" },
    abilities: { ...document().abilities, update },
  });

describe("AutoFiledBanner", () => {
  it("says where Quire filed the document and confirms it with one click", async () => {
    const spy = mockFetch({
      "POST /api/documents/d1/category/confirm": { body: { ...filed(true), autoFiled: false } },
    });
    renderWithApp(<AutoFiledBanner document={filed(true)} />);
    expect(screen.getByTestId("text-auto-filed").textContent).toMatch(/^Filed automatically in Engineering/);
    fireEvent.click(screen.getByTestId("button-confirm-filing"));
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith(
        "/api/documents/d1/category/confirm",
        expect.objectContaining({ body: "{}" }),
      ),
    );
  });

  it("is not shown to someone who may not change the document, nor once confirmed", () => {
    const { unmount } = renderWithApp(<AutoFiledBanner document={filed(false)} />);
    expect(screen.queryByTestId("banner-auto-filed")).toBeNull();
    unmount();
    renderWithApp(<AutoFiledBanner document={{ ...filed(true), autoFiled: false }} />);
    expect(screen.queryByTestId("banner-auto-filed")).toBeNull();
  });

  it("explains why Move is disabled until a category is chosen", () => {
    renderWithApp(<AutoFiledBanner document={filed(true)} />);
    fireEvent.click(screen.getByTestId("button-change-filing"));
    const save = screen.getByTestId("button-save-filing") as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(document_(save.getAttribute("aria-describedby")).textContent).toBe(
      "Choose the category it belongs in.",
    );
  });
});

const document_ = (id: string | null) => globalThis.document.getElementById(id ?? "")!;
