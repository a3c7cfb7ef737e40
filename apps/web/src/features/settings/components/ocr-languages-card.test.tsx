import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { OcrLanguagesCard } from "./ocr-languages-card";

const checkbox = (code: string) => screen.getByTestId(`checkbox-ocr-language-${code}`);

describe("OCR languages", () => {
  it("shows the stored choice, saves another in the list's order, and refuses none", async () => {
    let stored = ["eng"];
    const sent = mockFetch({
      "GET /api/ingestion/languages": () => ({ body: { languages: stored } }),
      "PUT /api/ingestion/languages": (init) => {
        stored = (JSON.parse(init?.body ?? "{}") as { languages: string[] }).languages;
        return { body: { languages: stored } };
      },
    });
    renderWithApp(<OcrLanguagesCard />, { path: "/settings" });
    await screen.findByTestId("ocr-languages");
    expect(checkbox("eng").getAttribute("aria-checked")).toBe("true");
    expect(checkbox("deu").getAttribute("aria-checked")).toBe("false");
    const save = screen.getByTestId("button-save-ocr-languages") as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(checkbox("fra"));
    fireEvent.click(checkbox("deu"));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(stored).toEqual(["eng", "deu", "fra"]));
    const put = sent.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(put?.[1]?.body ?? "{}")).toEqual({ languages: ["eng", "deu", "fra"] });
    await waitFor(() =>
      expect((screen.getByTestId("button-save-ocr-languages") as HTMLButtonElement).disabled).toBe(true),
    );

    for (const code of ["eng", "deu", "fra"]) fireEvent.click(checkbox(code));
    expect(screen.getByTestId("text-ocr-languages-empty").textContent).toMatch(/at least one/);
    expect((screen.getByTestId("button-save-ocr-languages") as HTMLButtonElement).disabled).toBe(true);
  });
});
