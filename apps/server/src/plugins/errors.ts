import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { errorCodeForStatus, type ApiErrorBody } from "@quire/contracts";
import { HttpError } from "../lib/errors";

const INTERNAL: ApiErrorBody = { message: "Internal server error", code: "internal" };

/** Turns "/reviewers/0" into "reviewers[0]" so the message names the field the way a client wrote it. */
function fieldName(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split("/").filter(Boolean);
  const field = parts.reduce(
    (acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    "",
  );
  return field || context || "request";
}

/**
 * Every error answers JSON {message, code, params?} (contracts' ApiErrorBody) with the right status; no stack trace or internal message
 * ever reaches a client (5xx answers a fixed text, the details go to the log).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (v) => `${fieldName(error.validationContext, v.instancePath)}: ${v.message}`,
      );
      return reply.code(400).send({
        message: `Invalid ${error.validationContext ?? "request"}: ${issues.join("; ")}`,
        code: "invalid",
      } satisfies ApiErrorBody);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response did not match its schema");
      return reply.code(500).send(INTERNAL);
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type) carry safe messages.
      return reply
        .code(status)
        .send({ message: clientMessage(error), code: errorCodeForStatus(status) } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(INTERNAL);
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "Invalid JSON body";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "Request body too large";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return `Unsupported content type`;
    default:
      return error.message;
  }
}
