import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { ACCEPTED_EXTENSIONS, hasAcceptedExtension } from "@quire/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { versions } from "../db/schema";
import { HttpError } from "../lib/errors";
import { SYSTEM_ACTOR } from "../modules/activity/command";
import { createDocument } from "../modules/documents/create-document";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  titleFromFilename,
  validateFile,
} from "../modules/documents/upload";
import type { Actor } from "../policies/policy";
import { categoryResolver, ROOT_CATEGORY_DEFAULT, resolveOwner } from "../modules/ingestion/intake";
import { errorMessage, openCliContext, resolveFromUser, runIfEntryPoint } from "./context";

export interface ImportOptions {
  folder: string;
  /** Category for files directly in the folder; also for every file when given (sub-folders then ignored). */
  category?: string | undefined;
  /** Username of the owner; the first Admin when absent. */
  owner?: string | undefined;
}

export interface ImportSummary {
  total: number;
  imported: string[];
  identical: string[];
  unsupported: string[];
  failed: Array<{ file: string; reason: string }>;
  categoriesCreated: string[];
}

interface FoundFile {
  absolute: string;
  /** Relative to the import folder, with forward slashes, for messages. */
  relative: string;
  /** The top-level sub-folder it sits in, or null for files directly in the folder. */
  topFolder: string | null;
}

type Outcome =
  { kind: "imported" } | { kind: "identical" } | { kind: "unsupported" } | { kind: "failed"; reason: string };

/**
 * Every regular file under root, sorted. Hidden entries (.git, .DS_Store) are not documents.
 * Symbolic links to files are followed; links to directories are not, so a loop cannot occur.
 */
export async function walkFolder(root: string): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const visit = async (dir: string, parts: string[]): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(absolute, [...parts, entry.name]);
      } else if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(absolute)))) {
        found.push({ absolute, relative: [...parts, entry.name].join("/"), topFolder: parts[0] ?? null });
      }
    }
  };
  await visit(root, []);
  return found;
}

async function isFile(p: string): Promise<boolean> {
  return (await stat(p).catch(() => null))?.isFile() ?? false;
}

async function isDirectory(p: string): Promise<boolean> {
  return (await stat(p).catch(() => null))?.isDirectory() ?? false;
}

async function isKnownOriginal(ctx: AppContext, sha256: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: versions.id })
    .from(versions)
    .where(eq(versions.blobSha256, sha256))
    .limit(1);
  return rows.length > 0;
}

function failureReason(error: unknown): string {
  if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
  const issues = (error as { issues?: Array<{ message: string }> }).issues;
  if (Array.isArray(issues)) return issues.map((i) => i.message).join("; ");
  return errorMessage(error);
}

async function importOne(
  ctx: AppContext,
  owner: Actor,
  file: FoundFile,
  categoryName: string,
  categoryIdFor: (name: string) => Promise<string>,
): Promise<Outcome> {
  // What the upload accepts (contracts' ACCEPTED_EXTENSIONS); anything else is counted, not tried.
  if (!hasAcceptedExtension(path.extname(file.absolute))) return { kind: "unsupported" };
  try {
    const { size } = await stat(file.absolute);
    if (size > MAX_UPLOAD_BYTES) return { kind: "failed", reason: `413 ${FILE_TOO_LARGE_MESSAGE}` };
    const bytes = await readFile(file.absolute);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (await isKnownOriginal(ctx, sha256)) return { kind: "identical" };
    const filename = path.basename(file.absolute);
    const validated = await validateFile(ctx.converter, bytes, filename);
    const categoryId = await categoryIdFor(categoryName);
    // Owned by a person (who may then edit it); the import itself is Quire's work, not theirs.
    await createDocument(ctx, owner, {
      title: titleFromFilename(filename),
      categoryId,
      file: validated,
      recordAs: SYSTEM_ACTOR,
      source: "import",
    });
    return { kind: "imported" };
  } catch (error) {
    return { kind: "failed", reason: failureReason(error) };
  }
}

