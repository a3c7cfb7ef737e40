/** The rows of a raw `db.execute(sql…)` answer: both drivers (PGlite and pg) put them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
