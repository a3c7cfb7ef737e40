import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import type { UploadRow } from "../hooks/use-upload-queue";
import { UploadResults } from "./upload-results";

const row = (progress: number, categoryId = "c1"): UploadRow => ({
  key: "u1",
  file: new File(["%PDF-1.7"], "scan.pdf", { type: "application/pdf" }),
  fields: { title: "", categoryId, tags: [] },
  state: "uploading",
  progress,
});

const show = (progress: number, categoryId?: string) =>
  renderWithApp(
    <UploadResults rows={[row(progress, categoryId)]} onUploadAnyway={() => {}} onRetry={() => {}} />,
    { path: "/upload" },
  );

describe("an upload's row while it is sent", () => {
  it("counts the bytes sent", () => {
    show(0.42);
    expect(screen.getByText("Uploading... 42%")).toBeTruthy();
    expect(screen.queryByTestId("text-upload-converting")).toBeNull();
  });

  it("says what the server is doing once every byte is sent, instead of sitting at 100%", () => {
    show(1);
    expect(screen.queryByText("Uploading... 100%")).toBeNull();
    expect(screen.getByTestId("text-upload-converting").textContent).toBe(
      "Sent; checking the file and converting it to text...",
    );
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
  });

  it("says the server files it too when no category was chosen", () => {
    show(1, "");
    expect(screen.getByTestId("text-upload-converting").textContent).toBe(
      "Sent; checking the file, converting it to text and filing it...",
    );
  });
});
