/**
 * The assistant benchmark's corpus: real text no one here wrote, read from this Debian machine
 * (the CI image is the same). Four kinds: licences (/usr/share/common-licenses), manual pages
 * (rendered by groff, which every Debian system has through man-db), Debian package descriptions
 * (/var/lib/dpkg/status) and project READMEs/NEWS under /usr/share/doc. Each source names one
 * document; padding documents are taken in a fixed (sorted) order so every run builds the same
 * archive.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface CorpusSource {
  /** `license:<path>`, `man:<path>`, `dpkg:<package>` or `doc:<path>`. */
  source: string;
  title: string;
}

export interface CorpusDocument extends CorpusSource {
  markdown: string;
}

const DPKG_STATUS = "/var/lib/dpkg/status";

function readMaybeGzip(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/**
 * A manual page through groff (no line wrapping, no hyphenation), then its unindented upper-case
 * lines as headings and its indented blocks as paragraphs.
 */
export function manToMarkdown(path: string): string {
  const troff = readMaybeGzip(path);
  const text = execFileSync("groff", ["-mandoc", "-Tutf8", "-P", "-cbou", "-rLL=2000n", "-rHY=0"], {
    input: troff,
    encoding: "utf8",
    stdio: ["pipe", "pipe", "ignore"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = text.split("\n");
  const body = lines.slice(1, Math.max(1, lines.length - 2)); // header and footer lines
  const out: string[] = [];
  for (const line of body) {
    if (line.trim() === "") out.push("");
    else if (/^\S/.test(line) && line === line.toUpperCase() && /\p{L}/u.test(line))
      out.push(`\n## ${capitalise(line.trim())}\n`);
    else if (/^ {3}\S/.test(line) && line.trim().length < 60 && !/[.:]$/.test(line.trim()))
      out.push(`\n### ${line.trim()}\n`);
    else out.push(line.trim());
  }
  return joinBrokenLines(out)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}

/** groff breaks an option's text at `.br`: a line not ending a sentence, then one in lower case, is one line. */
function joinBrokenLines(lines: string[]): string[] {
  const out: string[] = [];
  let last = -1;
  for (const line of lines) {
    const previous = out[last];
    if (
      line !== "" &&
      previous !== undefined &&
      !/[.:;!?]$/.test(previous) &&
      !previous.trimStart().startsWith("#") &&
      /^\p{Ll}/u.test(line)
    ) {
      out[last] = `${previous} ${line}`;
      out.length = last + 1;
      continue;
    }
    out.push(line);
    if (line !== "") last = out.length - 1;
  }
  return out;
}

function capitalise(heading: string): string {
  return heading.charAt(0) + heading.slice(1).toLowerCase();
}

let packageCache: Map<string, string> | null = null;

/** Package name → "Description" as markdown (synopsis as the opening sentence, "." lines as breaks). */
function packageDescriptions(): Map<string, string> {
  if (packageCache) return packageCache;
  packageCache = new Map();
  if (!existsSync(DPKG_STATUS)) return packageCache;
  for (const stanza of readFileSync(DPKG_STATUS, "utf8").split(/\n\n+/)) {
    const name = /^Package: (.+)$/m.exec(stanza)?.[1];
    const description = /^Description: (.*(?:\n .*)*)/m.exec(stanza)?.[1];
    const homepage = /^Homepage: (.+)$/m.exec(stanza)?.[1];
    const section = /^Section: (.+)$/m.exec(stanza)?.[1];
    if (!name || !description || packageCache.has(name)) continue;
    const [synopsis = "", ...rest] = description.split("\n");
    const long = rest
      .map((l) => l.replace(/^ /, ""))
      .map((l) => (l === "." ? "" : l))
      .join("\n");
    const fields = [section ? `Section: ${section}.` : "", homepage ? `Homepage: ${homepage}` : ""]
      .filter(Boolean)
      .join("\n\n");
    packageCache.set(name, `${synopsis.trim()}.\n\n${long}\n\n${fields}\n`);
  }
  return packageCache;
}

/** The document's markdown, or null when this machine lacks it (the bench reports the skip). */
export function readSource(source: string): string | null {
  const colon = source.indexOf(":");
  const kind = source.slice(0, colon);
  const where = source.slice(colon + 1);
  if (kind === "dpkg") return packageDescriptions().get(where) ?? null;
  if (!existsSync(where)) return null;
  if (kind === "man") return manToMarkdown(where);
  return readMaybeGzip(where);
}

const PADDING_MAN = ["/usr/share/man/man1", "/usr/share/man/man5", "/usr/share/man/man8"];

/**
 * More real documents, in a fixed order, until `total`: manual pages that are not a redirect to
 * another page, alternating with package descriptions. Sources already in use are skipped.
 */
export function paddingSources(used: Set<string>, count: number): CorpusSource[] {
  const man = PADDING_MAN.flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .filter((f) => f.endsWith(".gz"))
          .map((f) => `${dir}/${f}`)
      : [],
  ).filter((path) => !used.has(`man:${path}`));
  const packages = [...packageDescriptions().keys()].sort().filter((p) => !used.has(`dpkg:${p}`));
  const out: CorpusSource[] = [];
  let m = 0;
  let p = 0;
  while (out.length < count && (m < man.length || p < packages.length)) {
    const path = man[m++];
    if (path && out.length < count) {
      const head = readMaybeGzip(path).slice(0, 200);
      if (!/^\.so /m.test(head)) out.push({ source: `man:${path}`, title: manTitle(path) });
    }
    const name = packages[p++];
    if (name && out.length < count) out.push({ source: `dpkg:${name}`, title: `Debian package ${name}` });
  }
  return out;
}

/** "tar.1.gz" → "tar(1) manual page". */
export function manTitle(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1).replace(/\.gz$/, "");
  const dot = file.lastIndexOf(".");
  return `${file.slice(0, dot)}(${file.slice(dot + 1)}) manual page`;
}

/** Reads every source; missing ones are returned by name so the bench can say so. */
export function readCorpus(sources: CorpusSource[]): { documents: CorpusDocument[]; missing: string[] } {
  const documents: CorpusDocument[] = [];
  const missing: string[] = [];
  for (const s of sources) {
    let markdown: string | null;
    try {
      markdown = readSource(s.source);
    } catch {
      markdown = null; // groff failed on it: left out like a missing file
    }
    if (markdown && markdown.trim().length >= 80) documents.push({ ...s, markdown });
    else missing.push(s.source);
  }
  return { documents, missing };
}
