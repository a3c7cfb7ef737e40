import { PassThrough } from "node:stream";
import { createGzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { attachment } from "../lib/attachment";
import { withTransaction } from "../modules/activity/command";
import { requireActor } from "../plugins/auth";
import { writeBackup } from "./archive";

export async function backupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  // A consistent snapshot while Quire keeps serving (what `npm run quire -- backup` calls when the server runs).
  app.get("/admin/backup", { config: { allow: "backup.create" } }, async (request, reply) => {
    const stamp = ctx.clock.now().toISOString().replace(/[:.]/g, "-");
    const file = `quire-backup-${stamp}.ndjson.gz`;
    // A backup is a copy of every document, however restricted: auditors need to see who took one.
    const admin = requireActor(request);
    await withTransaction(ctx, { id: admin.id, ip: admin.ip }, (_tx, record) =>
      record({ action: "Downloaded backup", subjectType: "backup", subjectId: null, data: { file } }),
    );
    const body = new PassThrough();
    const gzip = createGzip();
    gzip.pipe(body);
    const hangUp = new AbortController();
    // The response closing before it finished means the client hung up.
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) hangUp.abort();
    });
    writeBackup(ctx.db, ctx.blobs, gzip, hangUp.signal).then(
      () => gzip.end(),
      (error: unknown) => {
        request.log.error({ err: error }, "backup failed");
        // A cut-off stream has no end marker, so restore refuses it rather than restoring half.
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return reply
      .header("content-type", "application/gzip")
      .header("content-disposition", attachment(file))
      .send(body);
  });
}
