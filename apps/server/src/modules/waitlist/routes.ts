import { RATE_LIMITS } from "../../plugins/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { waitlistEntrySchema, waitlistJoinedSchema } from "@quire/contracts";
import type { AppContext } from "../../context";
import { listWaitlist } from "./repository";
import { joinWaitlist } from "./service";

export const waitlistBodySchema = z.object({
  email: z
    .string({ error: "email is required" })
    .trim()
    .max(254, "email is too long")
    .pipe(z.email({ error: "email must be a valid e-mail address" }))
    .transform((email) => email.toLowerCase()),
});

const joinedSchema = waitlistJoinedSchema;
const entrySchema = waitlistEntrySchema;

/** The landing page's waitlist: anyone may join (stored once, lowercased); Admin lists it. */
export async function waitlistRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/waitlist",
    {
      config: { public: true, rateLimit: RATE_LIMITS.waitlist },
      schema: { body: waitlistBodySchema, response: { 200: joinedSchema, 201: joinedSchema } },
    },
    async (request, reply) => {
      const { created } = await joinWaitlist(ctx, request.ip, request.body.email);
      // The same answer shape either way, so the form cannot be used to learn who signed up.
      return reply.code(created ? 201 : 200).send({ email: request.body.email, joined: true as const });
    },
  );

  r.get(
    "/waitlist",
    { config: { allow: "waitlist.read" }, schema: { response: { 200: z.array(entrySchema) } } },
    async () => {
      const rows = await listWaitlist(ctx.db);
      return rows.map((row) => ({ email: row.email, createdAt: row.createdAt.toISOString() }));
    },
  );
}
