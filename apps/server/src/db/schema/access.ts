import { accessLevels, everyoneAccessLevels } from "@quire/contracts";
import { index, integer, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

/** Who may act where: groups and their members, the categories, and each category's access per group. */

/** Where a person may act (contracts' access levels); `everyone_access` adds `none`. */
export const accessLevelEnum = pgEnum("access_level", accessLevels);
export const everyoneAccessEnum = pgEnum("everyone_access", everyoneAccessLevels);

export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  icon: text("icon").notNull().default("fas fa-folder"),
  color: text("color").notNull().default("gray"),
  /** What every signed-in user may do here; groups in category_group_access may get more. */
  everyoneAccess: everyoneAccessEnum("everyone_access").notNull().default("edit"),
  /** How many months an effective document of this category stays valid before its periodic review. */
  reviewIntervalMonths: integer("review_interval_months"),
  createdAt: createdAt(),
});

export const groups = pgTable("groups", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);

export const categoryGroupAccess = pgTable(
  "category_group_access",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    access: accessLevelEnum("access").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.groupId] }),
    index("category_group_access_group_idx").on(t.groupId),
  ],
);
