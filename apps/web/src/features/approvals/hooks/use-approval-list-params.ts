import { useSearchParams } from "wouter";
import { approvalFilters, type ApprovalFilter } from "../lib/derive";

/** Cards a page: an approval card is tall (reviewers, comments, activity), a phone shows about one a screen. */
export const APPROVALS_PAGE_SIZE = 10;

/** The seed's four filters, plus the rounds waiting on the signed-in user's own action. */
export const WAITING = "Waiting on Me";
export type ApprovalView = ApprovalFilter | typeof WAITING;
export const approvalViews: readonly ApprovalView[] = [WAITING, ...approvalFilters];

/**
 * How each view is written in the URL. With none written the page opens on Waiting on Me when
 * something waits on the user, and on All Documents otherwise (see defaultApprovalView).
 */
const viewSlugs: Record<ApprovalView, string> = {
  [WAITING]: "waiting-on-me",
  "All Documents": "all",
  "In Progress": "in-progress",
  Approved: "approved",
  Rejected: "rejected",
};

/** `view` is null when the URL names none: the page then chooses (defaultApprovalView). */
export type ApprovalListParams = { view: ApprovalView | null; page: number };

export function parseApprovalListParams(search: URLSearchParams): ApprovalListParams {
  const slug = search.get("filter");
  const page = Number(search.get("page"));
  return {
    view: approvalViews.find((view) => viewSlugs[view] === slug) ?? null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function approvalListQueryString({ view, page }: ApprovalListParams): string {
  const next = new URLSearchParams();
  if (view) next.set("filter", viewSlugs[view]);
  if (page > 1) next.set("page", String(page));
  return next.toString();
}

/**
 * The view and the page live in the URL, as All Documents' filters and page do: a reload or Back
 * keeps them, and a link can open a page of a view. Changing the view goes back to the first page.
 */
export function useApprovalListParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseApprovalListParams(search);

  function update(changes: Partial<ApprovalListParams>) {
    setSearch((previous) => {
      const merged: ApprovalListParams = { ...parseApprovalListParams(previous), page: 1, ...changes };
      return new URLSearchParams(approvalListQueryString(merged));
    });
  }

  return { ...params, update };
}

/**
 * The view when the URL names none: the user's own work first. Chosen once, when the list first
 * arrives, so acting on the last waiting round does not move the user to another view.
 */
export function defaultApprovalView(waitingCount: number): ApprovalView {
  return waitingCount > 0 ? WAITING : "All Documents";
}
