import type { MailTexts } from "./mail-texts-shape";

/** English: the same words as the web's notifications catalogue, and the e-mail's own. */
export const en: MailTexts = {
  mail: {
    open: "Open it in Quire: {{link}}",
    why: "You receive this because e-mail notifications are on in your Quire settings.",
  },
  stage: {
    Review: "Review",
    Approval: "Approval",
  },
  role: {
    Admin: "Admin",
    Author: "Author",
    Reviewer: "Reviewer",
    Approver: "Approver",
    Viewer: "Viewer",
  },
  messages: {
    mentioned: {
      title: "Mentioned in a comment",
      body: '{{by}} mentioned you in a comment on "{{document}}" (version {{version}})',
    },
    reviewRequested: {
      title: "Review requested",
      body: '{{by}} asked you to review "{{document}}" (version {{version}})',
    },
    nextStageReview: {
      title: "Review requested",
      body: '"{{document}}" passed the previous stage and awaits your review',
    },
    readyForApproval: {
      title: "Ready for approval",
      body: '"{{document}}" passed review and awaits your decision',
    },
    changesRequested: {
      title: "Changes requested",
      body: '{{by}} requested changes to "{{document}}"',
      body_comment: '{{by}} requested changes to "{{document}}": {{comment}}',
    },
    sentBack: {
      title: "Changes requested",
      body: '{{by}} sent "{{document}}" back for changes',
      body_comment: '{{by}} sent "{{document}}" back for changes: {{comment}}',
    },
    approved: {
      title: "Document approved",
      body: '{{by}} approved "{{document}}"',
      body_comment: '{{by}} approved "{{document}}": {{comment}}',
    },
    rejected: {
      title: "Document rejected",
      body: '{{by}} rejected "{{document}}"',
      body_comment: '{{by}} rejected "{{document}}": {{comment}}',
    },
    reviewWithdrawn: {
      title: "Review withdrawn",
      body: 'The review of "{{document}}" ended without a decision: {{reason}}. It is a Draft again and can be resubmitted.',
      reasons: {
        replaced: "version {{version}} replaced version {{replaced}}, the text under review",
        replacedNobodyLeft:
          "version {{version}} replaced version {{replaced}}, the text under review, and its reviewers or approver can no longer act",
        restarted: "Version {{version}} replaced version {{replaced}} during review",
        archived: "the document was archived",
        roleChanged: "{{user}} no longer holds the role this review needs (now {{role}})",
        cannotOpen_access: "{{users}} can no longer open it after a change of access",
        cannotOpen_disabled: "{{users}} can no longer open it (their account was disabled)",
        cannotOpen_startup:
          "{{users}} can no longer open it (found at start-up: an earlier change of access or a disabled account left the review waiting)",
        overdue: "{{stage}} was due on {{dueOn}}; waiting on {{waiting}}",
        overdue_nobody: "{{stage}} was due on {{dueOn}}; waiting on nobody who can still act",
        someone: "an assignee",
      },
    },
    newVersion: {
      title: "New version to review",
      body: '{{by}} added version {{version}} of "{{document}}"; the review starts again on the new version',
    },
    reviewDueToday: {
      title: "Review due today",
      body: '{{stage}} of "{{document}}" is due today; it waits on you',
    },
    reviewDueTomorrow: {
      title: "Review due tomorrow",
      body: '{{stage}} of "{{document}}" is due tomorrow ({{dueOn}}); it waits on you',
    },
    reviewOverdue: {
      title: "Review overdue",
      body: '{{stage}} of "{{document}}" was due on {{dueOn}} and still waits on {{waiting}}',
      body_nobody:
        '{{stage}} of "{{document}}" was due on {{dueOn}} and still waits on nobody who can still act',
    },
    periodicReviewDue: {
      title: "Periodic review due",
      body: '"{{document}}" is due for review on {{reviewOn}}: re-confirm version {{version}} or revise it',
    },
    periodicReviewLapsed: {
      title: "Periodic review lapsed",
      body: '"{{document}}" was due for review on {{reviewOn}}: re-confirm version {{version}} or revise it',
    },
    acknowledgementRequested: {
      title: "Please read and acknowledge",
      body: '"{{document}}" version {{version}}: read it and confirm you have',
    },
    acknowledgementReminder: {
      title: "Reminder: read and acknowledge",
      body: '"{{document}}" version {{version}} still waits for your acknowledgment',
    },
    staleReviewDate: {
      title: "Review due: {{document}}",
      body: "Its review date ({{reviewDate}}) passed {{days}} days ago. Please review it and confirm or update its content.",
    },
    staleUnchanged: {
      title: "Review due: {{document}}",
      body: "It states no review date and has not changed for {{days}} days. Please review it and confirm or update its content.",
    },
    stuckReminder: {
      title: "Reminder: review '{{document}}'",
      body: "It has been waiting {{days}} days for your review.",
    },
    duplicateArchived: {
      title: "Archived: {{document}}",
      body: "Archived as a near-duplicate of '{{newer}}', which supersedes it. Restore it from the document page if that is wrong.",
    },
    nearDuplicate: {
      title: "Near-duplicate: {{document}}",
      body: "'{{newer}}' repeats most of it. Archive the older copy once the newer one is approved.",
    },
  },
};
