import { RATE_LIMITS } from "../../plugins/rate-limit";
import {
  type Document,
  documentSchema,
  duplicateUploadSchema,
  idParamsSchema,
  newVersionBodySchema,
  updateDocumentBodySchema,
} from "@quire/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { badRequest } from "../../lib/errors";
import { requireActor } from "../../plugins/auth";
import type { Actor } from "../../policies/policy";
import { loadedDocument } from "../../policies/guard";
import { sendDocument } from "./document-reply";
import { findIdenticalOriginal, presentLoaded, presentVisible } from "./read";
import { retryProcessing } from "./retry";
import { createDocument } from "./create-document";
import { addVersion, setArchived, updateMetadata } from "./service";
import { MEDIA_TYPES, type SupportedKind } from "../../ingest";
import { isWordFile, wordFilename, wordRendition } from "./word-rendition";
import {
  acceptedType,
  receiveUpload,
  titleFromFilename,
  validateFile,
  withoutOcrPlaceholders,
  type ReceivedUpload,
  type ValidatedFile,
} from "./upload";

/**
 * Where an upload without a category goes (the filing module's rule, passed in by the application
 * so that documents does not import the modules that read it).
 */
export type FileWithoutCategory = (
  ctx: AppContext,
  actor: Actor,
  input: { title: string; content: string },
) => Promise<{ categoryId: string; name: string }>;

