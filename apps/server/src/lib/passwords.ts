import { randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

// scrypt is in Node's standard library (no native addon to build) and is memory-hard like argon2id.
// Parameters: N=2^15, r=8, p=1 (32 MiB), OWASP's recommended floor for scrypt.
const STANDARD = { N: 2 ** 15, r: 8, p: 1 };
// Tests hash and verify thousands of passwords; at this cost (about 1 ms) they measure the rules,
// not the CPU. Config accepts it only with NODE_ENV=test (PASSWORD_HASHING=fast-for-tests).
const FAST_FOR_TESTS = { N: 2 ** 10, r: 8, p: 1 };
const MAXMEM = 64 * 1024 * 1024;
const KEY_LENGTH = 32;

/** How new passwords are hashed; verification always uses the parameters a hash records. */
export type PasswordHashing = "standard" | "fast-for-tests";

type Cost = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...params, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, hashing: PasswordHashing = "standard"): Promise<string> {
  const cost = hashing === "fast-for-tests" ? FAST_FOR_TESTS : STANDARD;
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hashing and verifying at the configured cost; one per application context. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash of a random password: verifying against it costs the same as a real one (no user-exists oracle). */
  dummyHash(): Promise<string>;
}

export function passwordHasher(hashing: PasswordHashing): Passwords {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hashPassword(password, hashing),
    verify: verifyPassword,
    dummyHash() {
      dummy ??= hashPassword(randomBytes(16).toString("hex"), hashing);
      return dummy;
    },
  };
}

/**
 * A one-time password an Admin hands to a new user: 16 characters from an unambiguous alphabet,
 * each drawn uniformly (randomInt rejects the bytes a modulo would bias).
 */
export function generateTemporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("");
}
