import { createGroupBodySchema, groupSchema, idParamsSchema, updateGroupBodySchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from "./service";

/** Groups (Settings › Users and Groups): names for everyone signed in, changes by Admins. */
export async function groupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Sharing pickers and "Who has access" name groups, so every signed-in user reads the names.
  r.get(
    "/",
    { config: { allow: "group.read" }, schema: { response: { 200: z.array(groupSchema) } } },
    async (request) => listGroups(ctx, requireActor(request)),
  );

  r.get(
    "/:id",
    { config: { allow: "group.read" }, schema: { params: idParamsSchema, response: { 200: groupSchema } } },
    async (request) => getGroup(ctx, requireActor(request), request.params.id),
  );

  r.post(
    "/",
    {
      config: { allow: "group.manage" },
      schema: { body: createGroupBodySchema, response: { 201: groupSchema } },
    },
    async (request, reply) => {
      const admin = requireActor(request);
      return reply.code(201).send(await createGroup(ctx, admin, request.body));
    },
  );

  r.patch(
    "/:id",
    {
      config: { allow: "group.manage" },
      schema: { params: idParamsSchema, body: updateGroupBodySchema, response: { 200: groupSchema } },
    },
    async (request) => {
      const admin = requireActor(request);
      return updateGroup(ctx, admin, request.params.id, request.body);
    },
  );

  r.delete(
    "/:id",
    { config: { allow: "group.manage" }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const admin = requireActor(request);
      await deleteGroup(ctx, admin, request.params.id);
      return reply.code(204).send();
    },
  );
}
