import type { Element, ElementContent, Root, RootContent } from "hast";
import { sectionId, passageAnchorId, type PassageLines } from "./anchors";

export interface AnchorOptions {
  /** Heading ids by 1-based source line (from `documentOutline`). */
  headingIds: ReadonlyMap<number, string>;
  /** Passage line ranges (from `passageLines`), or null when no passage anchors are wanted. */
  passages: readonly PassageLines[] | null;
  /** The passage to highlight. */
  highlight: number | null;
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Containers whose children are the units a passage is made of. */
const CONTAINERS = new Set(["ul", "ol", "blockquote", "table", "thead", "tbody"]);

function textOf(node: ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** Passages whose lines meet [start, end]; `passages` is in line order. */
function passagesMeeting(passages: readonly PassageLines[], start: number, end: number): PassageLines[] {
  let low = 0;
  let high = passages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((passages[middle] as PassageLines).endLine < start) low = middle + 1;
    else high = middle;
  }
  const found: PassageLines[] = [];
  for (let i = low; i < passages.length && (passages[i] as PassageLines).startLine <= end; i++) {
    found.push(passages[i] as PassageLines);
  }
  return found;
}

/**
 * A rehype plugin (run after rehype-sanitize, so the ids are ours and not prefixed): headings get
 * their `section-…` ids; each block (paragraph, list item, table row, code block…) gets
 * `data-passage` naming the passage it belongs to, the first block of a passage gets the
 * `passage-N` id, and the blocks of the highlighted passage get `data-highlighted`.
 */
export function rehypeAnchors(options: AnchorOptions) {
  return (tree: Root) => {
    const used = new Set(options.headingIds.values());
    const anchored = new Set<number>();
    let fallback = options.headingIds.size;

    const markUnit = (element: Element) => {
      const start = element.position?.start.line;
      const end = element.position?.end.line;
      if (!options.passages || start === undefined || end === undefined) return;
      const meeting = passagesMeeting(options.passages, start, end);
      const first = meeting[0];
      if (!first) return;
      element.properties.dataPassage = String(first.ordinal);
      if (meeting.some((p) => p.ordinal === options.highlight)) element.properties.dataHighlighted = "true";
      for (const passage of meeting) {
        if (anchored.has(passage.ordinal)) continue;
        anchored.add(passage.ordinal);
        const id = passageAnchorId(passage.ordinal);
        if (element.properties.id === undefined) element.properties.id = id;
        else element.children.unshift({ type: "element", tagName: "span", properties: { id }, children: [] });
      }
    };

    const visit = (nodes: readonly (RootContent | ElementContent)[], asUnits: boolean) => {
      for (const node of nodes) {
        if (node.type !== "element") continue;
        if (HEADINGS.has(node.tagName)) {
          const line = node.position?.start.line;
          const known = line === undefined ? undefined : options.headingIds.get(line);
          node.properties.id = known ?? sectionId(textOf(node), fallback++, used);
          continue;
        }
        if (CONTAINERS.has(node.tagName)) {
          visit(node.children, true);
          continue;
        }
        if (asUnits) markUnit(node);
        // Headings may sit inside list items or quotes; they still get their ids.
        visit(node.children, false);
      }
    };
    visit(tree.children, true);
  };
}
