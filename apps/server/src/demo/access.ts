import type { AccessLevel } from "@quire/contracts";
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import { categories, groups, users } from "../db/schema";
import { putCategoryAccess } from "../modules/access/service";
import { SYSTEM_ACTOR } from "../modules/activity/command";
import { createGroup } from "../modules/groups/service";

/**
 * The demo's teams. Each category keeps "view" for everyone, so every demo role still finds what
 * the tour, the quick questions and the review rounds show, while the teams alone may add and
 * edit there: the demo shows access lists without hiding half the archive from the Viewer.
 */
export const DEMO_GROUPS: ReadonlyArray<{
  name: string;
  description: string;
  members: readonly string[];
  categories: ReadonlyArray<{ category: string; access: AccessLevel }>;
}> = [
  {
    name: "HR team",
    description: "People operations: onboarding, leave and workplace policies",
    members: ["author", "reviewer2"],
    categories: [{ category: "Human Resources", access: "edit" }],
  },
  {
    name: "Legal",
    description: "Contracts, compliance and data protection",
    members: ["author", "approver", "reviewer"],
    categories: [{ category: "Legal", access: "edit" }],
  },
  {
    name: "Finance",
    description: "Budgets, expenses and procurement",
    members: ["author", "approver"],
    categories: [{ category: "Finance", access: "edit" }],
  },
];

/**
 * Creates the demo groups and category access lists through the real services, as Quire: setting
 * up the demo is the system's work, not something the demo Admin did.
 */
export async function seedDemoAccess(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ id: groups.id }).from(groups).limit(1);
  if (existing) return;
  const people = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_GROUPS.flatMap((g) => g.members),
      ),
    );
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const levels = new Map<string, Array<{ groupId: string; access: AccessLevel }>>();
  for (const g of DEMO_GROUPS) {
    const memberIds = g.members.flatMap((m) => idOf.get(m) ?? []);
    const group = await createGroup(ctx, SYSTEM_ACTOR, {
      name: g.name,
      description: g.description,
      memberIds,
    });
    for (const c of g.categories)
      levels.set(c.category, [...(levels.get(c.category) ?? []), { groupId: group.id, access: c.access }]);
  }
  for (const [name, entries] of levels) {
    const [category] = await ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, name))
      .limit(1);
    if (category)
      await putCategoryAccess(ctx, SYSTEM_ACTOR, category.id, { everyone: "view", groups: entries });
  }
}
