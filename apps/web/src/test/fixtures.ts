/**
 * Complete API answers for unit tests. The web parses every answer with its contracts schema,
 * so a fixture must be whole: these builders start from a valid answer and take overrides.
 */
import type {
  AppAbilities,
  Approval,
  ApprovalListItem,
  Category,
  Document,
  DocumentControl,
  Role,
  SessionUser,
  Settings,
  Version,
} from "@quire/contracts";

const none: AppAbilities = {
  uploadDocuments: false,
  bulkEditDocuments: false,
  manageUsers: false,
  manageSettings: false,
  manageCategories: false,
  applySuggestions: false,
  readWaitlist: false,
  createBackup: false,
  readActivity: false,
  manageIngestion: false,
  reviewDocuments: false,
  approvalWorkflows: true,
  versionDiff: true,
  aiSummaries: true,
  semanticSearch: true,
};

/**
 * What the server's appAbilities (policies/policy.ts) grants each role with the default feature
 * toggles: only Admins and Authors upload, only Reviewers and Approvers are given review duties.
 * Tests override what they exercise.
 */
export function abilitiesFor(role: Role, overrides: Partial<AppAbilities> = {}): AppAbilities {
  const admin = role === "Admin";
  return {
    ...none,
    uploadDocuments: admin || role === "Author",
    bulkEditDocuments: admin || role === "Author",
    manageUsers: admin,
    manageSettings: admin,
    manageCategories: admin,
    applySuggestions: admin,
    readWaitlist: admin,
    createBackup: admin,
    readActivity: admin,
    manageIngestion: admin,
    reviewDocuments: role === "Reviewer" || role === "Approver",
    ...overrides,
  };
}

export function sessionUser(
  fields: { id: string; username: string; role: Role; mustChangePassword?: boolean },
  abilities: Partial<AppAbilities> = {},
): SessionUser {
  return {
    ...fields,
    abilities: abilitiesFor(fields.role, abilities),
    permissions: [`${fields.role} rules`],
  };
}

export function category(overrides: Partial<Category> = {}): Category {
  return { id: "c1", name: "Engineering", description: "", icon: "fas fa-code", color: "blue", ...overrides };
}

export function document(overrides: Partial<Document> = {}): Document {
  return {
    id: "d1",
    title: "Document",
    status: "Draft",
    categoryId: "c1",
    category: category(),
    owner: "author",
    ownerId: "2",
    tags: [],
    createdAt: "2026-11-25T00:00:00.000Z",
    updatedAt: "2026-11-25T00:00:00.000Z",
    versionCount: 1,
    currentVersionNumber: 1,
    currentVersion: { content: "", changeNote: null },
    originalFilename: "document.md",
    mediaType: "text/markdown",
    language: null,
    thumbnailUrl: null,
    processing: { state: "ready", error: null },
    archived: false,
    abilities: {
      update: true,
      createVersion: true,
      submitForReview: true,
      archive: true,
      share: true,
      control: true,
    },
    control: documentControl(),
    ...overrides,
  };
}

/** A document never approved: no effective version, no periodic review. */
export function documentControl(overrides: Partial<DocumentControl> = {}): DocumentControl {
  return {
    effectiveVersion: null,
    effectiveAt: null,
    readingEffective: false,
    revision: null,
    periodicReview: {
      effectiveOn: null,
      intervalMonths: null,
      intervalSource: "none",
      nextReviewOn: null,
      lastConfirmedAt: null,
      state: "none",
    },
    ...overrides,
  };
}

/** Round 1 of document d1: one reviewer has approved, the approver has not decided. */
export function approval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: "a1",
    documentId: "d1",
    round: 1,
    version: 1,
    stage: "Awaiting Approval",
    reviewers: [{ id: "u3", username: "reviewer", status: "Approved", comment: null }],
    approverId: "u4",
    approver: "approver",
    approverStatus: "Pending",
    approverComment: null,
    submittedBy: "u2",
    submittedByUsername: "author",
    activityLog: [],
    createdAt: "2026-11-19T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    abilities: { review: false, decide: false },
    status: "In Progress",
    progress: 100,
    stages: [],
    step: 1,
    choices: [],
    ...overrides,
  };
}

export function approvalListItem(overrides: Partial<ApprovalListItem> = {}): ApprovalListItem {
  return {
    ...approval(),
    documentTitle: "Travel Policy",
    documentStatus: "In Review",
    owner: "author",
    ownerId: "u2",
    ...overrides,
  };
}

export const loginOptions = { demo: false, demoPassword: null, demoUsers: [] };

export function settings(features: Partial<Settings["features"]> = {}): Settings {
  return {
    organization: { name: "Quire", domain: "", description: "" },
    features: {
      aiSummaries: true,
      versionDiff: true,
      approvalWorkflows: true,
      semanticSearch: true,
      ...features,
    },
    approvalDefaults: { reviewerIds: [], approverId: null },
    publicContact: { salesEmail: "", supportEmail: "", partnershipsEmail: "", demoVideoUrl: "" },
  };
}

/** Version 1 of document d1, written by the author. */
export function version(overrides: Partial<Version> = {}): Version {
  const number = overrides.version ?? 1;
  return {
    id: `v${number}`,
    version: number,
    content: `# Document\n\nVersion ${number}.`,
    changeNote: null,
    author: "author",
    authorId: "2",
    createdAt: "2026-11-25T00:00:00.000Z",
    originalFilename: "document.md",
    mediaType: "text/markdown",
    size: 24,
    sha256: "0".repeat(64),
    language: null,
    ...overrides,
  };
}
