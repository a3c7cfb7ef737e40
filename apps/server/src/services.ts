import type { AppContext } from "./context";
import { sweepFinishedJobsJob, sweepFinishedJobsSchedule } from "./jobs/finished-sweep";
import { createWorkerLiveness } from "./jobs/liveness";
import { JobRunner, type JobHandler, type RunnerOptions } from "./jobs/runner";
import { summaryStep } from "./modules/ai/pipeline-step";
import { autoFileStep } from "./modules/filing/pipeline-step";
import { suggestionFactsJob, suggestionFactsStep } from "./modules/ai/suggestion-signatures";
import type { ScheduleDefinition } from "./jobs/schedule";
import { approvalDeadlinesJob, approvalDeadlinesSchedule } from "./modules/approvals/deadlines";
import { sweepSessionsJob, sweepSessionsSchedule } from "./modules/auth/session-sweep";
import { periodicReviewJob, periodicReviewSchedule } from "./modules/control/reminders";
import {
  acknowledgementRemindersJob,
  acknowledgementRemindersSchedule,
} from "./modules/acknowledgements/reminders";
import { convertDocumentJob } from "./modules/documents/convert-job";
import { defineProcessDocumentJob, retagDocumentJob } from "./modules/documents/pipeline";
import { thumbnailJob } from "./modules/documents/thumbnail-step";
import { EventHub } from "./modules/events/hub";
import {
  ingestFileJob,
  mailTickJob,
  mailTickSchedule,
  pollMailJob,
  scanFolderJob,
  scanFolderSchedule,
} from "./modules/ingestion/jobs";
import { sendEmailJob } from "./modules/notifications/email";
import { indexDocumentJob, refitModelJob, searchIndexStep } from "./modules/search/indexer";
import { sweepOrphanBlobsJob, sweepOrphanBlobsSchedule } from "./storage/orphan-sweep";

/** A document's processing: its text, then its filing, the facts, summary and search index read from it. */
const processDocumentJob = defineProcessDocumentJob([
  autoFileStep,
  suggestionFactsStep,
  summaryStep,
  searchIndexStep,
]);

/** Every kind of background job, as the module that owns it declared it (defineJob). */
export const jobHandlers: ReadonlyMap<string, JobHandler> = new Map(
  [
    convertDocumentJob,
    processDocumentJob,
    indexDocumentJob,
    refitModelJob,
    sendEmailJob,
    suggestionFactsJob,
    sweepSessionsJob,
    sweepOrphanBlobsJob,
    sweepFinishedJobsJob,
    approvalDeadlinesJob,
    periodicReviewJob,
    acknowledgementRemindersJob,
    retagDocumentJob,
    thumbnailJob,
    scanFolderJob,
    ingestFileJob,
    mailTickJob,
    pollMailJob,
  ].map((job) => [job.kind, job]),
);

/** Every schedule, as the module that owns it declared it (defineSchedule). */
export const schedules: readonly ScheduleDefinition[] = [
  sweepSessionsSchedule,
  sweepOrphanBlobsSchedule,
  sweepFinishedJobsSchedule,
  approvalDeadlinesSchedule,
  periodicReviewSchedule,
  acknowledgementRemindersSchedule,
  scanFolderSchedule,
  mailTickSchedule,
];

/**
 * A job runner over every job kind and schedule, woken whenever this process queues jobs. Not
 * started: main and worker start it (and listen for other processes' jobs); tests run queued jobs
 * with runUntilIdle() and fire due schedules with fireSchedules().
 */
export function createJobRunner(ctx: AppContext, options?: RunnerOptions): JobRunner {
  const runner = new JobRunner(ctx, jobHandlers, createWorkerLiveness(ctx), {
    schedules,
    concurrency: ctx.config.jobConcurrency,
    ...options,
  });
  ctx.jobs.onLocal(() => runner.wake());
  return runner;
}

/** This process's live event streams, listening for events from every process on the database. */
export async function startEventHub(ctx: AppContext): Promise<EventHub> {
  const hub = new EventHub(ctx);
  await hub.start(ctx.database);
  return hub;
}
