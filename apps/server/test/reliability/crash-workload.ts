import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { signIn } from "./server-process";

/** Seeded (mulberry32), so a failing run can be repeated with its seed. */
export { seededRandom } from "@quire/textkit";

/** Every write the server acknowledged (answered 2xx), with what it must still hold. */
export interface Ledger {
  uploads: Array<{ documentId: string; sha256: string }>;
  versions: Array<{ documentId: string; version: number; sha256: string }>;
  submissions: Array<{ documentId: string }>;
  reviews: Array<{ documentId: string; round: number; reviewerId: string }>;
  decisions: Array<{ documentId: string; round: number }>;
  /** 5xx answers: the server refused a write it should have taken or explained. */
  serverErrors: string[];
}

export function emptyLedger(): Ledger {
  return { uploads: [], versions: [], submissions: [], reviews: [], decisions: [], serverErrors: [] };
}

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** Real text no one here wrote: Debian's copyright files. */
function loadCorpus(): string[] {
  const root = "/usr/share/doc";
  const texts: string[] = [];
  for (const pkg of readdirSync(root).sort()) {
    try {
      const text = readFileSync(path.join(root, pkg, "copyright"), "utf8");
      if (text.length > 400) texts.push(text.slice(0, 6000));
    } catch {
      // a package without a plain copyright file
    }
    if (texts.length >= 200) break;
  }
  if (texts.length === 0) throw new Error("no text under /usr/share/doc/*/copyright");
  return texts;
}

interface Session {
  baseUrl: string;
  cookie: string;
  userId: string;
}

/** One acting user's request, classified: acknowledged, refused (4xx), or cut off. */
async function call(
  session: Session,
  ledger: Ledger,
  method: string,
  route: string,
  body?: FormData | object,
): Promise<{ status: number; json: () => Promise<unknown> } | null> {
  try {
    const res = await fetch(`${session.baseUrl}${route}`, {
      method,
      headers: {
        cookie: session.cookie,
        origin: session.baseUrl,
        ...(body && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 500) ledger.serverErrors.push(`${method} ${route}: ${res.status} ${await res.text()}`);
    return { status: res.status, json: () => res.json() as Promise<unknown> };
  } catch {
    return null; // the server was killed mid-request: neither acknowledged nor refused
  }
}

interface ApprovalItem {
  documentId: string;
  round: number;
  abilities: { review: boolean; decide: boolean };
}

export type Sessions = Map<string, Session>;

/** Signs in the acting users (before the kill is armed: a cycle needs them to start). */
export async function openSessions(baseUrl: string): Promise<Sessions> {
  const sessions: Sessions = new Map();
  for (const username of ["author", "reviewer", "reviewer2", "approver"]) {
    const cookie = await signIn(baseUrl, username);
    const me = (await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).json()) as {
      id: string;
    };
    sessions.set(username, { baseUrl, cookie, userId: me.id });
  }
  return sessions;
}

export interface WorkloadOptions {
  sessions: Sessions;
  categoryIds: string[];
  ledger: Ledger;
  random: () => number;
  cycle: number;
  /** Set when the server has been killed: clients stop. */
  stopped: () => boolean;
}

/** Uploads, edits and submissions by the author while the reviewers and the approver act. */
export async function runWorkload(options: WorkloadOptions): Promise<void> {
  const { sessions, categoryIds, ledger, random, cycle, stopped } = options;
  const author = sessions.get("author")!;
  const corpus = loadCorpus();
  let counter = 0;
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];

  const authorStep = async () => {
    const roll = random();
    if (roll < 0.5 || ledger.uploads.length === 0) {
      const text = `Crash cycle ${cycle}, upload ${counter++}\n\n${pick(corpus)}`;
      const form = new FormData();
      form.set("title", `Cycle ${cycle} upload ${counter}`);
      form.set("categoryId", pick(categoryIds)!);
      form.set("file", new Blob([text]), `cycle-${cycle}-${counter}.md`);
      const res = await call(author, ledger, "POST", "/api/documents/upload", form);
      if (res?.status === 201) {
        const doc = (await res.json()) as { id: string };
        ledger.uploads.push({ documentId: doc.id, sha256: sha256(text) });
      }
      return;
    }
    const target = pick(ledger.uploads)!.documentId;
    const got = await call(author, ledger, "GET", `/api/documents/${target}`);
    if (got?.status !== 200) return;
    const doc = (await got.json()) as {
      status: string;
      currentVersionNumber: number;
      currentVersion: { content: string };
    };
    if (doc.status !== "Draft") return;
    if (roll < 0.8) {
      const content = `${doc.currentVersion.content}\n\nEdit ${counter++} in cycle ${cycle}: ${pick(corpus)!.slice(0, 300)}`;
      const res = await call(author, ledger, "POST", `/api/documents/${target}/versions`, {
        content,
        expectedVersion: doc.currentVersionNumber,
      });
      if (res?.status === 201) {
        ledger.versions.push({
          documentId: target,
          version: doc.currentVersionNumber + 1,
          sha256: sha256(content),
        });
      }
    } else {
      const res = await call(author, ledger, "POST", `/api/documents/${target}/submit-review`, {});
      if (res && res.status >= 200 && res.status < 300) ledger.submissions.push({ documentId: target });
    }
  };

  const approvalStep = async (username: string) => {
    const session = sessions.get(username)!;
    const list = await call(session, ledger, "GET", "/api/approvals");
    if (list?.status !== 200) return;
    const items = ((await list.json()) as ApprovalItem[]).filter(
      (i) => i.abilities.review || i.abilities.decide,
    );
    const item = pick(items);
    if (!item) return;
    // The round it chose on, as the web app sends it: a round a new version replaced meanwhile is
    // refused (409), so an acknowledged review is always in the round the ledger names.
    const body = item.abilities.decide
      ? { approverStatus: "Approved", round: item.round }
      : { status: "Approved", comment: `Read in cycle ${cycle}`, round: item.round };
    const res = await call(session, ledger, "PATCH", `/api/documents/${item.documentId}/approval`, body);
    if (res?.status !== 200) return;
    if (item.abilities.decide) ledger.decisions.push({ documentId: item.documentId, round: item.round });
    else ledger.reviews.push({ documentId: item.documentId, round: item.round, reviewerId: session.userId });
  };

  const loop = async (step: () => Promise<void>) => {
    while (!stopped()) {
      await step();
      await new Promise((r) => setTimeout(r, 20 + random() * 80));
    }
  };
  await Promise.all([
    loop(authorStep),
    loop(authorStep),
    loop(() => approvalStep("reviewer")),
    loop(() => approvalStep("reviewer2")),
    loop(() => approvalStep("approver")),
  ]);
}
