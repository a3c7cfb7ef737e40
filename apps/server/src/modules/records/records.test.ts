import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ApprovalRoundRecord, Document, RecordSigningKey, TemplateStage } from "@quire/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { json, multipart } from "../../../test/support/harness";
import {
  categoryWithTemplate,
  demoAppForFile,
  templateStage as stage,
} from "../../../test/support/review-helpers";
import { convertPdf } from "../../ingest/pdf";
import type { CommandIo } from "../../cli/command";
import { runQuire } from "../../cli/quire";
import { verifyCommand } from "../../cli/verify-command";
import { canonicalJson, publicKeyOf, verifyText } from "./keys";

/**
 * Signed approval records through the API: one signed, append-only record per decision with its
 * meaning, version and hashes; password re-entry where the category asks for it; the PDF and
 * JSON exports, checked offline by `quire verify` and refused after one changed byte.
 */
const { t, ids } = demoAppForFile();

let categories = 0;
/** A fresh category with a three-stage template (two reviews, then the approval). */
async function category(
  stages: TemplateStage[] = [
    stage("Technical review"),
    stage("Quality review"),
    stage("Release", { roles: ["Approver"] }),
  ],
): Promise<string> {
  categories += 1;
  return (await categoryWithTemplate(t, `Controlled ${categories}`, { stages })).id;
}

const ORIGINAL = "# Scale calibration\n\nCalibrate the scale before each batch.\n";

/** A draft in `categoryId` submitted to reviewer, then reviewer2, then the approver. */
async function inReview(categoryId: string, title: string): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId, allowDuplicate: "true" },
    { name: "sop.md", bytes: Buffer.from(ORIGINAL) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  const doc = json<Document>(res).id;
  t.clock.advance(1000);
  const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: {
      stages: [[ids.reviewer], [ids.reviewer2], [ids.approver]].map((people) => ({
        assignees: people.map((userId) => ({ userId })),
      })),
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  return doc;
}

function act(doc: string, as: string, body: Record<string, unknown>) {
  t.clock.advance(60_000);
  return t.request("PATCH", `/api/documents/${doc}/approval`, { as, body });
}
const approve = (doc: string, as: string, extra: Record<string, unknown> = {}) =>
  act(doc, as, { status: "Approved", approverStatus: "Approved", ...extra });

async function records(doc: string, as = "author"): Promise<ApprovalRoundRecord[]> {
  const res = await t.request("GET", `/api/documents/${doc}/approval-records`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<ApprovalRoundRecord[]>(res);
}

async function markdownOf(doc: string): Promise<string> {
  const res = await t.request("GET", `/api/documents/${doc}`, { as: "author" });
  return json<Document>(res).currentVersion.content;
}

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");
const message = (res: { body: string }) => (JSON.parse(res.body) as { message: string }).message;

function collect(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe("signed approval records", () => {
  it("writes one signed record per decision with its meaning, stage, version, hashes and template", async () => {
    const doc = await inReview(await category(), "Scale calibration");
    expect(await records(doc)).toMatchObject([{ round: 1, version: 1, entries: [] }]);
    expect((await approve(doc, "reviewer")).statusCode).toBe(200);
    expect((await approve(doc, "reviewer2")).statusCode).toBe(200);
    const signedAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await approve(doc, "approver")).statusCode).toBe(200);

    const [round] = await records(doc);
    const entries = round!.entries.map((e) => e.payload);
    expect(entries.map((p) => [p.signer.name, p.meaning, p.stage.name, p.version, p.authentication])).toEqual(
      [
        ["reviewer", "reviewed", "Technical review", 1, "session"],
        ["reviewer2", "reviewed", "Quality review", 1, "session"],
        ["approver", "approved", "Release", 1, "session"],
      ],
    );
    expect(entries[2]!.signedAt).toBe(signedAt);
    expect(entries[2]!.signer.id).toBe(ids.approver);
    expect(entries[0]!.originalSha256).toBe(sha256(Buffer.from(ORIGINAL)));
    expect(entries[0]!.markdownSha256).toBe(sha256(await markdownOf(doc)));
    expect(entries[0]!.template.map((s) => s["name"])).toEqual([
      "Technical review",
      "Quality review",
      "Release",
    ]);

    // Each record carries the server key's signature over its canonical JSON.
    const keyRes = await t.request("GET", "/api/record-signing-key", { as: "viewer" });
    const served = json<RecordSigningKey>(keyRes);
    const key = publicKeyOf(createPublicKey(served.publicKeyPem));
    expect(key.keyId).toBe(served.keyId);
    for (const entry of round!.entries) {
      expect(entry.keyId).toBe(served.keyId);
      expect(verifyText(key, canonicalJson(entry.payload), entry.signature)).toBe(true);
      expect(verifyText(key, canonicalJson({ ...entry.payload, meaning: "rejected" }), entry.signature)).toBe(
        false,
      );
    }
    // The private key was made on first use, readable by the server's user only.
    expect(statSync(path.join(t.config.dataDir, "record-signing-key.pem")).mode & 0o777).toBe(0o600);
  });

  it("records requests for changes and rejections with their meaning and comment", async () => {
    const doc = await inReview(await category(), "Cleaning SOP");
    const res = await act(doc, "reviewer", { status: "Changes Requested", comment: "Name the solvent" });
    expect(res.statusCode, res.body).toBe(200);
    const [round] = await records(doc);
    expect(round!.entries.map((e) => [e.payload.meaning, e.payload.decision, e.payload.comment])).toEqual([
      ["changes requested", "Changes Requested", "Name the solvent"],
    ]);
    expect(round!.stage).toBe("Changes Requested");
  });

  it("names the absent person a delegate signed for", async () => {
    const cat = await category([stage("Review"), stage("Release", { roles: ["Approver"] })]);
    const today = t.clock.now().toISOString().slice(0, 10);
    const away = await t.request("PUT", "/api/account/out-of-office", {
      as: "reviewer",
      body: { delegation: { from: today, until: today, delegateId: ids.reviewer2 } },
    });
    expect(away.statusCode, away.body).toBe(200);
    const { body, headers } = multipart(
      { title: "Delegated", categoryId: cat, allowDuplicate: "true" },
      { name: "sop.md", bytes: Buffer.from(ORIGINAL) },
    );
    const doc = json<Document>(
      await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
    ).id;
    const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "author",
      body: {
        stages: [[ids.reviewer], [ids.approver]].map((p) => ({ assignees: p.map((userId) => ({ userId })) })),
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await approve(doc, "reviewer2")).statusCode).toBe(200);
    const [round] = await records(doc);
    expect(round!.entries.map((e) => [e.payload.signer.name, e.payload.onBehalfOf?.name])).toEqual([
      ["reviewer2", "reviewer"],
    ]);
    await t.request("PUT", "/api/account/out-of-office", { as: "reviewer", body: { delegation: null } });
  });

  it("is append-only: the database refuses to change or delete a record", async () => {
    const doc = await inReview(await category(), "Append only");
    expect((await approve(doc, "reviewer")).statusCode).toBe(200);
    const [round] = await records(doc);
    const id = round!.entries[0]!.payload.id;
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => "changed",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(t.ctx.db.execute(sql`update approval_records set meaning = 'approved' where id = ${id}`)),
    ).toMatch(/append-only: UPDATE is refused/);
    expect(await refusal(t.ctx.db.execute(sql`delete from approval_records where id = ${id}`))).toMatch(
      /append-only: DELETE is refused/,
    );
    const [after] = await records(doc);
    expect(after!.entries).toEqual(round!.entries);
  });

  it("follows the document's read permission", async () => {
    const doc = await inReview(await category(), "Restricted");
    expect((await approve(doc, "reviewer")).statusCode).toBe(200);
    const restrict = await t.request("PUT", `/api/documents/${doc}/access`, {
      as: "author",
      body: { restricted: true, userIds: [ids.reviewer2!, ids.approver!], groupIds: [] },
    });
    expect(restrict.statusCode, restrict.body).toBe(200);
    for (const url of ["", "/1/pdf", "/1/json"]) {
      const res = await t.request("GET", `/api/documents/${doc}/approval-records${url}`, { as: "viewer" });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("reviewer");
    }
    expect((await t.request("GET", `/api/documents/${doc}/approval-records`, { as: null })).statusCode).toBe(
      401,
    );
    expect((await records(doc, "approver"))[0]!.entries).toHaveLength(1);
  });
});

