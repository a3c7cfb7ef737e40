import { z } from "zod";
import { roles } from "./roles";
import { uiLanguages } from "./ui-languages";

export { isRole, roles, selectableRoles, type Role } from "./roles";
export { isUiLanguage, uiLanguages, type UiLanguage } from "./ui-languages";
export const roleSchema = z.enum(roles);

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: roleSchema,
  /** Signed in with a one-time password: nothing else is allowed until a new password is set. */
  mustChangePassword: z.boolean().optional(),
  /** Disabled by an Admin: cannot sign in, and is listed only to those who manage users. */
  disabled: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/users: a user plus the duties an approval round may give them, decided by the server's
 * policy, so the web offers reviewers and approvers without comparing role names itself.
 */
export const userListItemSchema = userSchema.extend({
  assignable: z.object({ review: z.boolean(), approve: z.boolean() }),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1, "username is required").max(100),
  password: z.string().min(1, "password is required").max(1000),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** What the sign-in page needs before anyone is signed in. */
export const loginOptionsSchema = z.object({
  demo: z.boolean(),
  demoPassword: z.string().nullable(),
  demoUsers: z.array(z.object({ username: z.string(), role: roleSchema })),
  /** Single sign-on, when configured: the button reads "Sign in with <buttonLabel>" and links to startUrl. */
  sso: z.object({ buttonLabel: z.string(), startUrl: z.string() }).nullable().optional(),
  /** Whether username and password sign-in is on (LOCAL_LOGIN); absent means on. */
  localLogin: z.boolean().optional(),
  /** Why this browser's last single sign-on was refused (set by the server, never from the URL). */
  ssoError: z.string().nullable().optional(),
});
export type LoginOptions = z.infer<typeof loginOptionsSchema>;

export const demoRoleBodySchema = z.object({ role: roleSchema });

export const createUserBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[a-zA-Z0-9._-]+$/, "username may hold letters, digits, dots, dashes and underscores"),
  role: roleSchema,
});
/** A created user comes back once with a one-time password for the Admin to hand over. */
export const createdUserSchema = userSchema.extend({ temporaryPassword: z.string() });

/** An Admin changes a user's role, or disables (offboards) or enables the account. */
export const updateUserBodySchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, "role or disabled is required");

/** GET /api/users: `includeDisabled=true` (Admins) lists disabled accounts too, to enable them again. */
export const listUsersQuerySchema = z.object({
  includeDisabled: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(1000),
  newPassword: z.string().min(8, "newPassword must be at least 8 characters").max(1000),
});

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const createTokenBodySchema = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});
/** The secret is shown once, at creation; only its hash is stored. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });

/**
 * What the signed-in user may do across the app, computed by the server's policy with the
 * feature toggles folded in. The web shows controls from these, never from role names.
 */
export const appAbilitiesSchema = z.object({
  uploadDocuments: z.boolean(),
  /** All Documents' bulk changes (each document is still checked on its own). */
  bulkEditDocuments: z.boolean(),
  manageUsers: z.boolean(),
  manageSettings: z.boolean(),
  manageCategories: z.boolean(),
  applySuggestions: z.boolean(),
  readWaitlist: z.boolean(),
  createBackup: z.boolean(),
  /** Settings › Audit: the activity trail and its export. */
  readActivity: z.boolean(),
  /** Settings › Ingestion: everything that entered the archive, from every source. */
  manageIngestion: z.boolean(),
  /** Approval workflows are on and this role can be asked to review or approve. */
  reviewDocuments: z.boolean(),
  approvalWorkflows: z.boolean(),
  versionDiff: z.boolean(),
  aiSummaries: z.boolean(),
  semanticSearch: z.boolean(),
});
export type AppAbilities = z.infer<typeof appAbilitiesSchema>;

/** A line of Settings › Role & Permissions as facts (see sessionUserSchema's `permissionLines`). */
export const permissionLineSchema = z.object({ key: z.string(), actions: z.array(z.string()).optional() });
export type PermissionLine = z.infer<typeof permissionLineSchema>;

/** The session's own user (sign-in, /api/auth/user, demo role switch): the user plus abilities. */
export const sessionUserSchema = userSchema.extend({
  abilities: appAbilitiesSchema,
  /** What the user's role may do, written from the server's rules (Settings › Role & Permissions). */
  permissions: z.array(z.string()),
  /**
   * The same lines as facts, in the same order, for the reader's language: each line's key and,
   * for the lines about documents, the keys of what it may do to them.
   */
  permissionLines: z.array(permissionLineSchema).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A saved view of All Documents: a name and the list's query string (filters and sort). */
export const savedViewSchema = z.object({
  name: z.string().trim().min(1).max(60),
  query: z.string().max(1000),
});
export const savedViewsSchema = z.array(savedViewSchema).max(20);
export type SavedView = z.infer<typeof savedViewSchema>;

/**
 * GET|PUT /api/auth/tour: whether the user finished the guided tour, kept on the server so a new
 * device does not start it again (the browser's own `tour-completed` flag is its fast copy).
 */
export const tourStateSchema = z.object({ completed: z.boolean() });
export type TourState = z.infer<typeof tourStateSchema>;

export const uiLanguageSchema = z.enum(uiLanguages, { error: "choose from en, de and fr" });

/**
 * GET /api/auth/language: the interface language the user chose, kept on the server so every
 * device shows it; `null` until they choose, when the browser's languages decide.
 */
export const languageChoiceSchema = z.object({ language: uiLanguageSchema.nullable() });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** PUT /api/auth/language: choosing is one of the three; there is no going back to "unchosen". */
export const languageChoiceBodySchema = z.object({ language: uiLanguageSchema });
export type LanguageChoiceBody = z.infer<typeof languageChoiceBodySchema>;
