import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ShareEmbedLinks } from "./share-embed-links";

describe("ShareEmbedLinks", () => {
  it("names every copy and open button in words a screen reader says right", () => {
    render(<ShareEmbedLinks documentId="d1" version={3} idPrefix="panel" />);
    for (const name of ["document link", "short link", "version 3 link", "API link"]) {
      expect(screen.getByRole("button", { name: `Copy ${name}` })).toBeTruthy();
      expect(screen.getByRole("link", { name: `Open ${name} in a new tab` })).toBeTruthy();
    }
  });
});
