import { z } from "zod";
import type { Role } from "./auth";
import { idSchema } from "./common";

/**
 * A category's approval template: the ordered stages a round passes through. Every stage but the
 * last is a review stage (its people approve or ask for changes); the last is the approval stage
 * (approve or reject, and send back for changes when the template allows it). A round keeps a copy
 * of the template it started with, so editing a template changes only rounds started afterwards.
 */

/** How many of a stage's assignees must approve: one, every one, or a number. A group counts once. */
export const quorumSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("any") }),
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("count"), n: z.number().int().min(1).max(20) }),
]);
export type Quorum = z.infer<typeof quorumSchema>;

/**
 * What a request for changes or a rejection does at a stage: end the round at once, or be recorded
 * and let the stage's quorum decide (the stage fails only when its quorum can no longer be met).
 */
export const negativeOutcomes = ["end", "quorum"] as const;
export type NegativeOutcome = (typeof negativeOutcomes)[number];

/** The roles a stage's pool may name: a Viewer is read-only and never asked to decide. */
export const poolRoles = ["Reviewer", "Approver", "Author", "Admin"] as const satisfies readonly Role[];

export const templateStageSchema = z.object({
  name: z.string().trim().min(1, "Give the stage a name").max(80),
  /** Who may be picked: holders of these roles, and members of these groups. */
  roles: z.array(z.enum(poolRoles)).max(poolRoles.length),
  groupIds: z.array(idSchema).max(20),
  quorum: quorumSchema,
  /** Days the stage has once it opens; null for no due date. */
  dueDays: z.number().int().min(1).max(365).nullable(),
  onChanges: z.enum(negativeOutcomes),
  onReject: z.enum(negativeOutcomes),
  /** The approval stage may send the document back for changes (ignored on review stages). */
  sendBack: z.boolean(),
});
export type TemplateStage = z.infer<typeof templateStageSchema>;

export const MAX_TEMPLATE_STAGES = 6;

export const approvalTemplateSchema = z
  .object({ stages: z.array(templateStageSchema).min(1).max(MAX_TEMPLATE_STAGES) })
  .superRefine((template, ctx) => {
    template.stages.forEach((stage, i) => {
      if (stage.roles.length === 0 && stage.groupIds.length === 0)
        ctx.addIssue({
          code: "custom",
          path: ["stages", i, "roles"],
          message: `Stage ${i + 1} needs a role or a group to pick its people from`,
        });
      if (new Set(stage.groupIds).size !== stage.groupIds.length)
        ctx.addIssue({ code: "custom", path: ["stages", i, "groupIds"], message: "A group is listed twice" });
    });
  });
export type ApprovalTemplate = z.infer<typeof approvalTemplateSchema>;

/** A stage as a round keeps it: the rule, with its groups' names as they were when it started. */
export const snapshotStageSchema = templateStageSchema.extend({
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SnapshotStage = z.infer<typeof snapshotStageSchema>;

/**
 * The flow every category has until an Admin sets its own: every chosen Reviewer reviews, then one
 * Approver approves or rejects; a request for changes ends the round, as does a rejection.
 */
export const defaultApprovalTemplate: ApprovalTemplate = {
  stages: [
    {
      name: "Review",
      roles: ["Reviewer"],
      groupIds: [],
      quorum: { kind: "all" },
      dueDays: null,
      onChanges: "end",
      onReject: "end",
      sendBack: false,
    },
    {
      name: "Approval",
      roles: ["Approver"],
      groupIds: [],
      quorum: { kind: "any" },
      dueDays: null,
      onChanges: "end",
      onReject: "end",
      sendBack: false,
    },
  ],
};

/** GET/PUT /api/categories/:id/approval-template. */
export const categoryTemplateSchema = z.object({
  categoryId: z.string(),
  /** False while the category uses the default flow. */
  custom: z.boolean(),
  template: approvalTemplateSchema,
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  updatedAt: z.string().nullable(),
});
export type CategoryTemplate = z.infer<typeof categoryTemplateSchema>;

/** One pick at submission: a person, or a group any one member of which may act for it. */
export const stageAssigneeSchema = z.union([
  z.object({ userId: idSchema }).strict(),
  z.object({ groupId: idSchema }).strict(),
]);
export type StageAssignee = z.infer<typeof stageAssigneeSchema>;
export const stagePicksSchema = z
  .array(z.object({ assignees: z.array(stageAssigneeSchema).min(1).max(20) }))
  .min(1)
  .max(MAX_TEMPLATE_STAGES);
export type StagePicks = z.infer<typeof stagePicksSchema>;

/** How many approvals a stage with `units` assignees needs. */
export function quorumNeeded(quorum: Quorum, units: number): number {
  if (quorum.kind === "any") return Math.min(1, units);
  if (quorum.kind === "all") return units;
  return quorum.n;
}

/** The quorum in words, for the template editor, the submit dialog and the decision dialog. */
export function describeQuorum(quorum: Quorum): string {
  if (quorum.kind === "any") return "Any one assignee";
  if (quorum.kind === "all") return "Every assignee";
  return `${quorum.n} of the assignees`;
}

/** What a negative choice does at a stage, said before anyone chooses. */
export function describeNegative(what: "A request for changes" | "A rejection", outcome: NegativeOutcome) {
  return outcome === "end"
    ? `${what} ends the round at once.`
    : `${what} is recorded; the round ends only if this stage can no longer reach its quorum.`;
}

export const isRoleInPool = (stage: Pick<TemplateStage, "roles">, role: string): boolean =>
  (stage.roles as readonly string[]).includes(role);

/** A user's out-of-office: from and until (inclusive, UTC dates) another person acts for them. */
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date such as 2026-03-31");
export const delegationSchema = z
  .object({ from: dateText, until: dateText, delegateId: idSchema })
  .refine((d) => d.from <= d.until, { message: "The end date is before the start date", path: ["until"] });
export type Delegation = z.infer<typeof delegationSchema>;
export const delegationViewSchema = z.object({
  delegation: delegationSchema.nullable(),
  delegateName: z.string().nullable(),
});
export type DelegationView = z.infer<typeof delegationViewSchema>;
