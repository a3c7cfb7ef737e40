import type { Approval, ApprovalStage, Quorum, TemplateStage } from "@quire/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { json, multipart } from "../../../test/support/harness";
import { roundInvariantViolation } from "./policy";
import { stagedInvariantViolation, type StagedRound } from "./stages";
import { demoAppForFile, snapshot, statusOf, uploadDraft } from "../../../test/support/review-helpers";

/**
 * Each property walks dozens of random rounds through the HTTP API: about a minute on a quiet
 * 2-core machine, several beside another test run. The limit is a safety net, not a measure: a
 * property cut off by it keeps sending requests after its test has ended and skews the next
 * test's counts, so it is set well above the slowest run seen.
 */
const PROPERTY_TIMEOUT_MS = 600_000;

/**
 * Random action sequences by random demo users, checked against a small independent model of
 * seed §4: every request the model refuses is refused with nothing changed, every request it
 * accepts is accepted, no round ever breaks its invariants, and the activity log is exactly the
 * accepted actions.
 */
const { t, ids } = demoAppForFile();

const users = ["admin", "author", "reviewer", "reviewer2", "approver", "viewer"] as const;
type User = (typeof users)[number];
/** Assigned users come up more often, so sequences reach the later stages; everyone still tries. */
const actorArb = fc.constantFrom<User>(...users, "reviewer", "reviewer2", "approver", "approver");

type Command =
  | { kind: "review"; as: User; status: "Approved" | "Changes Requested"; forged: boolean }
  | { kind: "decide"; as: User; status: "Approved" | "Rejected" }
  | { kind: "submit"; reviewers: Array<"reviewer" | "reviewer2"> }
  | { kind: "newVersion" };

const submitArb = fc.record({
  kind: fc.constant("submit" as const),
  reviewers: fc.subarray(["reviewer" as const, "reviewer2" as const], { minLength: 1 }),
});

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("review" as const),
      as: actorArb,
      status: fc.constantFrom("Approved" as const, "Changes Requested" as const),
      forged: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("decide" as const),
      as: actorArb,
      status: fc.constantFrom("Approved" as const, "Rejected" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("submit" as const),
      reviewers: fc.subarray(["reviewer" as const, "reviewer2" as const], { minLength: 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "newVersion" as const }) },
);

interface Model {
  docStatus: string;
  version: number;
  round: number;
  stage: string;
  reviewers: Map<string, string>;
  approverId: string;
  log: Array<[string, string]>;
}

/** Seed §4 written out independently of the server's policy module. */
function expectAccepted(m: Model, cmd: Command, actorId: string): boolean {
  switch (cmd.kind) {
    case "review":
      return m.stage === "Awaiting Review" && m.reviewers.get(actorId) === "Pending";
    case "decide":
      return m.stage === "Awaiting Approval" && m.approverId === actorId;
    case "submit":
      return m.docStatus === "Draft";
    case "newVersion":
      return true;
  }
}

function applyToModel(m: Model, cmd: Command, actorId: string): void {
  if (cmd.kind === "review") {
    m.reviewers.set(actorId, cmd.status);
    const statuses = [...m.reviewers.values()];
    if (statuses.includes("Changes Requested")) m.stage = "Changes Requested";
    else if (!statuses.includes("Pending")) m.stage = "Awaiting Approval";
    m.docStatus = m.stage === "Changes Requested" ? "Changes Requested" : "In Review";
    m.log.push([`Review ${cmd.status}`, actorId]);
  } else if (cmd.kind === "decide") {
    m.stage = cmd.status;
    m.docStatus = cmd.status;
    m.log.push([`Final ${cmd.status}`, actorId]);
  } else if (cmd.kind === "submit") {
    m.round += 1;
    m.stage = "Awaiting Review";
    m.docStatus = "In Review";
    m.reviewers = new Map(cmd.reviewers.map((u) => [ids[u] ?? u, "Pending"]));
    m.approverId = ids.approver ?? "";
    m.log = [[m.round > 1 ? "Resubmitted for review" : "Submitted for review", ids.author ?? ""]];
  } else {
    m.version += 1;
    if (["Changes Requested", "Rejected", "Approved"].includes(m.docStatus)) m.docStatus = "Draft";
    // A new version during review withdraws the round on the old text and starts one on the new.
    if (m.stage === "Awaiting Review" || m.stage === "Awaiting Approval") {
      m.round += 1;
      m.stage = "Awaiting Review";
      m.reviewers = new Map([...m.reviewers.keys()].map((id) => [id, "Pending"]));
      m.log = [["Resubmitted for review", ids.author ?? ""]];
    }
  }
}

