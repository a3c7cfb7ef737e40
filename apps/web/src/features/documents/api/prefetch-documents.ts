import type { QueryClient } from "@tanstack/react-query";
import { documentsPageRequest, parseListParams } from "../hooks/use-list-params";
import { documentsQueryOptions } from "./get-documents";

/**
 * Asks for the page of documents All Documents shows first at this address (its search string),
 * under the key the page's own query uses, so the page finds it in the cache or on its way.
 */
export async function prefetchDocumentsPage(client: QueryClient, search: string): Promise<void> {
  const params = parseListParams(new URLSearchParams(search));
  await client.prefetchQuery(documentsQueryOptions(documentsPageRequest(params)));
}
