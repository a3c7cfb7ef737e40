import type { AppContext } from "./context";
import { createWorkerLiveness } from "./jobs/liveness";
import { JobRunner, type JobHandler, type RunnerOptions } from "./jobs/runner";
import { suggestionFactsJob } from "./modules/ai/suggestion-signatures";
import { processDocumentJob } from "./modules/documents/pipeline";
import { EventHub } from "./modules/events/hub";
import { sendEmailJob } from "./modules/notifications/email";
import { indexDocumentJob, refitModelJob } from "./modules/search/indexer";

/** Every kind of background job, as the module that owns it declared it (defineJob). */
export const jobHandlers: ReadonlyMap<string, JobHandler> = new Map(
  [processDocumentJob, indexDocumentJob, refitModelJob, sendEmailJob, suggestionFactsJob].map((job) => [
    job.kind,
    job,
  ]),
);

/**
 * A job runner over every job kind, woken whenever this process queues jobs. Not started: main and
 * worker start it (and listen for other processes' jobs); tests run queued jobs with runUntilIdle().
 */
export function createJobRunner(ctx: AppContext, options?: RunnerOptions): JobRunner {
  const runner = new JobRunner(ctx, jobHandlers, createWorkerLiveness(ctx), options);
  ctx.jobs.onLocal(() => runner.wake());
  return runner;
}

/** This process's live event streams, listening for events from every process on the database. */
export async function startEventHub(ctx: AppContext): Promise<EventHub> {
  const hub = new EventHub(ctx);
  await hub.start(ctx.database);
  return hub;
}
