import { useState } from "react";
import type { BulkFilter, BulkSelection } from "@quire/contracts";

/** A document as the selection remembers it: enough to name it in the result. */
export interface Picked {
  id: string;
  title: string;
}

type State =
  | { kind: "ids"; picked: ReadonlyMap<string, string> }
  /** Every document the list's filter returns (the server resolves it), `total` as the list counted them. */
  | { kind: "filter"; total: number };

const empty: State = { kind: "ids", picked: new Map() };

/**
 * What All Documents has selected: documents picked one by one or a page at a time (kept across
 * pages), or every document matching the filter. A selection belongs to the filter it was made
 * under: changing the filter starts afresh, so "all that match" never means another filter's.
 */
export function useBulkSelection(filter: BulkFilter) {
  const filterKey = JSON.stringify(filter);
  const [state, setState] = useState<{ key: string; value: State }>({ key: filterKey, value: empty });
  const value = state.key === filterKey ? state.value : empty;
  const set = (next: State) => setState({ key: filterKey, value: next });

  const allMatching = value.kind === "filter";
  const count = value.kind === "filter" ? value.total : value.picked.size;
  const isSelected = (id: string) => value.kind === "filter" || value.picked.has(id);

  /** Picks or drops one document; dropping one from "all that match" keeps the page's others. */
  function toggle(doc: Picked, checked: boolean, page: readonly Picked[]) {
    const picked = new Map<string, string>(
      value.kind === "ids" ? value.picked : page.map((d): [string, string] => [d.id, d.title]),
    );
    if (checked) picked.set(doc.id, doc.title);
    else picked.delete(doc.id);
    set({ kind: "ids", picked });
  }

  /** Picks (or drops) every document of the page shown. */
  function togglePage(page: readonly Picked[], checked: boolean) {
    const picked = new Map<string, string>(value.kind === "ids" ? value.picked : []);
    for (const d of page) {
      if (checked) picked.set(d.id, d.title);
      else picked.delete(d.id);
    }
    set({ kind: "ids", picked });
  }

  const pageSelected = (page: readonly Picked[]) => page.length > 0 && page.every((d) => isSelected(d.id));

  return {
    count,
    allMatching,
    isSelected,
    pageSelected,
    toggle,
    togglePage,
    selectAllMatching: (total: number) => set({ kind: "filter", total }),
    clear: () => set(empty),
    /** The selection as the bulk request names it. */
    request: (): BulkSelection => (value.kind === "filter" ? { filter } : { ids: [...value.picked.keys()] }),
  };
}

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;
