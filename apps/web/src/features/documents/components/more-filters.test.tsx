import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { MoreFilters } from "./more-filters";

const noFilters = {
  category: undefined,
  tag: undefined,
  owner: undefined,
  updatedFrom: undefined,
  updatedTo: undefined,
};

describe("the Tag and Owner filters", () => {
  it("suggest the tags and owners the server counts, with how many documents each has", async () => {
    mockFetch({
      "GET /api/documents/facets": {
        body: {
          tags: [
            { value: "gdpr", count: 4 },
            { value: "travel", count: 1 },
          ],
          owners: [{ value: "author", count: 7 }],
        },
      },
    });
    renderWithApp(<MoreFilters values={noFilters} categories={[]} onChange={() => {}} />, {
      path: "/documents",
    });
    const tag = screen.getByTestId("input-filter-tag");
    expect(tag.getAttribute("list")).toBe("suggestions-tag");
    await waitFor(() =>
      expect(screen.getByTestId("suggestions-tag").querySelectorAll("option")).toHaveLength(2),
    );
    const tagOptions = [...screen.getByTestId("suggestions-tag").querySelectorAll("option")];
    expect(tagOptions.map((o) => [o.value, o.label])).toEqual([
      ["gdpr", "4 documents"],
      ["travel", "1 document"],
    ]);
    expect(screen.getByTestId("input-filter-owner").getAttribute("list")).toBe("suggestions-owner");
    const owners = [...screen.getByTestId("suggestions-owner").querySelectorAll("option")];
    expect(owners.map((o) => o.value)).toEqual(["author"]);
  });
});
