import type { AuditEntry } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { auditSearchParams, describeSubject, emptyAuditFilters } from "./audit";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: "2026-11-25T08:00:00.000Z",
  action: "Edited category",
  subjectType: "category",
  subjectId: "c1",
  documentId: null,
  documentTitle: null,
  userId: "u1",
  username: "admin",
  ip: "127.0.0.1",
  comment: null,
  data: null,
  ...over,
});

describe("audit filters and subjects", () => {
  it("sends only the filters that are set, with paging for the list", () => {
    const filters = { ...emptyAuditFilters, action: " role ", from: "2026-11-01", documentId: "" };
    expect(auditSearchParams(filters)).toBe("action=role&from=2026-11-01");
    expect(auditSearchParams(emptyAuditFilters, { page: 2, pageSize: 25 })).toBe("page=2&pageSize=25");
    // Quire (the system actor) is chosen by the actor filter, since it has no user id.
    expect(auditSearchParams({ ...emptyAuditFilters, actor: "system" })).toBe("actor=system");
  });

  it("names the document first, then the subject from the entry's data", () => {
    expect(describeSubject(entry({ documentId: "d1", documentTitle: "Policy" }))).toEqual({
      label: "Policy",
      documentId: "d1",
    });
    expect(describeSubject(entry({ data: { name: "Legal" } })).label).toBe("Category Legal");
    expect(
      describeSubject(entry({ subjectType: "user", data: { username: "viewer", to: "Author" } })).label,
    ).toBe("User viewer");
    expect(describeSubject(entry({ subjectType: "settings", data: { organization: {} } })).label).toBe(
      "Settings: organization",
    );
  });
});
