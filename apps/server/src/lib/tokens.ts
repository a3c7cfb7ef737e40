import { createHash, randomBytes } from "node:crypto";

export function randomToken(prefix = ""): string {
  return prefix + randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their sha256, so a copy of the database holds no usable credential. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
