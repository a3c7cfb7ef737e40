export type ExcerptPart = { kind: "text" | "mark"; text: string };

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the entities an HTML-escaped excerpt uses; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const MARK_TAG = /<(\/?)mark>/gi;

/**
 * Splits a search excerpt ("HTML with mark tags", seed §3) into text and highlighted parts. Only
 * `<mark>` and `</mark>` are understood; any other markup stays literal text, so the caller
 * renders it with React's escaping and nothing in an excerpt can run or inject markup.
 */
export function parseExcerpt(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let inMark = false;
  let last = 0;
  const push = (raw: string) => {
    const text = decodeEntities(raw);
    if (!text) return;
    const kind = inMark ? "mark" : "text";
    const previous = parts[parts.length - 1];
    if (previous && previous.kind === kind) previous.text += text;
    else parts.push({ kind, text });
  };
  for (const match of excerpt.matchAll(MARK_TAG)) {
    const closing = match[1] === "/";
    // A stray tag (closing outside a mark, opening inside one) is ignored, not shown.
    push(excerpt.slice(last, match.index));
    last = match.index + match[0].length;
    if (closing === inMark) inMark = !closing;
  }
  push(excerpt.slice(last));
  return parts;
}
