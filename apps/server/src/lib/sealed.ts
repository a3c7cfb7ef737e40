import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Secrets Quire must use again (a mail account's password) are kept sealed: AES-256-GCM with a key
 * generated at first use and kept in the data directory, readable by its owner only. A database
 * dump or a backup alone reveals none of them; a sealed value altered in the database fails to open.
 */

const KEY_FILE = "secrets.key";
const VERSION = "v1";

function readKey(file: string): Buffer | null {
  try {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The data directory's key, made on first use ("wx": when two processes race, the first one's wins). */
export function loadOrCreateSealingKey(dataDir: string): Buffer {
  const file = path.resolve(dataDir, KEY_FILE);
  const existing = readKey(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = readKey(file);
    if (!winner) throw error;
    return winner;
  }
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64"),
    cipher.getAuthTag().toString("base64"),
    body.toString("base64"),
  ].join(":");
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error("The stored secret is not in a form this version reads");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(
      `The stored secret cannot be opened with this data directory's key (${KEY_FILE}): enter the password again`,
    );
  }
}
