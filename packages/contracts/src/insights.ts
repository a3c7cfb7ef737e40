import { z } from "zod";

const countedSchema = z.object({ name: z.string(), count: z.number().int().nonnegative() });

/**
 * GET /api/dashboard/insights: the dashboard's AI Insights, computed by the database over every
 * document the caller may list (not a sample), largest groups first.
 */
export const dashboardInsightsSchema = z.object({
  total: z.number().int().nonnegative(),
  drafts: z.number().int().nonnegative(),
  processingFailed: z.number().int().nonnegative(),
  /** Approved latest rounds over all latest rounds the caller may see, in whole percent. */
  approvalRate: z.number().int().min(0).max(100),
  byCategory: z.array(countedSchema),
  byStatus: z.array(countedSchema),
});
export type DashboardInsights = z.infer<typeof dashboardInsightsSchema>;
