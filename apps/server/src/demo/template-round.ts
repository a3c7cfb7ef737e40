import type { ApprovalTemplate } from "@quire/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { categories, documents } from "../db/schema";
import { actOnApproval, submitForReview } from "../modules/approvals/service";
import { saveCategoryTemplate } from "../modules/approvals/templates";
import { createDocument } from "../modules/documents/create-document";
import { authorizeDocumentById } from "../policies/guard";
import type { Actor } from "../policies/policy";

/**
 * Document control in the demo: one category with its own three-stage approval template, and a
 * round running under it (the first stage passed, the second waiting). Written by the demo people
 * through the template and approvals services, as an Admin and an author would in the app.
 */

export const DEMO_TEMPLATE_CATEGORY = "Human Resources";
export const DEMO_TEMPLATE_DOCUMENT = "Parental Leave Procedure";

const DAY_MS = 24 * 60 * 60 * 1000;

const stage = (
  name: string,
  roles: ApprovalTemplate["stages"][number]["roles"],
  rest: Partial<ApprovalTemplate["stages"][number]> = {},
): ApprovalTemplate["stages"][number] => ({
  name,
  roles,
  groupIds: [],
  quorum: { kind: "any" },
  dueDays: 5,
  onChanges: "end",
  onReject: "end",
  sendBack: false,
  ...rest,
});

export const DEMO_TEMPLATE: ApprovalTemplate = {
  stages: [
    stage("HR review", ["Reviewer"]),
    stage("Legal review", ["Reviewer"], { onChanges: "quorum" }),
    stage("Sign-off", ["Approver"], { dueDays: 3, sendBack: true }),
  ],
};

const TEXT = `# Parental Leave Procedure

## Purpose
How an employee requests parental leave, and how their manager and HR confirm it.

## Steps
1. The employee tells their manager and HR at least 8 weeks before the leave starts.
2. HR confirms the entitlement in writing within 10 working days.
3. The manager agrees a handover plan with the employee before the leave starts.

## Records
HR keeps the request, the confirmation and the handover plan for 6 years.
`;

export interface TemplateRoundPeople {
  admin: Actor;
  owner: Actor;
  /** One per stage, in order. */
  assignees: [Actor, Actor, Actor];
}

/** Seeds the template and the round once; a data directory that has the document is left alone. */
export async function seedDemoTemplateRound(ctx: AppContext, people: TemplateRoundPeople): Promise<void> {
  const [category] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, DEMO_TEMPLATE_CATEGORY));
  if (!category) return;
  const [seeded] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.title, DEMO_TEMPLATE_DOCUMENT), eq(documents.ownerId, people.owner.id)));
  if (seeded) return;

  const now = ctx.clock.now().getTime();
  const at = (daysAgo: number): AppContext => ({
    ...ctx,
    clock: { ...ctx.clock, now: () => new Date(now - daysAgo * DAY_MS) },
  });
  await saveCategoryTemplate(at(4), people.admin, category.id, DEMO_TEMPLATE);
  const bytes = Buffer.from(TEXT, "utf8");
  const id = await createDocument(at(3), people.owner, {
    title: DEMO_TEMPLATE_DOCUMENT,
    categoryId: category.id,
    tags: ["leave", "procedure"],
    file: {
      bytes,
      filename: "parental-leave-procedure.md",
      mediaType: "text/markdown",
      markdown: TEXT,
      pagesNeedingOcr: [],
    },
    createdAt: new Date(now - 3 * DAY_MS),
  });
  const submitting = at(2);
  await submitForReview(
    submitting,
    await authorizeDocumentById(submitting.db, people.owner, "document.submitForReview", id),
    { stages: people.assignees.map((a) => ({ assignees: [{ userId: a.id }] })) },
  );
  const reviewing = at(1);
  await actOnApproval(
    reviewing,
    await authorizeDocumentById(reviewing.db, people.assignees[0], "document.read", id),
    {
      status: "Approved",
      comment: "Matches the statutory notice periods.",
    },
  );
}
