/**
 * The contracts' schemas for the requests of the app's shell and first pages, loaded apart from
 * their code: zod and the contracts are about a sixth of the first load, and the page can render
 * its frame and send its requests while they arrive. The answers are checked as strictly as ever
 * (lib/api-client.ts waits for the schema before it reads an answer).
 *
 * Two entries: the shell's few schemas (`@quire/contracts/shell`: session, sidebar, documents
 * list, live events), which every first visit needs, and the whole index for the rest; building
 * every schema of the API is a long task a first page should not wait behind.
 */
import type { z } from "zod";
import type * as Contracts from "@quire/contracts";
import type * as Shell from "@quire/contracts/shell";

/** The shell's schemas, fetched once on first use. */
export function loadShellContracts(): Promise<typeof Shell> {
  return import("@quire/contracts/shell");
}

/** The contracts module, fetched once on first use and then shared with every page that needs it. */
export function loadContracts(): Promise<typeof Contracts> {
  return import("@quire/contracts");
}

/** A loader, for apiFetch and its kin, of a shell schema `pick` takes (see above). */
export function lazyShellSchema<S extends z.ZodType>(pick: (shell: typeof Shell) => S): () => Promise<S> {
  return async () => pick(await loadShellContracts());
}

/** A loader, for apiFetch and its kin, of the schema `pick` takes from the contracts. */
export function lazySchema<S extends z.ZodType>(pick: (contracts: typeof Contracts) => S): () => Promise<S> {
  return async () => pick(await loadContracts());
}
