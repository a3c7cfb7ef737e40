/**
 * The contracts' schemas for the requests of the app's shell and first pages, loaded apart from
 * their code: zod and the contracts are about a sixth of the first load, and the page can render
 * its frame and send its requests while they arrive. The answers are checked as strictly as ever
 * (lib/api-client.ts waits for the schema before it reads an answer).
 */
import type { z } from "zod";
import type * as Contracts from "@quire/contracts";

/** The contracts module, fetched once on first use and then shared with every page that needs it. */
export function loadContracts(): Promise<typeof Contracts> {
  return import("@quire/contracts");
}

/** A loader, for apiFetch and its kin, of the schema `pick` takes from the contracts. */
export function lazySchema<S extends z.ZodType>(pick: (contracts: typeof Contracts) => S): () => Promise<S> {
  return async () => pick(await loadContracts());
}
