import {
  idParamsSchema,
  mailAccountCreateSchema,
  mailAccountSchema,
  mailAccountUpdateSchema,
  mailDryRunBodySchema,
  mailDryRunSchema,
  mailMessageSummarySchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { createAccount, deleteAccount, listAccounts, updateAccount } from "./mail-accounts";
import { dryRun, pollNow, recentMessages } from "./mail-poll";

/** Settings › Ingestion › Mail (Admin): accounts and their rules, a dry-run, and "Poll now". */
export async function mailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const allow = { allow: "ingestion.manage" } as const;

  r.get(
    "/ingestion/mail/accounts",
    { config: allow, schema: { response: { 200: z.array(mailAccountSchema) } } },
    async () => listAccounts(ctx),
  );

  r.post(
    "/ingestion/mail/accounts",
    { config: allow, schema: { body: mailAccountCreateSchema, response: { 201: mailAccountSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createAccount(ctx, requireActor(request), request.body)),
  );

  r.put(
    "/ingestion/mail/accounts/:id",
    {
      config: allow,
      schema: { params: idParamsSchema, body: mailAccountUpdateSchema, response: { 200: mailAccountSchema } },
    },
    async (request) => updateAccount(ctx, requireActor(request), request.params.id, request.body),
  );

  r.delete(
    "/ingestion/mail/accounts/:id",
    { config: allow, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await deleteAccount(ctx, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/ingestion/mail/accounts/:id/messages",
    {
      config: allow,
      schema: { params: idParamsSchema, response: { 200: z.array(mailMessageSummarySchema) } },
    },
    async (request) => recentMessages(ctx, request.params.id),
  );

  r.post(
    "/ingestion/mail/accounts/:id/dry-run",
    {
      config: allow,
      schema: { params: idParamsSchema, body: mailDryRunBodySchema, response: { 200: mailDryRunSchema } },
    },
    async (request) => dryRun(ctx, request.params.id, request.body.uid),
  );

  r.post(
    "/ingestion/mail/accounts/:id/poll",
    { config: allow, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await pollNow(ctx, requireActor(request), request.params.id);
      return reply.code(202).send();
    },
  );
}