describe("password re-entry to sign", () => {
  async function passwordCategory(): Promise<string> {
    const id = await category();
    expect(
      (
        await t.request("PUT", `/api/categories/${id}/signing`, {
          as: "author",
          body: { requiresPassword: true },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.request("PUT", `/api/categories/${id}/signing`, {
      as: "admin",
      body: { requiresPassword: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ requiresPassword: true });
    return id;
  }

  it("refuses a decision without the password or with a wrong one, recording nothing", async () => {
    const doc = await inReview(await passwordCategory(), "Batch release");
    const rule = await t.request("GET", `/api/documents/${doc}/signing`, { as: "reviewer" });
    expect(json(rule)).toEqual({ requiresPassword: true, confirmWith: "password", confirmedUntil: null });

    const missing = await approve(doc, "reviewer");
    expect(missing.statusCode).toBe(403);
    expect(message(missing)).toMatch(/needs your password/);
    const wrong = await approve(doc, "reviewer", { password: "not-the-password" });
    expect(wrong.statusCode).toBe(403);
    expect(message(wrong)).toMatch(/password is not correct.*not signed or recorded/);
    expect((await records(doc))[0]!.entries).toEqual([]);
    const round = await t.request("GET", `/api/documents/${doc}/approval`, { as: "author" });
    expect(json<{ stage: string; stages: Array<{ state: string }> }>(round).stages[0]!.state).toBe("Open");

    const signed = await approve(doc, "reviewer", { password: t.config.demoPassword });
    expect(signed.statusCode, signed.body).toBe(200);
    const [after] = await records(doc);
    expect(after!.entries.map((e) => [e.payload.signer.name, e.payload.authentication])).toEqual([
      ["reviewer", "password re-entered"],
    ]);
  });
  it("counts wrong signing passwords with failed sign-ins: past the limit even the right one waits", async () => {
    const doc = await inReview(await passwordCategory(), "Sterilisation record");
    // Past the window of any failure an earlier test left.
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    const limit = t.config.loginMaxFailures;
    for (let i = 0; i < limit; i += 1) {
      const wrong = await approve(doc, "reviewer", { password: `guess-${i}` });
      expect(wrong.statusCode, wrong.body).toBe(403);
    }
    const blocked = await approve(doc, "reviewer", { password: t.config.demoPassword });
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(message(blocked)).toMatch(/Too many failed sign-in attempts/);
    expect((await records(doc))[0]!.entries).toEqual([]);
    // The same count guards the sign-in page: guesses at either add up.
    const login = await t.request("POST", "/api/auth/login", {
      body: { username: "reviewer", password: t.config.demoPassword },
    });
    expect(login.statusCode).toBe(429);

    // After the window the right password signs, and a success leaves no failure behind.
    t.clock.advance((t.config.loginWindowMinutes + 1) * 60_000);
    const signed = await approve(doc, "reviewer", { password: t.config.demoPassword });
    expect(signed.statusCode, signed.body).toBe(200);
  });
});

describe("exports and offline verification", () => {
  it("the PDF names every signer, meaning, time and hash; quire verify accepts it and refuses any changed byte", async () => {
    const doc = await inReview(await category(), "Release procedure");
    for (const who of ["reviewer", "reviewer2", "approver"])
      expect((await approve(doc, who)).statusCode).toBe(200);
    const [round] = await records(doc, "viewer");
    const pdf = await t.request("GET", `/api/documents/${doc}/approval-records/1/pdf`, { as: "viewer" });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain("Release_procedure_approval_record_round_1.pdf");
    const text = (await convertPdf(pdf.rawPayload)).markdown.replace(/\s+/g, " ");
    for (const entry of round!.entries) {
      const p = entry.payload;
      expect(text).toContain(`${p.signer.name}: ${p.meaning}`);
      expect(text).toContain(p.signedAt);
    }
    expect(text).toContain(round!.entries[0]!.payload.originalSha256);
    expect(text).toContain(round!.entries[0]!.payload.markdownSha256);

    const dir = mkdtempSync(path.join(tmpdir(), "quire-records-"));
    const keyFile = path.join(dir, "key.pem");
    const pem = await t.request("GET", "/api/record-signing-key.pem", { as: "viewer" });
    writeFileSync(keyFile, pem.body);
    const jsonRes = await t.request("GET", `/api/documents/${doc}/approval-records/1/json`, { as: "viewer" });
    const files = { pdf: pdf.rawPayload, json: jsonRes.rawPayload };
    for (const [kind, bytes] of Object.entries(files)) {
      const file = path.join(dir, `record.${kind}`);
      writeFileSync(file, bytes);
      const ok = collect();
      expect(await runQuire(["verify", file, "--key", keyFile], ok), ok.stderr.join("\n")).toBe(0);
      expect(ok.stdout.join("\n")).toMatch(
        /^OK: Valid approval record of "Release procedure", round 1, version 1/,
      );
      expect(ok.stdout.join("\n")).toContain("approver approved at");
      // One byte changed anywhere: the start, the middle, the signature, the end.
      const spots = [
        10,
        Math.floor(bytes.length / 3),
        Math.floor(bytes.length / 2),
        bytes.length - 40,
        bytes.length - 2,
      ];
      for (const at of spots) {
        const changed = Buffer.from(bytes);
        changed[at] = changed[at]! ^ 0x01;
        writeFileSync(file, changed);
        const io = collect();
        expect(await runQuire(["verify", file, "--key", keyFile], io), `byte ${at} of the ${kind}`).toBe(1);
        expect(io.stderr.join("\n")).toMatch(/^NOT VALID: .*: /);
      }
    }
    // The server's own key in DATA_DIR also verifies it without --key; an unrelated key refuses it.
    const pdfFile = path.join(dir, "record.pdf");
    writeFileSync(pdfFile, files.pdf);
    const byDataDir = collect();
    expect(
      await verifyCommand([pdfFile], byDataDir, { DATA_DIR: t.config.dataDir }),
      byDataDir.stderr.join("\n"),
    ).toBe(0);
    const otherKey = path.join(dir, "other.pem");
    writeFileSync(otherKey, generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }));
    const other = collect();
    expect(await runQuire(["verify", pdfFile, "--key", otherKey], other)).toBe(1);
    expect(other.stderr.join("\n")).toMatch(/not the trusted key/);
  }, 120_000); // It runs `quire verify` as its own processes, which a loaded machine starts slowly.
});
