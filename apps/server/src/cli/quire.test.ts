import { describe, expect, it } from "vitest";
import type { CommandIo } from "./command";
import { appForFile } from "../../test/support/app-for-file";
import { runQuire } from "./quire";

const t = appForFile();

function collect(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

/** The test app's context stands in for the configured database; closing it is the test's job. */
const openTestContext = async () => ({ ctx: t.ctx, close: async () => {} });

describe("quire command", () => {
  it("create-admin prints a one-time password that signs in as an Admin", async () => {
    const io = collect();
    expect(await runQuire(["create-admin", "Olivia"], io, openTestContext)).toBe(0);
    expect(io.stdout[0]).toBe("Created Admin 'olivia'.");
    const password = /^One-time password: (\S+)$/.exec(io.stdout[1] ?? "")?.[1];
    expect(password).toBeDefined();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "olivia", password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ username: "olivia", role: "Admin" });
  });

  it("refuses an existing or malformed username without changing anything", async () => {
    const taken = collect();
    expect(await runQuire(["create-admin", "olivia"], taken, openTestContext)).toBe(1);
    expect(taken.stderr.join("\n")).toMatch(/already exists/);
    expect(taken.stdout).toEqual([]);
    const bad = collect();
    expect(await runQuire(["create-admin", "no spaces"], bad, openTestContext)).toBe(2);
    expect(await runQuire(["create-admin"], collect(), openTestContext)).toBe(2);
  });

  it("lists its commands, and names an unknown one", async () => {
    const help = collect();
    expect(await runQuire(["help"], help, () => Promise.reject(new Error("help needs no database")))).toBe(0);
    expect(help.stdout.join("\n")).toMatch(/create-admin <username>/);
    const unknown = collect();
    expect(await runQuire(["frobnicate"], unknown)).toBe(2);
    expect(unknown.stderr[0]).toMatch(/Unknown command 'frobnicate'/);
  });

  it("restore names a backup it cannot read, without opening the database", async () => {
    const io = collect();
    const refuseDatabase = () => Promise.reject(new Error("restore opens its own database"));
    expect(await runQuire(["restore", "/nonexistent/quire.backup"], io, refuseDatabase)).toBe(1);
    expect(io.stderr).toEqual(["Cannot read the backup /nonexistent/quire.backup: no such file"]);
    const folder = collect();
    expect(await runQuire(["restore", "/tmp"], folder, refuseDatabase)).toBe(1);
    expect(folder.stderr).toEqual(["Cannot read the backup /tmp: it is not a file"]);
  });
});
