/**
 * Where a quoted passage sits in a version's markdown: the heading of its section. The reader
 * selects rendered text, so the markdown is compared as text (inline marks, link targets and
 * spacing set aside); a quote that cannot be found (a PDF's page, text across a table) keeps the
 * section the reader's page named, if any.
 */

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/** A line of markdown as the reader sees it: no inline marks, link targets or list bullets. */
function plainLine(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .replace(/^\s*>\s?/, "")
    .replace(/[*_`~|]/g, "");
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The heading of the section holding `quote` in `markdown`: null when the quote is not in the text
 * or sits before the first heading. Headings quoted themselves name their own section.
 */
export function sectionOf(markdown: string, quote: string): { found: boolean; section: string | null } {
  const wanted = squeeze(plainLine(quote));
  if (!wanted) return { found: false, section: null };
  let text = "";
  const headings: Array<{ at: number; title: string }> = [];
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const plain = heading ? plainLine(heading[2]!) : plainLine(line);
    if (heading) headings.push({ at: text.length, title: plain.trim() });
    const squeezed = squeeze(plain);
    if (squeezed) text += `${squeezed} `;
  }
  const at = text.indexOf(wanted);
  if (at < 0) return { found: false, section: null };
  let section: string | null = null;
  for (const h of headings) if (h.at <= at) section = h.title || section;
  return { found: true, section };
}
