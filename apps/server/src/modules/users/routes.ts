import {
  createdUserSchema,
  createUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  updateUserBodySchema,
  userListItemSchema,
  userSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { setDisabled } from "./disable";
import { changeRole, createUser, listUsers } from "./service";

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every signed-in user may list users: choosing reviewers and showing owners needs names and roles.
  r.get(
    "/",
    {
      config: { allow: "user.read" },
      schema: { querystring: listUsersQuerySchema, response: { 200: z.array(userListItemSchema) } },
    },
    async (request) => listUsers(ctx, requireActor(request), request.query),
  );

  r.post(
    "/",
    {
      config: { allow: "user.manage" },
      schema: { body: createUserBodySchema, response: { 201: createdUserSchema } },
    },
    async (request, reply) => {
      const admin = requireActor(request);
      return reply.code(201).send(await createUser(ctx, admin, request.body));
    },
  );

  r.patch(
    "/:id",
    {
      config: { allow: "user.manage" },
      schema: { params: idParamsSchema, body: updateUserBodySchema, response: { 200: userSchema } },
    },
    async (request) => {
      const admin = requireActor(request);
      const { role, disabled } = request.body;
      // Enable before a role change and disable after it, so each step runs on an active account.
      if (disabled === false) await setDisabled(ctx, admin, request.params.id, false);
      const changed = role ? await changeRole(ctx, admin, request.params.id, role) : undefined;
      if (disabled === true) return setDisabled(ctx, admin, request.params.id, true);
      return changed ?? setDisabled(ctx, admin, request.params.id, false);
    },
  );
}
