import { randomUUID } from "node:crypto";
import { customType, text, timestamp } from "drizzle-orm/pg-core";

/** Column types and helpers every table file shares. */

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => randomUUID());
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
