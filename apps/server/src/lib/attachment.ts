import { create } from "content-disposition";

/**
 * A Content-Disposition header that downloads under `filename` (RFC 6266): the exact name in
 * `filename*` (UTF-8) whenever it is not plain ASCII, and an ASCII fallback for old clients with
 * "_" for each other character, quotes and backslashes (the package's default would use "?").
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return create(filename, { fallback: ascii });
}
