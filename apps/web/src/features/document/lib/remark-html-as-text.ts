/** The part of an mdast node this plugin reads. */
type MdNode = { type: string; children?: MdNode[] };

/**
 * HTML written in a document is shown as the text it is, never parsed: a `<script>` or an
 * `<img onerror>` in an upload reads as those characters. (react-markdown would otherwise drop it
 * silently, hiding from the reader what the file really contains.)
 */
export function remarkHtmlAsText() {
  return (tree: MdNode) => {
    const walk = (node: MdNode) => {
      // An html node carries its source in `value`, exactly like a text node.
      if (node.type === "html") node.type = "text";
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
