import type { AppContext } from "../../context";
import type { DomainEvent } from "../../events/catalog";
import { defineSubscriber, type AppSubscriber } from "../../events/subscriber";
import { assertAssignmentRoles } from "./assignment";
import {
  endOpenRound,
  endRoundsAssigneesCannotSee,
  endRoundsForRoleChange,
  restartRoundForNewVersion,
  type RoundChange,
} from "./rounds";

/**
 * How review rounds react to changes made elsewhere. Each runs inside the command's transaction:
 * a round waiting on someone who can no longer act must end with the change that shut them out,
 * or a crash between the two would leave it waiting on them for good.
 */

const changeOf = (ctx: AppContext, event: DomainEvent): RoundChange => ({
  by: event.by,
  now: event.at,
  ctx,
});

export const approvalSubscribers: AppSubscriber[] = [
  defineSubscriber({
    name: "approvals: default reviewers and approver must hold their roles",
    event: "settings.approvalDefaultsChanged",
    phase: "in-transaction",
    run: (_ctx, tx, event) => assertAssignmentRoles(tx, event.reviewerIds, event.approverId),
  }),
  defineSubscriber({
    name: "approvals: a new version restarts the round on the old text",
    event: "document.versionAdded",
    phase: "in-transaction",
    run: (ctx, tx, event) =>
      restartRoundForNewVersion(tx, event.documentId, event.version, changeOf(ctx, event)),
  }),
  defineSubscriber({
    name: "approvals: archiving ends the open round",
    event: "document.archiveChanged",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      if (event.archived)
        await endOpenRound(tx, event.documentId, { code: "archived" }, changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: a role change ends the rounds that needed the old role",
    event: "user.roleChanged",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsForRoleChange(tx, event.userId, event.to, changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: a disabled account's rounds end",
    event: "user.disabled",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, "every", changeOf(ctx, event), "disabled");
    },
  }),
  defineSubscriber({
    name: "approvals: a document's new access list ends rounds its assignees cannot see",
    event: "document.accessChanged",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, { documentId: event.documentId }, changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: a document moved to a category its assignees cannot see ends its round",
    event: "document.moved",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, { documentId: event.documentId }, changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: a category's new access list ends rounds its assignees cannot see",
    event: "category.permissionsChanged",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, { categoryId: event.categoryId }, changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: members leaving groups end rounds they can no longer see",
    event: "group.membersChanged",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, "every", changeOf(ctx, event));
    },
  }),
  defineSubscriber({
    name: "approvals: a deleted group's members lose rounds they can no longer see",
    event: "group.deleted",
    phase: "in-transaction",
    run: async (ctx, tx, event) => {
      await endRoundsAssigneesCannotSee(tx, "every", changeOf(ctx, event));
    },
  }),
];
