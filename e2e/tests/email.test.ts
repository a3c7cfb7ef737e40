import assert from "node:assert/strict";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { closeBrowser, launchBrowser, newContext, signIn, watchConsole } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "");
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const { port } = smtp.server.address() as AddressInfo;
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser();
});

after(async () => {
  await closeBrowser(browser);
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test("a reviewer saves an e-mail address in Settings and receives the next review request by e-mail", async () => {
  const context = await newContext(browser, server.baseUrl);
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/login");
  await signIn(page, "reviewer");
  await page.waitForURL((url) => url.pathname === "/home");
  await page.goto("/settings");
  await page.getByTestId("input-notification-email").fill("not-an-address");
  await page.getByTestId("button-save-notification-email").click();
  // The browser's own check stops an invalid address before it is sent.
  assert.equal(
    await page
      .getByTestId("input-notification-email")
      .evaluate((el) => (el as HTMLInputElement).validity.valid),
    false,
  );
  await page.getByTestId("input-notification-email").fill("reviewer@example.org");
  await page.getByTestId("button-save-notification-email").click();
  await page.getByText("Copies of your notifications go to reviewer@example.org.").waitFor();
  await page.reload();
  assert.equal(await page.getByTestId("input-notification-email").inputValue(), "reviewer@example.org");

  // The author submits a document for review (through the API, as a client would).
  const author = await newContext(browser, server.baseUrl);
  const api = author.request;
  const login = await api.post("/api/auth/login", { data: { username: "author", password: "demo" } });
  assert.equal(login.status(), 200);
  const users = (await (await api.get("/api/users")).json()) as { id: string; username: string }[];
  const idOf = (name: string) => users.find((u) => u.username === name)!.id;
  const categories = (await (await api.get("/api/categories")).json()) as { id: string }[];
  const upload = await api.post("/api/documents/upload", {
    multipart: {
      title: "Vendor Onboarding Policy",
      categoryId: categories[0]!.id,
      file: {
        name: "vendor.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# Vendor onboarding\n\nEvery vendor is checked.\n"),
      },
    },
  });
  assert.equal(upload.status(), 201, await upload.text());
  const { id } = (await upload.json()) as { id: string };
  const submit = await api.post(`/api/documents/${id}/submit-review`, {
    data: { reviewers: [idOf("reviewer")], approverId: idOf("approver") },
  });
  assert.equal(submit.status(), 201, await submit.text());

  // Delivery waits its turn in the job queue behind the upload's processing: on a busy machine
  // that took over 15 s. The wait ends as soon as the message arrives.
  const deadline = Date.now() + 90_000;
  while (!received.some((m) => m.to.includes("reviewer@example.org")) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const mail = received.find((m) => m.to.includes("reviewer@example.org"));
  assert.ok(mail, "the review request arrived by e-mail");
  assert.match(mail.raw, /^Subject: Review requested/m);
  assert.ok(mail.raw.includes(`/document/${id}`), "the e-mail links to the document");
  assert.deepEqual(consoleErrors(), []);
  await author.close();
  await context.close();
});
