/**
 * Text saved one line per paragraph (a plain-text licence opened in a word processor and saved as
 * DOCX, a PDF read back line by line) splits every sentence at its line ends, so a summary would
 * quote "of this License, Derivative Works shall not include works that remain". Such lines are
 * joined back into their paragraphs: a line that does not end a sentence runs on into the next
 * when that one continues it (it starts in lower case, or the first ends with a comma). Markdown
 * blocks (headings, lists, quotes, tables, code) are never joined. Linear in the text's length.
 */

const BLOCK_START = /^(?:\s{4}|\s{0,3}(?:#|[-*+>|]\s|```|~~~|\d+[.)]\s|\\?[=-]{3,}))/;
const ITEM_START = /^\s{0,3}(?:[-*+]|\d+[.)])\s/;
/** A line ending on one of these words runs on, whatever the next line starts with ("in Source or / Object form"). */
const RUNS_ON =
  /\b(?:a|an|the|and|or|nor|of|to|in|on|at|by|for|from|with|under|into|that|which|as|than|any|such|this|these|its|their|your|our)$/i;
const ENDS_SENTENCE = /[.!?:]["'”’)\]]*$/;
/** A document counts as hard-wrapped when this share of its paragraphs are lines cut mid-sentence. */
const WRAPPED_SHARE = 0.25;
const MIN_WRAPPED = 5;
const MIN_LINE = 40;
/** A Debian change log entry's sign-off (" -- Name <address>  date"): it ends its entry. */
const SIGN_OFF = /^ -- \S[^\n]*<[^>\n]+>/;

function isPlain(paragraph: string): boolean {
  return !paragraph.includes("\n") && !BLOCK_START.test(paragraph);
}

/** A line, or a list item's first line, that stops mid-sentence. */
function cutMidSentence(paragraph: string): boolean {
  const line = paragraph.trim();
  const plain = isPlain(paragraph) || (!paragraph.includes("\n") && ITEM_START.test(paragraph));
  return plain && line.length >= MIN_LINE && !ENDS_SENTENCE.test(line) && !SIGN_OFF.test(paragraph);
}

function continues(previous: string, next: string): boolean {
  const line = next.trimStart();
  const end = previous.trimEnd();
  if (!isPlain(next)) return false;
  if (/^[\p{Ll}(]/u.test(line) || /[,;]$/.test(end) || RUNS_ON.test(end)) return true;
  // A long line after one ending on a word is the same sentence wrapped; a heading is short.
  return /\p{Ll}$/u.test(end) && line.trimEnd().length >= MIN_LINE;
}

/** The text with hard-wrapped lines joined into paragraphs, or the text itself when it is not hard-wrapped. */
export function reflowHardWraps(text: string): string {
  const paragraphs = text.split(/\n[ \t]*\n/);
  const wrapped = paragraphs.filter(cutMidSentence).length;
  if (wrapped < MIN_WRAPPED || wrapped < paragraphs.length * WRAPPED_SHARE) return text;
  const out: string[][] = [];
  let previous: string | null = null;
  for (const paragraph of paragraphs) {
    // Only the line just read decides: a joined paragraph ends where its last line ends.
    if (previous !== null && cutMidSentence(previous) && continues(previous, paragraph))
      out.at(-1)?.push(paragraph.trim());
    else out.push([paragraph]);
    previous = paragraph;
  }
  return out.map((lines) => lines.join(" ")).join("\n\n");
}
