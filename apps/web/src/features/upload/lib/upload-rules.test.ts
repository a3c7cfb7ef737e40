import { describe, expect, it } from "vitest";
import { applyLanguage } from "@/lib/i18n";
import {
  ACCEPT_ATTRIBUTE,
  admitFiles,
  formatFileSize,
  isPlainText,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  splitTags,
  titleFromFilename,
  titleFromText,
} from "./upload-rules";

describe("titleFromFilename", () => {
  it("drops only the last extension", () => {
    expect(titleFromFilename("Q3 report.final.pdf")).toBe("Q3 report.final");
    expect(titleFromFilename("users-and-groups.pdf")).toBe("users-and-groups");
  });
  it("keeps names without an extension and dot files", () => {
    expect(titleFromFilename("README")).toBe("README");
    expect(titleFromFilename(".env")).toBe(".env");
  });
  it("ignores any path a browser passes along", () => {
    expect(titleFromFilename("C:\\Users\\me\\Policy.docx")).toBe("Policy");
  });
  it("reads underscores as spaces, as the server titles an upload", () => {
    expect(titleFromFilename("Travel_Policy_2026.pdf")).toBe("Travel Policy 2026");
  });
  it("keeps markup in a file name as plain characters", () => {
    expect(titleFromFilename("<img src=x onerror=alert(1)>.txt")).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("formatFileSize", () => {
  it("uses B, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10.0 MB");
  });
});

/** A File of the given size without allocating it: only `size` and `name` are read. */
const sized = (name: string, size: number) => {
  const file = new File(["x"], name);
  Object.defineProperty(file, "size", { value: size });
  return file;
};

describe("admitFiles", () => {
  it("adds the files to those chosen and says nothing when all fit", () => {
    const first = sized("a.txt", 10);
    const result = admitFiles([first], [sized("b.txt", 20)]);
    expect(result.files.map((f) => f.name)).toEqual(["a.txt", "b.txt"]);
    expect(result.problem).toBeNull();
  });
  it("leaves out a file over the limit and names it; one at the limit is kept", () => {
    const result = admitFiles(
      [],
      [sized("big.pdf", MAX_UPLOAD_BYTES + 1), sized("edge.pdf", MAX_UPLOAD_BYTES)],
    );
    expect(result.files.map((f) => f.name)).toEqual(["edge.pdf"]);
    expect(result.problem).toBe("big.pdf is larger than 10MB, the upload limit.");
  });
  it("keeps the first files up to the per-upload limit and says so", () => {
    const many = Array.from({ length: MAX_FILES_PER_UPLOAD + 3 }, (_, i) => sized(`f${i}.md`, 1));
    const result = admitFiles([], many);
    expect(result.files).toEqual(many.slice(0, MAX_FILES_PER_UPLOAD));
    expect(result.problem).toBe(
      `At most ${MAX_FILES_PER_UPLOAD} files go in one upload; the first ${MAX_FILES_PER_UPLOAD} are kept.`,
    );
  });
  it("says why in the interface's language", async () => {
    await applyLanguage("de");
    const result = admitFiles([], [sized("leer.txt", 0), sized("bild.png", 5)]);
    expect(result.problem).toBe(
      "leer.txt ist leer. bild.png hat keinen Typ, den Quire annimmt (.pdf, .docx, .txt, .md, .markdown).",
    );
  });
});

describe("splitTags", () => {
  it("trims, drops empty tags and keeps at most 30", () => {
    expect(splitTags(" policy , ,retention,")).toEqual(["policy", "retention"]);
    expect(splitTags(Array.from({ length: 40 }, (_, i) => `t${i}`).join(","))).toHaveLength(30);
  });
});

describe("splitTags as the server stores tags", () => {
  it("lower-cases and drops duplicates, so the form shows what will be kept", () => {
    expect(splitTags("Policy, HR ,policy")).toEqual(["policy", "hr"]);
  });
});

describe("accepted files", () => {
  it("offers .markdown files, which the server accepts", () => {
    expect(ACCEPT_ATTRIBUTE.split(",")).toContain(".markdown");
    expect(isPlainText(new File(["# Notes"], "notes.markdown"))).toBe(true);
  });
});

describe("titleFromText", () => {
  it("reads a heading as the server does: link text, not markdown, and skips placeholder headings", () => {
    expect(titleFromText("# [Leave Policy](https://example.org)\n\nText")).toBe("Leave Policy");
    expect(titleFromText("# Untitled\n\n## Travel Rules\n")).toBe("Travel Rules");
    expect(titleFromText("no heading here")).toBeNull();
  });
});
