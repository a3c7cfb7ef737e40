import { z } from "zod";

/** GET /api/notifications/unread-count: what the bell shows on every page. */
export const unreadCountSchema = z.object({ count: z.number().int() });
