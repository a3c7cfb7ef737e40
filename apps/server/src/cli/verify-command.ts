import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { SIGNING_KEY_FILE, publicKeyOf, type PublicKey } from "../modules/records/keys";
import { verifyRecordFile } from "../modules/records/verify";
import type { Command, CommandIo } from "./command";
import { errorMessage, resolveFromUser } from "./context";

/**
 * The key a record is checked against: the public key file given with --key (as served at
 * /api/record-signing-key.pem), or this server's own key in DATA_DIR. Never the key a file names
 * itself, which anyone who changed the file could have replaced.
 */
async function trustedKey(keyFile: string | undefined, env: NodeJS.ProcessEnv): Promise<PublicKey> {
  if (keyFile) {
    const pem = await readFile(resolveFromUser(keyFile), "utf8");
    return publicKeyOf(pem.includes("PRIVATE KEY") ? createPrivateKey(pem) : createPublicKey(pem));
  }
  const file = path.resolve(resolveFromUser(env.DATA_DIR ?? "./data"), SIGNING_KEY_FILE);
  try {
    return publicKeyOf(createPrivateKey(await readFile(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        `No signing key at ${file}: pass the server's public key with --key <file.pem> (download it from /api/record-signing-key.pem)`,
        { cause: error },
      );
    throw error;
  }
}

/** Checks an approval record export; 0 when it is intact and signed by the trusted key, 1 otherwise. */
export async function verifyCommand(args: string[], io: CommandIo, env = process.env): Promise<number> {
  const keyAt = args.indexOf("--key");
  const keyFile = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const files = keyAt < 0 ? args : args.filter((_, i) => i !== keyAt && i !== keyAt + 1);
  if (files.length !== 1 || (keyAt >= 0 && !keyFile)) {
    io.err("Usage: npm run quire -- verify <file.pdf|file.json> [--key <public-key.pem>]");
    return 2;
  }
  const file = files[0]!;
  let key: PublicKey;
  let bytes: Buffer;
  try {
    key = await trustedKey(keyFile, env);
    bytes = await readFile(resolveFromUser(file));
  } catch (error) {
    io.err(`Cannot verify ${file}: ${errorMessage(error)}`);
    return 2;
  }
  const verdict = await verifyRecordFile(bytes, key);
  if (verdict.ok) {
    io.out(`OK: ${verdict.summary}`);
    return 0;
  }
  io.err(`NOT VALID: ${file}: ${verdict.reason}`);
  return 1;
}

export const verifyCommands: Record<string, Command> = {
  verify: {
    usage: "verify <file.pdf|file.json> [--key <public-key.pem>]",
    summary: "Check an exported approval record offline against the record-signing key",
    needsContext: false,
    run: (args, io) => verifyCommand(args, io),
  },
};