async function send(doc: string, m: Model, cmd: Command) {
  t.clock.advance(1000);
  switch (cmd.kind) {
    case "review": {
      const own = { id: ids[cmd.as], status: cmd.status, comment: `by ${cmd.as}` };
      const body = cmd.forged
        ? { reviewers: [own, { id: "someone", status: "Approved" }], stage: "Approved", activityLog: [] }
        : { status: cmd.status, comment: `by ${cmd.as}` };
      return t.request("PATCH", `/api/documents/${doc}/approval`, { as: cmd.as, body });
    }
    case "decide":
      return t.request("PATCH", `/api/documents/${doc}/approval`, {
        as: cmd.as,
        body: { approverStatus: cmd.status, approverComment: "decided", stage: "Approved" },
      });
    case "submit":
      return t.request("POST", `/api/documents/${doc}/submit-review`, {
        as: "author",
        body: { reviewers: cmd.reviewers.map((u) => ids[u]), approverId: ids.approver },
      });
    case "newVersion":
      return t.request("POST", `/api/documents/${doc}/versions`, {
        as: "author",
        body: { content: `# v${m.version + 1}\n`, expectedVersion: m.version },
      });
  }
}

const actorOf = (cmd: Command): string => ids["as" in cmd ? cmd.as : "author"] ?? "";

async function checkAgainstModel(doc: string, m: Model): Promise<void> {
  expect(await statusOf(t, doc)).toBe(m.docStatus);
  if (m.round === 0) return;
  const approval = json<Approval>(await t.request("GET", `/api/documents/${doc}/approval`, { as: "admin" }));
  expect(approval.round).toBe(m.round);
  expect(approval.stage).toBe(m.stage);
  expect(roundInvariantViolation(approval)).toBeNull();
  expect(approval.reviewers.map((r) => [r.id, r.status])).toEqual([...m.reviewers.entries()]);
  expect(approval.activityLog.map((e) => [e.action, e.userId])).toEqual(m.log);
}

