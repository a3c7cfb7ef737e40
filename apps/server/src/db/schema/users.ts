import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";

/** Who signs in and how: accounts, their browser sessions and their API tokens. */

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    disabledAt: at("disabled_at"),
    createdAt: createdAt(),
    /** Set for users created by single sign-on: the provider's (issuer, subject) pair names the person. */
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** Group names from the provider's groups claim at the last sign-in (empty for local accounts). */
    oidcGroups: jsonb("oidc_groups").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("users_oidc_identity_idx").on(t.oidcIssuer, t.oidcSubject)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie's token: a leaked table does not leak usable sessions. */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    /**
     * When this session's person signed in again at the identity provider with prompt=login and
     * max_age=0 to sign a decision (approvals/signing.ts); null for every other session.
     */
    reauthenticatedAt: at("reauthenticated_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: at("last_used_at"),
    expiresAt: at("expires_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);
