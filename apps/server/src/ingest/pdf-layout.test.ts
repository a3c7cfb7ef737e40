import { describe, expect, it } from "vitest";
import { joinLines, rebuildMarkdown, type PageRuns, type TextRun } from "./pdf-layout.js";

const HEIGHT = 800;

/** A line of body text (size 10) at baseline y, as one run, roughly 5 units per character. */
function run(text: string, y: number, options: { x?: number; size?: number } = {}): TextRun {
  const size = options.size ?? 10;
  return { text, x: options.x ?? 72, y, width: text.length * size * 0.5, size };
}

function page(...runs: TextRun[]): PageRuns {
  return { runs, height: HEIGHT };
}

const placeholder = (n: number): string => `<!-- page ${n} -->`;

describe("joinLines", () => {
  it("mends a word hyphenated across a line break", () => {
    expect(joinLines("the data-", "base is stored")).toBe("the database is stored");
    expect(joinLines("a soft\u00AD", "hyphen")).toBe("a softhyphen");
  });

  it("keeps a hyphen before a capital or a number, and otherwise joins with a space", () => {
    expect(joinLines("see RFC-", "2119")).toBe("see RFC- 2119");
    expect(joinLines("ends", "here")).toBe("ends here");
  });
});

describe("rebuildMarkdown", () => {
  it("makes headings from font sizes relative to the body size", () => {
    const markdown = rebuildMarkdown(
      [
        page(
          run("Title of the report", 740, { size: 20 }),
          run("1. Section", 700, { size: 14 }),
          run("Body text of the first section.", 680),
          run("1.1 Detail", 650, { size: 12 }),
          run("More body text that is long enough to count.", 630),
        ),
      ],
      placeholder,
    );
    expect(markdown).toBe(
      "# Title of the report\n\n## 1. Section\n\nBody text of the first section.\n\n### 1.1 Detail\n\nMore body text that is long enough to count.\n",
    );
  });

  it("joins lines into paragraphs and splits paragraphs at larger gaps", () => {
    const markdown = rebuildMarkdown(
      [
        page(
          run("The first paragraph starts here and its text runs on to a", 700),
          run("second line with a hyphen-", 688),
          run("ated word.", 676),
          run("A second paragraph after a gap.", 650),
        ),
      ],
      placeholder,
    );
    expect(markdown).toBe(
      "The first paragraph starts here and its text runs on to a second line with a hyphenated word.\n\nA second paragraph after a gap.\n",
    );
  });

  it("turns bullet glyphs into list items and continues an item on indented lines", () => {
    const markdown = rebuildMarkdown(
      [
        page(
          run("Before the list:", 700),
          run("•", 680),
          { ...run("first item that wraps", 680), x: 82 },
          { ...run("onto a second line", 668), x: 82 },
          run("•", 650),
          { ...run("second item", 650), x: 82 },
          run("After the list.", 630),
        ),
      ],
      placeholder,
    );
    expect(markdown).toBe(
      "Before the list:\n\n- first item that wraps onto a second line\n- second item\n\nAfter the list.\n",
    );
  });

  it("drops running headers, footers and page numbers, and joins a paragraph across pages", () => {
    const furniture = (n: number): TextRun[] => [run("Annual Report 2023", 770), run(String(n), 30)];
    const markdown = rebuildMarkdown(
      [
        page(...furniture(1), run("The paragraph on page one ends in the", 700)),
        page(...furniture(2), run("middle of a sentence on page two.", 700)),
        page(...furniture(3), run("Page three stands alone.", 700)),
      ],
      placeholder,
    );
    expect(markdown).toBe(
      "The paragraph on page one ends in the middle of a sentence on page two.\n\nPage three stands alone.\n",
    );
  });

  it("puts a placeholder where a page has no text", () => {
    const markdown = rebuildMarkdown([page(run("Text page.", 700)), page()], placeholder);
    expect(markdown).toBe("Text page.\n\n<!-- page 2 -->\n");
  });

  it("escapes text that markdown would read as HTML or a heading", () => {
    const markdown = rebuildMarkdown([page(run("# of files in <MIME>/packages", 700))], placeholder);
    expect(markdown).toBe("\\# of files in \\<MIME>/packages\n");
  });

  it("keeps file patterns and identifiers as written, not emphasis or code", () => {
    const words = "Send *.patch and *.diff files; keep snake_case and _private_ names, `quoted` too.";
    const markdown = rebuildMarkdown([page(run(words, 700))], placeholder);
    expect(markdown).toBe(
      "Send \\*.patch and \\*.diff files; keep snake_case and \\_private\\_ names, \\`quoted\\` too.\n",
    );
  });
});
