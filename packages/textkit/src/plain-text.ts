/**
 * Markdown reduced to the words a reader sees, for excerpts: link and image targets, emphasis
 * markers, heading and list markers, table pipes and HTML comments go; the text stays. Not an
 * HTML sanitiser: excerpts are escaped afterwards, so whatever survives here is shown as text.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
    .replace(/^\s*>\s?/gm, "")
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, " ")
    .replace(/\s*\|\s*/g, " ")
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`{1,3}/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
