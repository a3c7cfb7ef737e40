import { approvalRoundRecordSchema, idParamsSchema, recordSigningKeySchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { loadedDocument } from "../../policies/guard";
import { exportOf, jsonExport, pdfExport } from "./export";
import { signingKey } from "./keys";
import { documentRecords, publicSigningKey, roundRecord } from "./service";

const roundParamsSchema = idParamsSchema.extend({
  round: z.coerce.number().int().positive().max(1_000_000),
  format: z.enum(["pdf", "json"]),
});

const fileBase = (title: string, round: number) =>
  `${title.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "document"}_approval_record_round_${round}`;

/**
 * Signed approval records: each round's signatures, its exports, and the public key that checks
 * them. A record is readable by whoever may read its document, and by no one else.
 */
export async function recordRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/documents/:id/approval-records",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: z.array(approvalRoundRecordSchema) } },
    },
    async (request) => documentRecords(ctx, loadedDocument(request)),
  );

  r.get(
    "/documents/:id/approval-records/:round/:format",
    { config: { document: "document.read" }, schema: { params: roundParamsSchema } },
    async (request, reply) => {
      const { round, format } = request.params;
      const found = await roundRecord(ctx, loadedDocument(request), round);
      const key = signingKey(ctx.config.dataDir);
      const record = exportOf(found, key, ctx.clock.now());
      const name = `${fileBase(found.documentTitle, round)}.${format}`;
      return reply
        .header("content-type", format === "pdf" ? "application/pdf" : "application/json; charset=utf-8")
        .header("content-disposition", attachment(name))
        .send(format === "pdf" ? await pdfExport(record, key) : jsonExport(record, key));
    },
  );

  r.get(
    "/record-signing-key",
    { config: { allow: "system.read" }, schema: { response: { 200: recordSigningKeySchema } } },
    async () => publicSigningKey(ctx),
  );

  r.get("/record-signing-key.pem", { config: { allow: "system.read" } }, async (_request, reply) => {
    const key = publicSigningKey(ctx);
    return reply
      .header("content-type", "application/x-pem-file")
      .header("content-disposition", attachment(`quire-record-signing-key-${key.keyId.slice(0, 12)}.pem`))
      .send(key.publicKeyPem);
  });
}
