import { z } from "zod";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { sweepExpiredSessions } from "./sessions";

/** Deletes sessions past their absolute or idle expiry, so the sessions table does not only grow. */
export const sweepSessionsJob = defineJob({
  kind: "sweep-expired-sessions",
  payload: z.object({}),
  run: (ctx) => sweepExpiredSessions(ctx),
});

/** Hourly, at a minute past the hour's start that other hourly work is unlikely to share. */
export const sweepSessionsSchedule = defineSchedule({
  name: "sweep-expired-sessions",
  rule: { cron: "17 * * * *" },
  job: sweepSessionsJob,
  payload: {},
});