describe("approval state machine under random use", () => {
  it(
    "never reaches an invalid state, lets only assigned users act, logs exactly the accepted actions",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          submitArb,
          fc.array(commandArb, { minLength: 1, maxLength: 15 }),
          async (first, rest) => {
            const commands = [first, ...rest];
            const doc = await uploadDraft(t, "author", "Random walk");
            const m: Model = {
              docStatus: "Draft",
              version: 1,
              round: 0,
              stage: "Not Started",
              reviewers: new Map(),
              approverId: "",
              log: [],
            };
            for (const cmd of commands) {
              const actorId = actorOf(cmd);
              const accepted = expectAccepted(m, cmd, actorId);
              const before = accepted ? null : await snapshot(t, doc);
              const res = await send(doc, m, cmd);
              if (accepted) {
                expect(res.statusCode, `${JSON.stringify(cmd)}: ${res.body}`).toBeLessThan(300);
                applyToModel(m, cmd, actorId);
                await checkAgainstModel(doc, m);
              } else {
                expect([400, 403, 404, 409], `${JSON.stringify(cmd)}: ${res.body}`).toContain(res.statusCode);
                expect(await snapshot(t, doc), JSON.stringify(cmd)).toEqual(before);
              }
            }
            await checkAgainstModel(doc, m);
          },
        ),
        { numRuns: 50 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

/*
 * The same check under random templates: three stages (two people, a group of two, the approver),
 * each with a random quorum, a random outcome for requests for changes and rejections, and send
 * back allowed or not. The model below restates the rules independently of stages.ts.
 */

type Choice = "Approved" | "Changes Requested" | "Rejected";
const stageUsers = [["reviewer", "reviewer2"], ["viewer", "admin"], ["approver"]] as const;
const quorumArb = (units: number): fc.Arbitrary<Quorum> =>
  fc.oneof(
    fc.constant<Quorum>({ kind: "any" }),
    fc.constant<Quorum>({ kind: "all" }),
    fc.integer({ min: 1, max: units }).map((n): Quorum => ({ kind: "count", n })),
  );
const ruleArb = (units: number) =>
  fc.record({
    quorum: quorumArb(units),
    onChanges: fc.constantFrom("end" as const, "quorum" as const),
    onReject: fc.constantFrom("end" as const, "quorum" as const),
    sendBack: fc.boolean(),
  });
const templateArb = fc.tuple(ruleArb(2), ruleArb(1), ruleArb(1));
const stagedCommandArb = fc.record({
  as: fc.constantFrom("reviewer", "reviewer2", "viewer", "admin", "approver", "author"),
  status: fc.constantFrom<Choice>("Approved", "Changes Requested", "Rejected"),
});

interface StagedModel {
  stage: ApprovalStage;
  step: number;
  rules: Array<{ quorum: Quorum; onChanges: string; onReject: string; sendBack: boolean }>;
  /** user → [stage, unit, status] */
  seats: Map<string, { stage: number; unit: string; status: string }>;
}

function unitsOf(m: StagedModel, stage: number): Map<string, string> {
  const units = new Map<string, string>();
  for (const seat of m.seats.values()) {
    if (seat.stage !== stage) continue;
    const now = units.get(seat.unit);
    const acted = (s: string) => s !== "Pending" && s !== "Not Needed";
    if (now === undefined || (!acted(now) && acted(seat.status))) units.set(seat.unit, seat.status);
  }
  return units;
}

function modelAccepts(m: StagedModel, as: string, status: Choice): boolean {
  const seat = m.seats.get(as);
  if (!seat || !["Awaiting Review", "Awaiting Approval"].includes(m.stage) || seat.stage !== m.step)
    return false;
  if (seat.status !== "Pending" || unitsOf(m, seat.stage).get(seat.unit) !== "Pending") return false;
  const last = seat.stage === m.rules.length - 1;
  if (!last) return status !== "Rejected";
  return status !== "Changes Requested" || m.rules[seat.stage]!.sendBack;
}

function modelApply(m: StagedModel, as: string, status: Choice): void {
  const seat = m.seats.get(as)!;
  seat.status = status;
  for (const other of m.seats.values())
    if (
      other !== seat &&
      other.unit === seat.unit &&
      other.stage === seat.stage &&
      other.status === "Pending"
    )
      other.status = "Not Needed";
  const rule = m.rules[m.step]!;
  const units = [...unitsOf(m, m.step).values()];
  const needed = rule.quorum.kind === "any" ? 1 : rule.quorum.kind === "all" ? units.length : rule.quorum.n;
  const approved = units.filter((u) => u === "Approved").length;
  const pending = units.filter((u) => u === "Pending").length;
  const fail = (s: "Rejected" | "Changes Requested") => {
    m.stage = s;
  };
  if (status === "Rejected" && rule.onReject === "end") return fail("Rejected");
  if (status === "Changes Requested" && rule.onChanges === "end") return fail("Changes Requested");
  if (approved >= needed) {
    for (const other of m.seats.values())
      if (other.stage === m.step && other.status === "Pending") other.status = "Not Needed";
    if (m.step === m.rules.length - 1) m.stage = "Approved";
    else {
      m.step += 1;
      m.stage = m.step === m.rules.length - 1 ? "Awaiting Approval" : "Awaiting Review";
    }
    return;
  }
  if (approved + pending < needed) fail(units.includes("Rejected") ? "Rejected" : "Changes Requested");
}

/** The policy's view of the round the API shows, for the structural invariants. */
function stagedOf(a: Approval): StagedRound {
  const failed = a.stages.findIndex((s) => s.state === "Failed" || s.state === "Open");
  return {
    stage: a.stage,
    step: a.step ?? (failed >= 0 ? failed : a.stages.length - 1),
    stages: a.stages,
    seats: a.stages.flatMap((s) =>
      s.assignees.map((p) => ({ userId: p.userId, stage: s.index, groupId: p.groupId, status: p.status })),
    ),
  };
}

let templateRuns = 0;
async function categoryFor(rules: StagedModel["rules"], groupId: string): Promise<string> {
  templateRuns += 1;
  const created = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Random template ${templateRuns}` },
  });
  const id = json<{ id: string }>(created).id;
  const stages: TemplateStage[] = rules.map((r, i) => ({
    name: `Stage ${i + 1}`,
    roles: i === 0 ? ["Reviewer"] : i === 1 ? [] : ["Approver"],
    groupIds: i === 1 ? [groupId] : [],
    dueDays: null,
    ...r,
    onChanges: r.onChanges as TemplateStage["onChanges"],
    onReject: r.onReject as TemplateStage["onReject"],
  }));
  const saved = await t.request("PUT", `/api/categories/${id}/approval-template`, {
    as: "admin",
    body: { stages },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

async function uploadInto(categoryId: string): Promise<string> {
  const { body, headers } = multipart(
    { title: "Random template walk", categoryId, allowDuplicate: "true" },
    { name: "walk.md", bytes: Buffer.from("# Walk\n\nEach step is checked.\n") },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  return json<{ id: string }>(res).id;
}

describe("templated rounds under random use", () => {
  it(
    "follow stages, quorums and negative outcomes exactly as the template says",
    async () => {
      const made = await t.request("POST", "/api/groups", {
        as: "admin",
        body: { name: "Random quality", memberIds: [ids.viewer, ids.admin] },
      });
      const groupId = json<{ id: string }>(made).id;
      await fc.assert(
        fc.asyncProperty(
          templateArb,
          fc.array(stagedCommandArb, { minLength: 1, maxLength: 10 }),
          async (rules, commands) => {
            const doc = await uploadInto(await categoryFor(rules, groupId));
            const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
              as: "author",
              body: {
                stages: [
                  { assignees: [{ userId: ids.reviewer }, { userId: ids.reviewer2 }] },
                  { assignees: [{ groupId }] },
                  { assignees: [{ userId: ids.approver }] },
                ],
              },
            });
            expect(submitted.statusCode, submitted.body).toBe(201);
            const m: StagedModel = { stage: "Awaiting Review", step: 0, rules, seats: new Map() };
            stageUsers.forEach((people, stage) =>
              people.forEach((u) =>
                m.seats.set(ids[u]!, { stage, unit: stage === 1 ? "group" : u, status: "Pending" }),
              ),
            );
            for (const cmd of commands) {
              const actorId = ids[cmd.as]!;
              const accepted = modelAccepts(m, actorId, cmd.status);
              const before = accepted ? null : await snapshot(t, doc);
              t.clock.advance(1000);
              const res = await t.request("PATCH", `/api/documents/${doc}/approval`, {
                as: cmd.as,
                body: {
                  status: cmd.status,
                  comment: "why",
                  approverStatus: cmd.status,
                  approverComment: "why",
                },
              });
              if (!accepted) {
                expect([400, 403, 409], `${JSON.stringify(cmd)}: ${res.body}`).toContain(res.statusCode);
                expect(await snapshot(t, doc)).toEqual(before);
                continue;
              }
              expect(res.statusCode, `${JSON.stringify(cmd)}: ${res.body}`).toBe(200);
              modelApply(m, actorId, cmd.status);
              const a = json<Approval>(res);
              expect(a.stage, JSON.stringify(cmd)).toBe(m.stage);
              expect(stagedInvariantViolation(stagedOf(a))).toBeNull();
              const shown = a.stages.flatMap((s) => s.assignees.map((p) => [p.userId, p.status]));
              expect(new Map(shown as Array<[string, string]>)).toEqual(
                new Map([...m.seats].map(([id, seat]) => [id, seat.status])),
              );
            }
          },
        ),
        { numRuns: 20 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
