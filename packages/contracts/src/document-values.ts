// Without zod, and exported alone as `@quire/contracts/document-values`: All Documents reads its
// filters from the address and draws its selection bar before the contracts load
// (apps/web/src/lib/lazy-schema.ts).

/** The five statuses a document can be in (seed §6). */
export const documentStatuses = ["Draft", "In Review", "Approved", "Rejected", "Changes Requested"] as const;

/**
 * At most this many documents per bulk request: past it the request is refused whole (never cut
 * short silently), and the person narrows the filter or splits the selection.
 */
export const BULK_MAX_DOCUMENTS = 1000;
