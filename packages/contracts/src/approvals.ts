import { z } from "zod";
import { idSchema } from "./common";
import { snapshotStageSchema, stagePicksSchema } from "./approval-templates";
import { notificationMessageSchema } from "./notification-messages";
import { roundReasonSchema } from "./round-reasons";

/**
 * Seed §4 stages, plus Changes Requested, where a round ends when a reviewer asks for changes, and
 * Withdrawn, where a round ended without a decision (a new version replaced the text under review,
 * the document was archived, or an assignee lost the role the round needs).
 */
export const approvalStages = [
  "Not Started",
  "Awaiting Review",
  "Awaiting Approval",
  "Approved",
  "Rejected",
  "Changes Requested",
  "Withdrawn",
] as const;
export const approvalStageSchema = z.enum(approvalStages);
export type ApprovalStage = z.infer<typeof approvalStageSchema>;
/** The stages in which a round still waits on someone; any other round is settled or withdrawn. */
export const openApprovalStages = [
  "Awaiting Review",
  "Awaiting Approval",
] as const satisfies readonly ApprovalStage[];

/**
 * An assignee's entry: Pending until they act; Rejected only at an approval stage; Not Needed when
 * their stage settled without them (its quorum was met, or another member of their group acted).
 */
export const reviewerStatuses = [
  "Pending",
  "Approved",
  "Changes Requested",
  "Rejected",
  "Not Needed",
] as const;
export type ReviewerStatus = (typeof reviewerStatuses)[number];
/** What a reviewer may set their own entry to. */
export const reviewDecisions = ["Approved", "Changes Requested"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** The approval stage's outcome; Changes Requested when the approval stage sent the document back. */
export const approverStatuses = ["Pending", "Approved", "Rejected", "Changes Requested"] as const;
export type ApproverStatus = (typeof approverStatuses)[number];
export const finalDecisions = ["Approved", "Rejected"] as const;
export type FinalDecision = (typeof finalDecisions)[number];

const comment = z.string().max(5000);

/**
 * Seed §7 submit-review payload. `submitterId` is accepted and ignored: the submitter is the
 * session user. Reviewers and approver default to the organisation's settings when omitted.
 * `stages` picks the assignees of each stage of the category's template (people or groups); the
 * seed's `reviewers` and `approverId` fill a two-stage template's first and last stage.
 */
export const submitReviewBodySchema = z.object({
  reviewers: z.array(idSchema).min(1).max(20).optional(),
  approverId: idSchema.optional(),
  stages: stagePicksSchema.optional(),
  submitterId: z.unknown().optional(),
});
export type SubmitReviewBody = z.infer<typeof submitReviewBodySchema>;

/**
 * Seed §7 PATCH payloads (review: reviewers, stage, activityLog; decision: approverStatus,
 * approverComment, stage, activityLog), or the simpler `{status, comment}`. The server reads only
 * the acting user's part; stage, activity log and other reviewers' entries are ignored.
 */
export const updateApprovalBodySchema = z.object({
  reviewers: z
    .array(
      z.object({
        id: idSchema,
        status: z.string().max(50).optional(),
        comment: comment.nullish(),
      }),
    )
    .max(50)
    .optional(),
  status: z.string().max(50).optional(),
  comment: comment.nullish(),
  approverStatus: z.string().max(50).optional(),
  approverComment: comment.nullish(),
  /**
   * The round the person saw when they chose. Sent by Quire's web app, so a review of version 3 is
   * never recorded on the round a new version 4 opened meanwhile; optional for older clients.
   */
  round: z.number().int().positive().max(1_000_000).optional(),
  /** The signer's password, where the category requires it to be entered again to sign. */
  password: z.string().min(1).max(1024).optional(),
  stage: z.unknown().optional(),
  activityLog: z.unknown().optional(),
});
export type UpdateApprovalBody = z.infer<typeof updateApprovalBodySchema>;

export const approvalReviewerSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: z.enum(reviewerStatuses),
  comment: z.string().nullable(),
});

export const activityEntrySchema = z.object({
  action: z.string(),
  userId: z.string(),
  username: z.string(),
  timestamp: z.string(),
  comment: z.string().nullable(),
  /** Why the round ended or started over, as facts (`comment` says it in English); absent otherwise. */
  reason: roundReasonSchema.optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** What the signed-in user may do with this round, so the web app shows forms from the server's rules. */
export const approvalAbilitiesSchema = z.object({ review: z.boolean(), decide: z.boolean() });

/** One assignee of a stage, as the round shows them ("reviewer2 for reviewer" when delegated). */
export const stageAssignmentSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** Set when this person acts for someone out of office. */
  onBehalfOfId: z.string().nullable(),
  onBehalfOf: z.string().nullable(),
  /** Set for a group's members: any one of them acts for the group. */
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  status: z.enum(reviewerStatuses),
  comment: z.string().nullable(),
});
export type StageAssignment = z.infer<typeof stageAssignmentSchema>;

