import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { formatTextDay, openApprovalStages } from "@quire/contracts";
import { findUsers } from "../users/repository";
import { notifyUsers, settleRequests, supersedeRequests } from "./service";

/**
 * Who hears of a review round, written in the command's transaction (a notification and its
 * e-mail job exist exactly when the change does): the reviewers when it starts, the approver when
 * review is done, the owner on requested changes or a decision; the owner and those still waited
 * on when a round is withdrawn; its people again when a new version restarts it. An answer settles
 * the request it answered; a round that ends or restarts supersedes the requests nobody answered.
 */
export const notificationSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "notifications: people mentioned in a comment are told",
    event: "comment.posted",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      if (event.mentionedIds.length === 0) return;
      const note = {
        kind: "mentioned" as const,
        title: "Mentioned in a comment",
        body: `${event.by.username} mentioned you in a comment on "${event.documentTitle}" (version ${event.version})`,
        message: {
          key: "mentioned" as const,
          params: { by: event.by.username, document: event.documentTitle, version: event.version },
        },
        documentId: event.documentId,
        // Opens the document's comments at the comment.
        link: `/document/${event.documentId}?tab=comments#comment-${event.commentId}`,
      };
      await notifyUsers(tx, event.mentionedIds, note, event.at, ctx.config.mail);
    },
  }),
  defineSubscriber({
    name: "notifications: reviewers are asked to review",
    event: "approval.submitted",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const note = {
        kind: "review_requested" as const,
        title: "Review requested",
        body: `${event.by.username} asked you to review "${event.documentTitle}" (version ${event.version})`,
        message: {
          key: "reviewRequested" as const,
          params: { by: event.by.username, document: event.documentTitle, version: event.version },
        },
        documentId: event.documentId,
      };
      await notifyUsers(tx, event.reviewerIds, note, event.at, ctx.config.mail);
    },
  }),
  defineSubscriber({
    name: "notifications: a round that moved tells who acts next, or the owner",
    event: "approval.decided",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const next = event.nextIds ?? [];
      if (event.from === event.to && next.length === 0) return;
      const documentId = event.documentId;
      const said = event.comment ? `: ${event.comment}` : "";
      const who = event.by.username;
      if (event.to === "Awaiting Approval") {
        const note = {
          kind: "ready_for_approval" as const,
          title: "Ready for approval",
          body: `"${event.documentTitle}" passed review and awaits your decision`,
          message: { key: "readyForApproval" as const, params: { document: event.documentTitle } },
          documentId,
        };
        await notifyUsers(tx, next.length > 0 ? next : [event.approverId], note, event.at, ctx.config.mail);
      } else if (event.to === "Awaiting Review") {
        // A review stage passed and the next review stage opened.
        const note = {
          kind: "review_requested" as const,
          title: "Review requested",
          body: `"${event.documentTitle}" passed the previous stage and awaits your review`,
          message: { key: "nextStageReview" as const, params: { document: event.documentTitle } },
          documentId,
        };
        await notifyUsers(tx, next, note, event.at, ctx.config.mail);
      } else if (event.to === "Changes Requested") {
        const note = {
          kind: "changes_requested" as const,
          title: "Changes requested",
          body:
            event.kind === "decide"
              ? `${who} sent "${event.documentTitle}" back for changes${said}`
              : `${who} requested changes to "${event.documentTitle}"${said}`,
          message: {
            key: event.kind === "decide" ? ("sentBack" as const) : ("changesRequested" as const),
            params: { by: who, document: event.documentTitle, comment: event.comment ?? "" },
          },
          documentId,
        };
        await notifyUsers(tx, [event.ownerId], note, event.at, ctx.config.mail);
      } else if (event.to === "Approved" || event.to === "Rejected") {
        const note = {
          kind: event.to === "Approved" ? ("approved" as const) : ("rejected" as const),
          title: `Document ${event.to.toLowerCase()}`,
          body: `${who} ${event.to.toLowerCase()} "${event.documentTitle}"${said}`,
          message: {
            key: event.to === "Approved" ? ("approved" as const) : ("rejected" as const),
            params: { by: who, document: event.documentTitle, comment: event.comment ?? "" },
          },
          documentId,
        };
        await notifyUsers(tx, [event.ownerId], note, event.at, ctx.config.mail);
      }
    },
  }),
  defineSubscriber({
    name: "notifications: an answer settles the request it answered",
    event: "approval.decided",
    phase: "in-transaction",
    run: async (_ctx, tx, event) => {
      const answered = event.kind === "review" ? "review" : "decision";
      if (event.by.id === null) return;
      await settleRequests(tx, { userId: event.by.id, documentId: event.documentId, answered }, event.at);
    },
  }),
  defineSubscriber({
    name: "notifications: a round that ended early or was decided needs no other answers",
    event: "approval.decided",
    phase: "in-transaction",
    run: async (_ctx, tx, event) => {
      if ((openApprovalStages as readonly string[]).includes(event.to)) return;
      await supersedeRequests(tx, { documentId: event.documentId, except: event.by.id }, event.at);
    },
  }),
  defineSubscriber({
    name: "notifications: a withdrawn round needs no answers",
    event: "approval.withdrawn",
    phase: "in-transaction",
    run: async (_ctx, tx, event) => {
      await supersedeRequests(tx, { documentId: event.documentId, except: null }, event.at);
    },
  }),
  defineSubscriber({
    name: "notifications: a withdrawn round tells the owner and those it waited on why",
    event: "approval.withdrawn",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const note = {
        kind: "review_withdrawn" as const,
        title: "Review withdrawn",
        body: `The review of "${event.documentTitle}" ended without a decision: ${event.reason}. It is a Draft again and can be resubmitted.`,
        message: {
          key: "reviewWithdrawn" as const,
          params: { document: event.documentTitle, reason: event.reason, why: event.why },
        },
        documentId: event.documentId,
      };
      const told = [event.ownerId, ...event.waitingIds].filter((id) => id !== event.by.id);
      await notifyUsers(tx, told, note, event.at, ctx.config.mail);
    },
  }),
  defineSubscriber({
    name: "notifications: a round restarted on a new version asks its people again",
    event: "approval.restarted",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const note = {
        kind: "new_version" as const,
        title: "New version to review",
        body: `${event.by.username} added version ${event.version} of "${event.documentTitle}"; the review starts again on the new version`,
        message: {
          key: "newVersion" as const,
          params: { by: event.by.username, document: event.documentTitle, version: event.version },
        },
        documentId: event.documentId,
      };
      const told = event.askedIds.filter((id) => id !== event.by.id);
      // The requests of the replaced round go first, so the bell counts each person once.
      await supersedeRequests(tx, { documentId: event.documentId, except: null }, event.at);
      await notifyUsers(tx, told, note, event.at, ctx.config.mail);
    },
  }),
  defineSubscriber({
    name: "notifications: a stage due tomorrow or today reminds those it waits on",
    event: "approval.dueSoon",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const when = event.dueToday ? "today" : `tomorrow (${formatTextDay(event.dueOn)})`;
      const note = {
        kind: "review_reminder" as const,
        title: event.dueToday ? "Review due today" : "Review due tomorrow",
        body: `${event.stageName} of "${event.documentTitle}" is due ${when}; it waits on you`,
        message: event.dueToday
          ? {
              key: "reviewDueToday" as const,
              params: { stage: event.stageName, document: event.documentTitle },
            }
          : {
              key: "reviewDueTomorrow" as const,
              params: { stage: event.stageName, document: event.documentTitle, dueOn: event.dueOn },
            },
        documentId: event.documentId,
      };
      await notifyUsers(tx, event.waitingIds, note, event.at, ctx.config.mail);
    },
  }),
  defineSubscriber({
    name: "notifications: an overdue stage is escalated to the Admins",
    event: "approval.overdue",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      const who = event.waitingNames.join(", ") || "nobody who can still act";
      const note = {
        kind: "review_overdue" as const,
        title: "Review overdue",
        body: `${event.stageName} of "${event.documentTitle}" was due on ${formatTextDay(event.dueOn)} and still waits on ${who}`,
        message: {
          key: "reviewOverdue" as const,
          params: {
            stage: event.stageName,
            document: event.documentTitle,
            dueOn: event.dueOn,
            waiting: event.waitingNames.join(", "),
          },
        },
        documentId: event.documentId,
      };
      const admins = await findUsers(tx, { role: "Admin", active: true });
      await notifyUsers(
        tx,
        admins.map((a) => a.id),
        note,
        event.at,
        ctx.config.mail,
      );
    },
  }),
];
