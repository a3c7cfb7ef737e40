import { TableKit } from "@tiptap/extension-table";
import { Markdown } from "@tiptap/markdown";
import StarterKit from "@tiptap/starter-kit";

/**
 * Text with the HTML entities @tiptap/markdown writes for every &, < and > kept only where markdown
 * needs them: "&amp;" before what would read as an entity, "&lt;" before what would read as a tag
 * or autolink, "&gt;" where a text starts (it could open a quote). Elsewhere they are the characters
 * themselves, so "Sales & Marketing" stays as written in the markdown, the search index and a diff.
 */
export function fewerEntities(encoded: string): string {
  return encoded
    .replace(/&amp;(?![#A-Za-z0-9]+;)/g, "&")
    .replace(/&lt;(?![A-Za-z/!?])/g, "<")
    .replace(/(?!^)&gt;/g, ">");
}

type TextEncoder = (text: string, node: unknown, parent: unknown) => string;

/**
 * @tiptap/markdown with fewerEntities applied to each text it writes. Its text encoder is private
 * API: when a release renames it, the patch steps aside (the round-trip test then fails on "&amp;").
 */
const QuireMarkdown = Markdown.extend({
  onBeforeCreate(event) {
    this.parent?.(event);
    const manager = this.storage.manager as unknown as { encodeTextForMarkdown?: TextEncoder };
    const encode = manager.encodeTextForMarkdown?.bind(manager);
    if (!encode) return;
    manager.encodeTextForMarkdown = (text, node, parent) => {
      const encoded = encode(text, node, parent);
      // Code keeps its characters as they are (the encoder leaves it alone): never decode it.
      return encoded === text ? text : fewerEntities(encoded);
    };
  },
});

/**
 * The rich-text mode's document model: CommonMark's blocks and marks (StarterKit, without
 * underline, which markdown cannot write), GitHub tables, and markdown in and out.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({ link: { openOnClick: false }, underline: false }),
    TableKit.configure({ table: { resizable: false } }),
    QuireMarkdown,
  ];
}
