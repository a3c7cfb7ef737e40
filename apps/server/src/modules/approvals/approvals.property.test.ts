import type { Approval } from "@quire/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import { roundInvariantViolation } from "./policy";
import { demoAppForFile, snapshot, statusOf, uploadDraft } from "../../../test/support/review-helpers";

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
  it("never reaches an invalid state, lets only assigned users act, logs exactly the accepted actions", async () => {
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
  }, 120_000);
});
