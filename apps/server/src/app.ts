import { fileURLToPath } from "node:url";
import { MAX_UPLOAD_BYTES } from "@quire/contracts";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context";
import { APP_VERSION } from "./version";
import { registerAuth } from "./plugins/auth";
import { registerFeatureGates } from "./plugins/features";
import { registerDocumentGuard } from "./policies/guard";
import { registerErrorHandling } from "./plugins/errors";
import { serveWebApp } from "./plugins/web-app";
import { authRoutes } from "./modules/auth/routes";
import { categoryRoutes } from "./modules/categories/routes";
import { clockRoutes } from "./modules/health/clock-routes";
import { healthRoutes } from "./modules/health/routes";
import { userRoutes } from "./modules/users/routes";
import { bulkRoutes } from "./modules/bulk/routes";
import { documentRoutes } from "./modules/documents/routes";
import { versionRoutes } from "./modules/versions/routes";
import { controlRoutes } from "./modules/control/routes";
import { acknowledgementRoutes } from "./modules/acknowledgements/routes";
import { approvalRoutes } from "./modules/approvals/routes";
import { recordRoutes } from "./modules/records/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { backupRoutes } from "./backup/routes";
import { aiRoutes, documentAiRoutes } from "./modules/ai/routes";
import { chooseFiling } from "./modules/filing/choose";
import { filingRoutes } from "./modules/filing/routes";
import { searchRoutes } from "./modules/search/routes";
import { waitlistRoutes } from "./modules/waitlist/routes";
import { registerRateLimit } from "./plugins/rate-limit";
import {
  ADMISSION_LIMITS,
  registerAdmission,
  type AdmissionGate,
  type AdmissionKind,
} from "./plugins/admission";
import { registerNulGuard } from "./plugins/nul-guard";
import type { EventHub } from "./modules/events/hub";
import { eventRoutes } from "./modules/events/routes";
import { activityRoutes } from "./modules/activity/routes";
import { groupRoutes } from "./modules/groups/routes";
import { accessRoutes } from "./modules/access/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { mailRoutes } from "./modules/ingestion/mail-routes";
import { ingestionRoutes } from "./modules/ingestion/routes";
import { commentRoutes } from "./modules/comments/routes";

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** The registry action its route config names (`allow`, `comment` or `document`), checked by the policy guard. */
  action: string | null;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every registered route, so tests can prove that each one is guarded. */
    routeList: readonly RouteSummary[];
    /** The admission gate of each kind of work (plugins/admission.ts). */
    admission: Record<AdmissionKind, AdmissionGate>;
  }
}

export interface BuildAppOptions {
  /** This process's live event streams (startEventHub), which /api/events adds connections to. */
  hub: EventHub;
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

/**
 * The HTTP API and the web app as a Fastify instance over a context (createContext): a pure
 * plugin factory that starts nothing. Whoever owns the process starts the job runner and the
 * listeners (main.ts, worker.ts, the test harness) and closes the context after the app.
 */
export async function buildApp(ctx: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
  const app = createServer(ctx, options);
  await app.register(cookie, { secret: ctx.sessionSecret });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  await registerSecurityHeaders(app);
  registerErrorHandling(app);
  await registerApiDocs(app);
  // Before the session is read, so a request refused for lack of room costs no query.
  app.decorate("admission", registerAdmission(app, ADMISSION_LIMITS[ctx.dbKind]));
  registerAuth(app, ctx);
  registerNulGuard(app);
  await registerRateLimit(app);
  registerFeatureGates(app, ctx);
  registerDocumentGuard(app, ctx);
  await app.register(apiRoutes, { ctx, hub: options.hub, prefix: "/api" });
  await serveWebApp(app, ctx.config.webDist ?? defaultWebDist);
  return app;
}

/** The bare server with zod validation and a record of every route it registers (routeList). */
function createServer(ctx: AppContext, options: BuildAppOptions): FastifyInstance {
  const { trustProxy } = ctx.config;
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
      if (method !== "HEAD")
        routes.push({
          method,
          url: route.url,
          public: route.config?.public === true,
          action: route.config?.allow ?? route.config?.comment ?? route.config?.document ?? null,
        });
    }
  });
  app.decorate("routeList", routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Everything is served from this origin: scripts, styles, workers (the PDF viewer's) and API calls. */
async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
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
}

/** Each area's routes under /api, in one place so the API's shape reads at a glance. */
async function apiRoutes(api: FastifyInstance, { ctx, hub }: { ctx: AppContext; hub: EventHub }) {
  await api.register(healthRoutes, { ctx });
  await api.register(clockRoutes, { ctx });
  await api.register(eventRoutes, { hub });
  await api.register(authRoutes, { ctx, prefix: "/auth" });
  await api.register(userRoutes, { ctx, prefix: "/users" });
  await api.register(categoryRoutes, { ctx, prefix: "/categories" });
  await api.register(groupRoutes, { ctx, prefix: "/groups" });
  await api.register(accessRoutes, { ctx });
  // Uploads without a category are filed by the filing module's rule (the classifier's, else Unfiled).
  await api.register(documentRoutes, { ctx, fileWithoutCategory: chooseFiling, prefix: "/documents" });
  await api.register(versionRoutes, { ctx, prefix: "/documents" });
  await api.register(bulkRoutes, { ctx, prefix: "/documents" });
  await api.register(approvalRoutes, { ctx });
  await api.register(recordRoutes, { ctx });
  await api.register(controlRoutes, { ctx });
  await api.register(acknowledgementRoutes, { ctx });
  await api.register(commentRoutes, { ctx });
  await api.register(notificationRoutes, { ctx, prefix: "/notifications" });
  await api.register(settingsRoutes, { ctx });
  await api.register(ingestionRoutes, { ctx });
  await api.register(mailRoutes, { ctx });
  await api.register(backupRoutes, { ctx });
  await api.register(activityRoutes, { ctx });
  await api.register(documentAiRoutes, { ctx, prefix: "/documents" });
  await api.register(filingRoutes, { ctx, prefix: "/documents" });
  await api.register(aiRoutes, { ctx, prefix: "/ai" });
  await api.register(searchRoutes, { ctx, prefix: "/search" });
  await api.register(waitlistRoutes, { ctx });
  await api.register(dashboardRoutes, { ctx, prefix: "/dashboard" });
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
