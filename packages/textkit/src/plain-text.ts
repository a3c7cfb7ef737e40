/**
 * Markdown reduced to the words a reader sees, for excerpts: link and image targets, emphasis
 * markers, heading and list markers, table pipes and HTML comments go; the text stays. Not an
 * HTML sanitiser: excerpts are escaped afterwards, so whatever survives here is shown as text.
 */
export function markdownToPlainText(markdown: string): string {
  // Every pattern is bounded (link text, targets, emphasis spans) so none is retried over the
  // rest of a long run: unbounded ones were quadratic on "[[[[…" and "**a**a…" (4 s at 200 KB).
  const plain = protectEscapes(stripHtmlComments(markdown))
    .replace(/!?\[([^[\]\n]{0,500})\]\([^()\s]{0,2000}\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
    .replace(/^\s*>\s?/gm, "")
    .replace(/^[ \t]*(?:\|[ \t]*)?(?::?-{3,}:?[ \t]*\|[ \t]*)+(?::?-*:?)?[ \t]*$/gm, " ")
    .replace(/\|/g, " ")
    .replace(/(\*\*|__|~~)(?=\S)([^\n]{0,500}?\S)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`{1,3}/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return restoreEscapes(plain);
}

// CommonMark lets any ASCII punctuation be escaped with a backslash; converters write them
// ("\<MIME>", "1\.", "\*"). Each escaped character is swapped for a private-use stand-in while
// markdown syntax is stripped (so an escaped "*" never reads as emphasis) and restored after, so
// a reader sees "<MIME>" and never the backslash.
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const STAND_IN_BASE = 0xe000;
const STAND_IN = /[\ue000-\ue07f]/g;

/** Escaped punctuation → private-use stand-ins that no markdown pattern matches. */
export function protectEscapes(markdown: string): string {
  return markdown.replace(ESCAPED, (_, char: string) =>
    String.fromCharCode(STAND_IN_BASE + char.charCodeAt(0)),
  );
}

/** The stand-ins of `protectEscapes` back to the characters they stand for. */
export function restoreEscapes(text: string): string {
  return text.replace(STAND_IN, (char) => String.fromCharCode(char.charCodeAt(0) - STAND_IN_BASE));
}

/** Markdown backslash escapes removed: "\<MIME\>" → "<MIME>", "1\. Scope" → "1. Scope". */
export function unescapeMarkdown(text: string): string {
  return restoreEscapes(protectEscapes(text));
}

/** HTML comments out, found with indexOf: a lazy `<!--[\s\S]*?-->` rescans to the end from every unclosed "<!--". */
export function stripHtmlComments(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<!--", from);
    if (open < 0) return out + text.slice(from);
    const close = text.indexOf("-->", open + 4);
    if (close < 0) return out + text.slice(from);
    out += `${text.slice(from, open)} `;
    from = close + 3;
  }
}
