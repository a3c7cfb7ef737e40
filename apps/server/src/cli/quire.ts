import { createUserBodySchema } from "@quire/contracts";
import type { AppContext } from "../context";
import { HttpError } from "../lib/errors";
import { createUser } from "../modules/users/service";
import { backupCommands } from "./backup-commands";
import type { Command, CommandIo } from "./command";
import { openCliContext, runIfEntryPoint } from "./context";
import { verifyCommands } from "./verify-command";

/** Where a command writes: stdout for results, stderr for problems (tests collect both). */

/** Creates an Admin with a one-time password, shown here once and never stored in clear. */
export async function createAdmin(ctx: AppContext, rawUsername: string, io: CommandIo): Promise<number> {
  const parsed = createUserBodySchema.shape.username.safeParse(rawUsername);
  if (!parsed.success) {
    io.err(parsed.error.issues.map((i) => i.message).join("; "));
    return 2;
  }
  try {
    const user = await createUser(ctx, { id: null }, { username: parsed.data, role: "Admin" });
    io.out(`Created Admin '${user.username}'.`);
    io.out(`One-time password: ${user.temporaryPassword}`);
    io.out("It is shown only now. Sign in with it and choose a new password.");
    return 0;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

/** The command table: a new command (backup, restore…) is one more entry. */
export const commands: Record<string, Command> = {
  "create-admin": {
    usage: "create-admin <username>",
    summary: "Create an Admin and print a one-time password",
    needsContext: true,
    async run(args, io, ctx) {
      const [username, ...rest] = args;
      if (!username || rest.length > 0 || !ctx) {
        io.err("Usage: npm run quire -- create-admin <username>");
        return 2;
      }
      return createAdmin(ctx, username, io);
    },
  },
  ...backupCommands,
  ...verifyCommands,
  help: {
    usage: "help",
    summary: "Show this list",
    needsContext: false,
    async run(_args, io) {
      io.out(helpText());
      return 0;
    },
  },
};

export function helpText(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  const rows = Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    "Usage: npm run quire -- <command>",
    "",
    "Commands:",
    ...rows,
    "",
    "Uses the server's configuration (DATA_DIR, DATABASE_URL…). With embedded storage, stop the server first (backup goes through a running server).",
    "Bulk import has its own command: npm run import -- <folder>",
  ].join("\n");
}

/** Runs one command line; opens the database only for commands that need it. */
export async function runQuire(
  argv: string[],
  io: CommandIo,
  openContext: () => Promise<{ ctx: AppContext; close(): Promise<void> }> = openCliContext,
): Promise<number> {
  const [name = "help", ...args] = argv;
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`Unknown command '${name}'.\n`);
    io.err(helpText());
    return 2;
  }
  if (!command.needsContext) return command.run(args, io, null);
  const cli = await openContext();
  try {
    return await command.run(args, io, cli.ctx);
  } finally {
    await cli.close();
  }
}

runIfEntryPoint(import.meta.url, () => {
  const io: CommandIo = { out: (line) => console.log(line), err: (line) => console.error(line) };
  return runQuire(process.argv.slice(2), io);
});
