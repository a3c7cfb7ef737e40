import {
  idParamsSchema,
  notificationPreferencesViewSchema,
  notificationSchema,
  unreadCountSchema,
  updateNotificationPreferencesSchema,
  type NotificationPreferences,
  type NotificationPreferencesView,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import {
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  updatePreferences,
} from "./service";

/** Every signed-in user reads and marks only their own notifications. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/",
    { config: { allow: "notification.read" }, schema: { response: { 200: z.array(notificationSchema) } } },
    async (request) => listNotifications(ctx.db, requireActor(request)),
  );

  r.get(
    "/unread-count",
    { config: { allow: "notification.read" }, schema: { response: { 200: unreadCountSchema } } },
    async (request) => ({
      count: await unreadCount(ctx.db, requireActor(request)),
    }),
  );

  r.post(
    "/:id/read",
    { config: { allow: "notification.read" }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await markRead(ctx, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post("/read-all", { config: { allow: "notification.read" } }, async (request, reply) => {
    await markAllRead(ctx, requireActor(request));
    return reply.code(204).send();
  });

  const view = (preferences: NotificationPreferences): NotificationPreferencesView => ({
    ...preferences,
    emailDelivery: ctx.config.mail !== undefined,
  });

  r.get(
    "/preferences",
    {
      config: { allow: "notification.read" },
      schema: { response: { 200: notificationPreferencesViewSchema } },
    },
    async (request) => view(await getPreferences(ctx.db, requireActor(request).id)),
  );

  r.put(
    "/preferences",
    {
      config: { allow: "notification.read" },
      schema: {
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesViewSchema },
      },
    },
    async (request) => view(await updatePreferences(ctx, requireActor(request), request.body)),
  );
}
