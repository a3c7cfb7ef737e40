import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { scanFolder } from "./scan";

export { ingestFileJob } from "./ingest-job";
export { mailTickJob, mailTickSchedule, pollMailJob } from "./mail-poll";

/** One scan of the watched folder (scan.ts); its files are then taken by ingest-file jobs. */
export const scanFolderJob = defineJob({
  kind: "scan-folder",
  payload: z.object({}),
  // A scan that fails (the folder unmounted) is simply the next occurrence's to try again.
  maxAttempts: 1,
  async run(ctx) {
    if (ctx.config.consume) await scanFolder(ctx, ctx.config.consume);
  },
});

/** Every CONSUME_SCAN_SECONDS while CONSUME_DIR is set, in whichever process runs jobs. */
export const scanFolderSchedule = defineSchedule({
  name: "scan-folder",
  rule: (config) => (config.consume ? { everySeconds: config.consume.scanSeconds } : null),
  job: scanFolderJob,
  payload: {},
});