const PROGRESS_VERB: Record<Outcome["kind"], string> = {
  imported: "imported",
  identical: "skipped (identical)",
  unsupported: "skipped (unsupported type)",
  failed: "failed",
};

/**
 * The bulk import itself: each file under the folder becomes a document owned by `owner`, filed
 * under its top-level sub-folder's name (or the given category). Files whose bytes are already
 * the original of some version are skipped, so running it again imports only what is new.
 */
export async function importFolder(
  ctx: AppContext,
  options: ImportOptions,
  progress: (line: string) => void = () => {},
): Promise<ImportSummary> {
  if (!(await isDirectory(options.folder))) throw new Error(`Not a folder: ${options.folder}`);
  const owner = await resolveOwner(ctx, options.owner);
  const files = await walkFolder(options.folder);
  const summary: ImportSummary = {
    total: files.length,
    imported: [],
    identical: [],
    unsupported: [],
    failed: [],
    categoriesCreated: [],
  };
  const categoryIdFor = categoryResolver(ctx, summary.categoriesCreated);
  for (const [index, file] of files.entries()) {
    const categoryName = options.category ?? file.topFolder ?? ROOT_CATEGORY_DEFAULT;
    const outcome = await importOne(ctx, owner, file, categoryName, categoryIdFor);
    if (outcome.kind === "failed") summary.failed.push({ file: file.relative, reason: outcome.reason });
    else summary[outcome.kind].push(file.relative);
    const detail = outcome.kind === "failed" ? `: ${outcome.reason}` : "";
    progress(`[${index + 1}/${files.length}] ${PROGRESS_VERB[outcome.kind]} ${file.relative}${detail}`);
  }
  return summary;
}

export function formatSummary(summary: ImportSummary): string[] {
  const lines = [
    `Files found:              ${summary.total}`,
    `Imported:                 ${summary.imported.length}`,
    `Skipped as identical:     ${summary.identical.length}`,
    `Skipped (unsupported):    ${summary.unsupported.length}  (accepted: ${ACCEPTED_EXTENSIONS.join(" ")})`,
    `Failed:                   ${summary.failed.length}`,
  ];
  for (const { file, reason } of summary.failed) lines.push(`  ${file}: ${reason}`);
  if (summary.categoriesCreated.length > 0)
    lines.push(`Categories created:       ${summary.categoriesCreated.join(", ")}`);
  return lines;
}

const USAGE = `Usage: npm run import -- <folder> [--category NAME] [--owner USERNAME] [--no-process]

Imports every .pdf, .docx, .txt and .md file under <folder>. A file's category is the name of the
top-level sub-folder it sits in (created when missing); files directly in <folder> go to --category
or "General". --category files everything under that one category. The owner is --owner or the
first Admin. Files already in the archive (same bytes) are skipped, so the import can be re-run.
Queued processing (e.g. OCR) runs before the command exits unless --no-process is given.
With embedded storage (no DATABASE_URL), stop the server first: only one process may open it.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      category: { type: "string" },
      owner: { type: "string" },
      "no-process": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || positionals.length !== 1 || !positionals[0]) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const folder = resolveFromUser(positionals[0]);
  // Checked before the database is opened, so a typo leaves no data directory behind.
  if (!(await isDirectory(folder))) throw new Error(`Not a folder: ${folder}`);
  const cli = await openCliContext();
  try {
    console.log(`Importing ${folder}`);
    const summary = await importFolder(
      cli.ctx,
      { folder, category: values.category, owner: values.owner },
      (line) => console.log(line),
    );
    if (!values["no-process"]) {
      console.log("Processing queued documents…");
      const ran = await cli.runner.runUntilIdle();
      console.log(`Processed ${ran} job${ran === 1 ? "" : "s"}.`);
    }
    console.log("");
    for (const line of formatSummary(summary)) console.log(line);
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    await cli.close();
  }
}

runIfEntryPoint(import.meta.url, () => main(process.argv.slice(2)));