/** Uploads, metadata, new versions, archiving and retries (under /api/documents). */
export async function documentWriteRoutes(
  app: FastifyInstance,
  { ctx, fileWithoutCategory }: { ctx: AppContext; fileWithoutCategory: FileWithoutCategory },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The title is the one typed, else the document's own (PDF/DOCX metadata or first heading),
  // else the file name. The category is optional (see below). An identical original the user can see answers 409 unless a copy is asked for.
  r.post(
    "/upload",
    {
      config: { allow: "document.create", rateLimit: RATE_LIMITS.upload },
      schema: { response: { 201: documentSchema, 202: documentSchema, 409: duplicateUploadSchema } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const upload = await receiveUpload(request);
      if (upload.fields.allowDuplicate !== "true") {
        const existing = await findIdenticalOriginal(ctx, actor, upload.bytes);
        if (existing) {
          return reply.code(409).send({
            message: `This file is already in the archive as "${existing.title}". Open it, or upload it again as a copy.`,
            existing: { id: existing.id, title: existing.title },
          });
        }
      }
      const id = await storeUpload({ ctx, actor, fileWithoutCategory }, upload);
      // Without the job runner here, the file waits for a worker to convert it: accepted, not yet processed.
      return sendDocument(reply, await presentVisible(ctx, actor, id), ctx.config.runWorker ? 201 : 202);
    },
  );

  r.patch(
    "/:id",
    {
      config: { document: "document.update" },
      schema: { params: idParamsSchema, body: updateDocumentBodySchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await updateMetadata(ctx, target, request.body);
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
    },
  );

  r.post(
    "/:id/versions",
    {
      config: { rateLimit: RATE_LIMITS.upload, document: "document.createVersion" },
      schema: { params: idParamsSchema, response: { 201: documentSchema, 202: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      const current = await presentLoaded(ctx, target);
      const input = await newVersionInput(ctx, request, current);
      await addVersion(ctx, target, input);
      // A file left for a worker to convert (WORKER=false) is accepted, not yet processed.
      const code = input.convertLater ? 202 : 201;
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id), code);
    },
  );

  for (const [path, archived] of [
    ["/:id/archive", true],
    ["/:id/restore", false],
  ] as const) {
    r.post(
      path,
      {
        config: { document: "document.archive" },
        schema: { params: idParamsSchema, response: { 200: documentSchema } },
      },
      async (request, reply) => {
        const target = loadedDocument(request);
        await setArchived(ctx, target, archived);
        return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
      },
    );
  }

  r.post(
    "/:id/retry",
    {
      config: { document: "document.update" },
      schema: { params: idParamsSchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await retryProcessing(ctx, target);
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
    },
  );
}

/**
 * The upload becomes a document. The title is the one typed, else the document's own, else the
 * file name; without a category Quire files it (the confident suggestion, else Unfiled) for
 * someone to confirm. A process that runs jobs converts the file in the request (its conversion
 * threads are here); an API process without them (WORKER=false) checks the file's type, stores it
 * and leaves converting to a worker, which fails the document with the reason a refusal gives.
 */
async function storeUpload(
  {
    ctx,
    actor,
    fileWithoutCategory,
  }: { ctx: AppContext; actor: Actor; fileWithoutCategory: FileWithoutCategory },
  upload: ReceivedUpload,
): Promise<string> {
  const tags = upload.fields.tags ? upload.fields.tags.split(",") : [];
  const typed = upload.fields.title?.trim();
  const chosenCategory = upload.fields.categoryId?.trim();
  const kind = ctx.config.runWorker ? null : (await acceptedType(upload.bytes, upload.filename)).kind;
  const file = kind
    ? unconverted(upload, kind)
    : await validateFile(ctx.converter, upload.bytes, upload.filename);
  const title = (typed || file.title || titleFromFilename(upload.filename)).slice(0, 300);
  const filing = chosenCategory
    ? { categoryId: chosenCategory }
    : await autoFiling(fileWithoutCategory, { ctx, actor, title, markdown: file.markdown });
  const convertLater = kind ? { kind, titleFromFile: !typed } : undefined;
  return createDocument(ctx, actor, { title, ...filing, tags, file, source: "upload", convertLater });
}

/** A file whose type was checked and whose text a worker will convert (empty until then). */
function unconverted(upload: ReceivedUpload, kind: SupportedKind): ValidatedFile {
  return {
    bytes: upload.bytes,
    filename: upload.filename,
    mediaType: MEDIA_TYPES[kind],
    markdown: "",
    pagesNeedingOcr: [],
  };
}

/** Where an upload without a category goes, marked as Quire's choice (filing/choose.ts). */
async function autoFiling(
  file: FileWithoutCategory,
  { ctx, actor, title, markdown }: { ctx: AppContext; actor: Actor; title: string; markdown: string },
) {
  const content = withoutOcrPlaceholders(markdown).content;
  const filed = await file(ctx, actor, { title, content });
  return { categoryId: filed.categoryId, autoFiled: { categoryName: filed.name } };
}

/**
 * A new version comes as JSON (edited markdown) or as multipart (a new file), with the same fields.
 * Edited markdown is stored as the version's original; a Word document's edit is stored as a Word
 * file written from it, so the document stays one people can open in Word.
 */
async function newVersionInput(
  ctx: AppContext,
  request: FastifyRequest,
  current: Pick<Document, "title" | "mediaType">,
) {
  if (request.isMultipart()) {
    const upload = await receiveUpload(request);
    const fields = newVersionBodySchema.omit({ content: true }).safeParse(upload.fields);
    if (!fields.success)
      throw badRequest(
        `Invalid body: ${fields.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    const changeNote = fields.data.changeNote || null;
    const { expectedVersion } = fields.data;
    if (!ctx.config.runWorker) {
      const { kind } = await acceptedType(upload.bytes, upload.filename);
      return { file: unconverted(upload, kind), changeNote, expectedVersion, convertLater: { kind } };
    }
    const file = await validateFile(ctx.converter, upload.bytes, upload.filename);
    return { file, changeNote, expectedVersion };
  }
  const body = newVersionBodySchema.safeParse(request.body);
  if (!body.success)
    throw badRequest(
      `Invalid body: ${body.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  const { content, changeNote, expectedVersion } = body.data;
  const { title } = current;
  const file = isWordFile(current.mediaType)
    ? {
        bytes: await wordRendition(ctx, { markdown: content, title }),
        filename: wordFilename(title),
        mediaType: MEDIA_TYPES.docx,
      }
    : {
        bytes: Buffer.from(content, "utf8"),
        filename: `${title.replace(/[^A-Za-z0-9]+/g, "_")}.md`,
        mediaType: "text/markdown",
      };
  return {
    file: { ...file, markdown: content, pagesNeedingOcr: [] },
    changeNote: changeNote || null,
    expectedVersion,
    fromText: true,
  };
}
