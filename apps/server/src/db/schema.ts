/**
 * Every table of the database, one file per domain under schema/. Code imports tables from here,
 * drizzle-kit reads this file (drizzle.config.ts), and the backup walks its exports. A domain file
 * imports only the files whose tables its foreign keys name, so the files form no loop.
 */
export * from "./schema/users";
export * from "./schema/access";
export * from "./schema/storage";
export * from "./schema/documents";
export * from "./schema/search";
export * from "./schema/approvals";
export * from "./schema/activity";
export * from "./schema/notifications";
export * from "./schema/acknowledgements";
export * from "./schema/comments";
export * from "./schema/operations";
export * from "./schema/ingestion";
