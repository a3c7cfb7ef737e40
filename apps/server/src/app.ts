import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { DatabaseHandle } from "./db/client";
import { APP_VERSION } from "./version";
import { systemClock, type Clock } from "./lib/clock";
import { passwordHasher } from "./lib/passwords";
import { registerAuth } from "./plugins/auth";
import { registerFeatureGates } from "./plugins/features";
import { registerErrorHandling } from "./plugins/errors";
import { serveWebApp } from "./plugins/web-app";
import { authRoutes } from "./modules/auth/routes";
import { categoryRoutes } from "./modules/categories/routes";
import { healthRoutes } from "./modules/health/routes";
import { userRoutes } from "./modules/users/routes";
import { documentRoutes } from "./modules/documents/routes";
import { versionRoutes } from "./modules/versions/routes";
import { approvalRoutes } from "./modules/approvals/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { backupRoutes } from "./backup/routes";
import { aiRoutes, documentAiRoutes } from "./modules/ai/routes";
import { searchRoutes } from "./modules/search/routes";
import { waitlistRoutes } from "./modules/waitlist/routes";
import { indexDocumentJob, refitModelJob } from "./modules/search/indexer";
import { processDocumentJob } from "./modules/documents/pipeline";
import { sendEmailJob } from "./modules/notifications/email";
import { jobAnnouncer } from "./jobs/announce";
import { createConverter } from "./ingest/convert-pool";
import { registerRateLimit } from "./plugins/rate-limit";
import { registerNulGuard } from "./plugins/nul-guard";
import { createWorkerLiveness } from "./jobs/liveness";
import { JobRunner, type JobHandler } from "./jobs/runner";
import { EventHub } from "./modules/events/hub";
import { eventRoutes } from "./modules/events/routes";
import { activityRoutes } from "./modules/activity/routes";
import { DbBlobStore, FsBlobStore } from "./storage/blob-store";

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every registered route, so tests can prove that each one is guarded. */
    routeList: readonly RouteSummary[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
  clock?: Clock;
  logger?: FastifyServerOptions["logger"];
}

/** Where `npm run build -w apps/web` puts the web app. */
const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Log lines never carry credentials: cookies, tokens and passwords are redacted at the logger. */
export const logRedactions = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.currentPassword",
  "*.newPassword",
  "*.token",
];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The job runner; main starts it (in-process worker), tests drive it with runUntilIdle(). */
  runner: JobRunner;
  /** This process's live event streams. */
  hub: EventHub;
}

/** Every kind of background job, as the module that owns it declared it (defineJob). */
export const jobHandlers: ReadonlyMap<string, JobHandler> = new Map(
  [processDocumentJob, indexDocumentJob, refitModelJob, sendEmailJob].map((job) => [job.kind, job]),
);

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const { trustProxy } = config;
  let runner: JobRunner | null = null;
  const announcer = jobAnnouncer(database, () => runner?.wake());
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock: options.clock ?? systemClock,
    sessionSecret: options.sessionSecret,
    blobs:
      config.blobStore === "db"
        ? new DbBlobStore(database.db)
        : new FsBlobStore(path.resolve(config.dataDir, "blobs")),
    notifyJobs: () => announcer.announce(),
    converter: createConverter(),
    passwords: passwordHasher(config.passwordHashing),
  };
  runner = new JobRunner(ctx, jobHandlers, createWorkerLiveness(database));
  const hub = new EventHub(ctx);
  await hub.start(database);
  const jobRunner = runner;
  const stopJobListener = config.runWorker ? await announcer.listen(() => jobRunner.wake()) : null;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Behind an HTTPS proxy the client's protocol and address come from X-Forwarded-* (TRUST_PROXY).
    trustProxy:
      typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Event streams stay open; closing the server must not wait for them.
    forceCloseConnections: true,
    // Ids and queries arrive in paths; cap them so nothing huge reaches the router.
    routerOptions: { maxParamLength: 200 },
  });
  const routes: RouteSummary[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") routes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  app.decorate("routeList", routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie, { secret: ctx.sessionSecret });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Quire is often served over plain HTTP inside a company network; upgrading would break it there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerErrorHandling(app);
  await registerApiDocs(app);
  registerAuth(app, ctx);
  registerNulGuard(app);
  await registerRateLimit(app);
  registerFeatureGates(app, ctx);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(eventRoutes, { hub });
      await api.register(authRoutes, { ctx, prefix: "/auth" });
      await api.register(userRoutes, { ctx, prefix: "/users" });
      await api.register(categoryRoutes, { ctx, prefix: "/categories" });
      await api.register(documentRoutes, { ctx, prefix: "/documents" });
      await api.register(versionRoutes, { ctx, prefix: "/documents" });
      await api.register(approvalRoutes, { ctx });
      await api.register(notificationRoutes, { ctx, prefix: "/notifications" });
      await api.register(settingsRoutes, { ctx });
      await api.register(backupRoutes, { ctx });
      await api.register(activityRoutes, { ctx });
      await api.register(documentAiRoutes, { ctx, prefix: "/documents" });
      await api.register(aiRoutes, { ctx, prefix: "/ai" });
      await api.register(searchRoutes, { ctx, prefix: "/search" });
      await api.register(waitlistRoutes, { ctx });
    },
    { prefix: "/api" },
  );

  await serveWebApp(app, config.webDist ?? defaultWebDist);
  const jobs = runner;
  app.addHook("onClose", async () => {
    await jobs.stop();
    await ctx.converter.close();
    await stopJobListener?.();
    await hub.stop();
  });
  return { app, ctx, runner: jobs, hub };
}

/**
 * The OpenAPI description of every route, generated from the same zod schemas that validate them,
 * and Swagger UI at /api/docs (behind sign-in like the rest of /api; API clients send a token).
 */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Quire API",
        version: APP_VERSION,
        description:
          "Every endpoint answers JSON; errors are {message}. Sign in with a session cookie (POST /api/auth/login) or send a personal access token as Authorization: Bearer.",
      },
      components: {
        securitySchemes: {
          token: { type: "http", scheme: "bearer" },
          session: { type: "apiKey", in: "cookie", name: "quire_session" },
        },
      },
      security: [{ token: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}
