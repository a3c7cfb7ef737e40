import { readFileSync } from "node:fs";

/** Bytes of a committed fixture in apps/server/test-fixtures (see its README for their origin). */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url)));
}
