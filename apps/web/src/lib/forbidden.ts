import type { AppAbilities, Role } from "@quire/contracts";
import { errorMessage, errorStatus } from "./api-client";

/** What each ability lets a person do, worded to finish "Your role (X) cannot …". */
export const abilityPhrases: Record<keyof AppAbilities, string> = {
  uploadDocuments: "upload documents",
  bulkEditDocuments: "change several documents at once",
  manageUsers: "manage users",
  manageSettings: "change the organization's settings",
  manageCategories: "manage categories",
  applySuggestions: "apply AI suggestions",
  readWaitlist: "read the waitlist",
  createBackup: "create backups",
  readActivity: "read the audit trail",
  manageIngestion: "see what entered the archive",
  reviewDocuments: "review or approve documents",
  approvalWorkflows: "use approval workflows",
  versionDiff: "compare versions",
  aiSummaries: "see AI summaries",
  semanticSearch: "use semantic search",
};

/** "Your role (Viewer) cannot upload documents.": a refusal explained, never "try again". */
export function forbiddenMessage(role: Role | undefined, doing: string): string {
  return role ? `Your role (${role}) cannot ${doing}.` : `Your role cannot ${doing}.`;
}

/**
 * The message for a failed action: a 403 names the role and what it cannot do (retrying would
 * not help); anything else is the server's own message or `fallback`.
 */
export function actionErrorMessage(
  error: unknown,
  { role, doing, fallback }: { role: Role | undefined; doing: string; fallback?: string },
): string {
  if (errorStatus(error) === 403) return forbiddenMessage(role, doing);
  return errorMessage(error, fallback);
}