export const stageStates = ["Waiting", "Open", "Passed", "Failed", "Closed"] as const;
/** A stage of the round's own copy of its template, with its people and where it stands. */
export const roundStageSchema = snapshotStageSchema.extend({
  index: z.number().int(),
  state: z.enum(stageStates),
  /** The approvals it needs, counting each group once. */
  needed: z.number().int(),
  approvals: z.number().int(),
  /** The UTC date (YYYY-MM-DD) the open stage is due, or null. */
  dueOn: z.string().nullable(),
  /** The open stage passed its due date and was escalated to the Admins. */
  overdue: z.boolean(),
  assignees: z.array(stageAssignmentSchema),
});
export type RoundStage = z.infer<typeof roundStageSchema>;

/** Seed §4's status of a round as the Approval Dashboard filters it. */
export const approvalStatuses = ["In Progress", "Approved", "Rejected"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** Seed §3 Approval, plus round, approver name, timestamps, abilities, status and progress. */
export const approvalSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  round: z.number().int(),
  version: z.number().int(),
  stage: approvalStageSchema,
  reviewers: z.array(approvalReviewerSchema),
  approverId: z.string(),
  approver: z.string(),
  approverStatus: z.enum(approverStatuses),
  approverComment: z.string().nullable(),
  submittedBy: z.string(),
  /** The submitter's username, for screens: an id is never shown where a name exists. */
  submittedByUsername: z.string(),
  activityLog: z.array(activityEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: approvalAbilitiesSchema,
  /** Seed §4's derived status (approvals/policy.ts roundStatus): the web shows it, never derives it. */
  status: z.enum(approvalStatuses),
  /** Share of reviewers who approved, a whole percent (0 with no reviewers). */
  progress: z.number().int().min(0).max(100),
  /** The round's stages, from its own copy of the category's template. */
  stages: z.array(roundStageSchema),
  /** The open stage's index, or null once the round ended. */
  step: z.number().int().nullable(),
  /** What the signed-in user may choose now (empty when nothing waits on them). */
  choices: z.array(z.enum(reviewerStatuses)),
});
export type Approval = z.infer<typeof approvalSchema>;

/** An entry of GET /api/approvals: the latest round of a document, with its title and owner. */
export const approvalListItemSchema = approvalSchema.extend({
  documentTitle: z.string(),
  documentStatus: z.string(),
  owner: z.string(),
  ownerId: z.string(),
});
export type ApprovalListItem = z.infer<typeof approvalListItemSchema>;

/** Seed §3 Approval stats over the latest round of every visible document. */
export const approvalStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  /** Of those, the rounds waiting on the signed-in user's own review or decision right now. */
  waitingOnYou: z.number().int(),
});
export type ApprovalStats = z.infer<typeof approvalStatsSchema>;

export const notificationKinds = [
  "review_requested",
  "ready_for_approval",
  "changes_requested",
  "approved",
  "rejected",
  "new_version",
  // A round ended without a decision; its people are told why.
  "review_withdrawn",
  // Sent when someone applies an AI suggestion.
  "review_due",
  "review_reminder",
  // An overdue stage, told to the category's Admins.
  "review_overdue",
  "duplicate_archived",
  // An effective document's periodic review is due or lapsed, told to its owner.
  "periodic_review",
  // A read-and-acknowledge campaign asks someone to confirm they read a document, then reminds them.
  "acknowledgement_requested",
  "acknowledgement_reminder",
  // Someone @-mentioned the user in a comment on a document they may read.
  "mentioned",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** In English, as e-mail copies say it; the web writes it from `message` in the reader's language. */
  title: z.string(),
  body: z.string(),
  /** The facts the title and body are made of; null for notifications written before they were kept. */
  message: notificationMessageSchema.nullable(),
  link: z.string(),
  documentId: z.string().nullable(),
  read: z.boolean(),
  /** A request to act that its round no longer needs (it ended or restarted first); always read. */
  superseded: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

// The unread count lives in ./notification-count (a module of its own, for the shell entry).
export { unreadCountSchema } from "./notification-count";

/** Per-user notification preferences (seed Settings › Notification Preferences). */
export const notificationPreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  reviewReminders: z.boolean(),
  approvalAlerts: z.boolean(),
  /** Where e-mail copies go; null keeps notifications in Quire only. */
  emailAddress: z
    .string()
    .trim()
    .toLowerCase()
    .email("emailAddress must be an e-mail address")
    .max(254)
    .nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** What the Settings card shows: the preferences, and whether this server can send e-mail at all. */
export const notificationPreferencesViewSchema = notificationPreferencesSchema.extend({
  emailDelivery: z.boolean(),
});
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesViewSchema>;
export const updateNotificationPreferencesSchema = notificationPreferencesSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, "give at least one preference");
