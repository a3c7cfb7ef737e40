import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { hashPassword, passwordHasher, verifyPassword } from "./passwords";

const costOf = (hash: string) => hash.split("$").slice(0, 4).join("$");

describe("password hashing", () => {
  it("a production configuration hashes at scrypt N=2^15, r=8, p=1", async () => {
    const passwords = passwordHasher(loadConfig({}).passwordHashing);
    const hash = await passwords.hash("correct horse");
    expect(costOf(hash)).toBe("scrypt$32768$8$1");
    expect(costOf(await passwords.dummyHash())).toBe("scrypt$32768$8$1");
    expect(costOf(await hashPassword("correct horse"))).toBe("scrypt$32768$8$1");
  });

  it("tests' fast hashes record their cost, so verifying needs no setting", async () => {
    const fast = await passwordHasher("fast-for-tests").hash("correct horse");
    expect(costOf(fast)).toBe("scrypt$1024$8$1");
    const standard = passwordHasher("standard");
    // Verification reads the cost from the hash, whatever the verifier's own setting.
    expect(await standard.verify("correct horse", fast)).toBe(true);
    expect(await standard.verify("correct horse!", fast)).toBe(false);
    expect(await verifyPassword("correct horse", await standard.hash("correct horse"))).toBe(true);
    expect(await verifyPassword("Correct horse", await standard.hash("correct horse"))).toBe(false);
  });

  it("refuses a malformed hash instead of throwing", async () => {
    expect(await verifyPassword("x", "bcrypt$2a$10$abc")).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
  });
});
