import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import canonicalize from "canonicalize";

/**
 * The server's Ed25519 record-signing key. Generated on first use into the data directory (mode
 * 0600, never sent anywhere); its public half is served and printed in every export, so a record
 * can be checked offline by anyone who holds the public key.
 */
export const SIGNING_KEY_FILE = "record-signing-key.pem";

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  /** sha256 of the public key's SPKI DER, lowercase hex: names the key in records and exports. */
  keyId: string;
}

export interface PublicKey {
  publicKey: KeyObject;
  publicKeyPem: string;
  keyId: string;
}

const loaded = new Map<string, SigningKey>();

export function publicKeyOf(key: KeyObject): PublicKey {
  const publicKey = key.type === "private" ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== "ed25519")
    throw new Error("The record-signing key must be an Ed25519 key");
  const der = publicKey.export({ type: "spki", format: "der" });
  return {
    publicKey,
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    keyId: createHash("sha256").update(der).digest("hex"),
  };
}

function readKey(file: string): SigningKey {
  const privateKey = createPrivateKey(readFileSync(file, "utf8"));
  return { privateKey, ...publicKeyOf(privateKey) };
}

/** The key kept in `dataDir`, created there the first time it is needed. */
export function signingKey(dataDir: string): SigningKey {
  const file = path.resolve(dataDir, SIGNING_KEY_FILE);
  const cached = loaded.get(file);
  if (cached) return cached;
  let key: SigningKey;
  try {
    key = readKey(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    try {
      // "wx": if another process created it first, its key is the one every process uses.
      writeFileSync(file, pem, { mode: 0o600, flag: "wx" });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== "EEXIST") throw writeError;
    }
    key = readKey(file);
  }
  loaded.set(file, key);
  return key;
}

/** RFC 8785 canonical JSON: the exact text that is signed and verified. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("The record cannot be written as JSON");
  return text;
}

export const signText = (key: SigningKey, text: string | Uint8Array): string =>
  sign(null, typeof text === "string" ? Buffer.from(text, "utf8") : text, key.privateKey).toString("hex");

/** Whether `signature` (lowercase hex, 64 bytes) is this key's signature of `data`. */
export function verifyText(key: PublicKey, data: string | Uint8Array, signature: string): boolean {
  if (!/^[0-9a-f]{128}$/.test(signature)) return false;
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  return verify(null, bytes, key.publicKey, Buffer.from(signature, "hex"));
}
