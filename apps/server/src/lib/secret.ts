import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The configured secret, or one generated at first start and kept in the data directory, so that
 * no two installations share a secret and there is never a fixed default.
 */
export function loadOrCreateSessionSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  // "wx" fails if another process created it first; then that one's secret wins.
  try {
    writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}
