import assert from "node:assert/strict";
import { test } from "node:test";
import { seriousAxeViolations, signIn, watchConsole } from "../support/browser";
import { browserSuite } from "../support/suite";

const suite = browserSuite();

async function waitlistAsAdmin(): Promise<string[]> {
  const login = await fetch(`${suite.server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: suite.server.baseUrl },
    body: JSON.stringify({ username: "admin", password: "demo" }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const res = await fetch(`${suite.server.baseUrl}/api/waitlist`, { headers: { cookie } });
  assert.equal(res.status, 200);
  return ((await res.json()) as { email: string }[]).map((e) => e.email);
}

const published = {
  salesEmail: "sales@northwind.example",
  supportEmail: "help@northwind.example",
  partnershipsEmail: "partners@northwind.example",
  demoVideoUrl: "https://video.northwind.example/quire-demo",
};

test("landing invents no contact or video; an Admin publishes them in Settings and the page shows them", async () => {
  const context = await suite.context();
  await context.addInitScript(() => localStorage.setItem("tour-completed", "true"));
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.goto("/");
  await page.getByTestId("text-contact-waitlist").waitFor({ state: "attached" });
  assert.equal(await page.locator('#contact a[href^="mailto:"]').count(), 0);
  assert.equal(await page.getByTestId("link-demo-video").count(), 0);

  await page.goto("/login");
  await signIn(page, "admin");
  await page.waitForURL((url) => url.pathname === "/home");
  await page.goto("/settings/public-contact");
  for (const [field, value] of Object.entries(published)) {
    await page.getByTestId(`input-public-${field}`).fill(value);
  }
  await page.getByTestId("button-save-public-contact").click();
  await page.getByText("The landing page shows the new contact details.").first().waitFor();

  await page.goto("/");
  await page.getByTestId("contact-sales").waitFor({ state: "attached" });
  assert.equal(await page.getByTestId("text-contact-waitlist").count(), 0);
  // Each contact action writes to the address published for it, and Contact Us goes there.
  for (const [team, address] of [
    ["sales", published.salesEmail],
    ["support", published.supportEmail],
    ["partnerships", published.partnershipsEmail],
  ] as const) {
    const link = page.getByTestId(`contact-${team}`).getByRole("link", { name: address });
    assert.equal(await link.getAttribute("href"), `mailto:${address}`, team);
  }
  await page.getByTestId("nav-contact").click();
  await page.waitForFunction(() => {
    const box = document.getElementById("contact")?.getBoundingClientRect();
    return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
  });
  assert.equal(await page.getByTestId("link-demo-video").getAttribute("href"), published.demoVideoUrl);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

test("an unconfigured landing leaves out empty sections, and its contact actions do what they say", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  await page.route("**/api/public/contact", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ salesEmail: "", supportEmail: "", partnershipsEmail: "", demoVideoUrl: "" }),
    }),
  );
  await page.goto("/");
  await page.getByTestId("text-contact-waitlist").waitFor({ state: "attached" });
  // Every section heading has something under it besides its own lead.
  const empty = await page.evaluate(() =>
    [...document.querySelectorAll("main section")]
      .filter((section) => {
        const heading = section.querySelector("h2");
        if (!heading) return false;
        // Take away the heading and its lead: what is left is the section's content.
        const rest = section.cloneNode(true) as HTMLElement;
        rest.querySelector("h2")?.parentElement?.remove();
        return !(rest.textContent ?? "").trim() && !rest.querySelector("a, button, input, figure, img");
      })
      .map((section) => section.id),
  );
  assert.deepEqual(empty, [], `sections with nothing in them: ${empty.join(", ")}`);
  assert.equal(await page.locator("#demo").count(), 0, "no demo section without a video");
  assert.equal(await page.getByTestId("nav-demo").count(), 0, "no Demo link to a section that is not there");
  await page.getByTestId("nav-contact").click();
  await page.getByTestId("button-contact-waitlist").click();
  await page.waitForFunction(() => {
    const box = document.getElementById("waitlist")?.getBoundingClientRect();
    return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
  });
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test(`landing at ${viewport.width} px: sections, MVP links, typed headline, valid waitlist stored once`, async () => {
    const context = await suite.context(viewport);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await page.goto("/");
    await page.getByTestId("landing-page").waitFor();
    await page.getByTestId("text-typed-headline").getByText("Your documents, organised by AI").waitFor();
    for (const id of ["hero", "mvp-showcase", "demo", "features", "waitlist", "contact"]) {
      assert.equal(await page.locator(`#${id}`).count(), 1, id);
    }
    assert.equal(await page.getByTestId("button-view-mvp").getAttribute("href"), "/home?tour=true");
    assert.equal(await page.getByTestId("button-explore-mvp").getAttribute("href"), "/home?tour=true");
    assert.equal(await page.getByTestId("link-demo-video").getAttribute("target"), "_blank");
    assert.equal(await page.getByTestId("link-demo-video").getAttribute("href"), published.demoVideoUrl);
    for (const figure of ["$8.2B", "$12.5B", "$28.9B", "12% annual growth", "35% annual growth"]) {
      await page.getByText(figure, { exact: true }).waitFor({ state: "attached" });
    }
    for (const team of ["sales", "support", "partnerships"]) {
      const href = await page
        .getByTestId(`contact-${team}`)
        .locator('a[href^="mailto:"]')
        .getAttribute("href");
      assert.match(href ?? "", /^mailto:.+@.+/);
      assert.equal(href, `mailto:${published[`${team}Email` as keyof typeof published]}`);
    }

    if (viewport.width < 768) {
      await page.getByTestId("button-mobile-menu").click();
      await page.getByTestId("mobile-menu").getByRole("button", { name: "Waitlist" }).click();
      await page.getByTestId("mobile-menu").waitFor({ state: "detached" });
    } else {
      await page.getByTestId("nav-waitlist").click();
    }
    await page.waitForFunction(() => window.scrollY > 500);
    await page.getByTestId("button-scroll-top").waitFor();

    const email = `Person.${viewport.width}@Example.com`;
    await page.getByPlaceholder("Enter your work email").fill(email);
    await page.getByTestId("button-join-waitlist").click();
    await page.getByTestId("waitlist-success").waitFor();
    assert.equal(await page.getByTestId("button-access-mvp").getAttribute("href"), "/home?tour=true");
    const stored = await waitlistAsAdmin();
    assert.equal(stored.filter((e) => e === email.toLowerCase()).length, 1);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const violations = await seriousAxeViolations(page);
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
    assert.deepEqual(consoleErrors(), []);
    await context.close();
  });
}

test("landing waitlist: a value without @ is not accepted and nothing is sent", async () => {
  const context = await suite.context();
  const page = await context.newPage();
  const consoleErrors = watchConsole(page);
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/waitlist")) posts.push(req.method());
  });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/#waitlist");
  await page.getByPlaceholder("Enter your work email").fill("not-an-address");
  await page.getByTestId("button-join-waitlist").click();
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId("waitlist-success").count(), 0);
  assert.equal(await page.getByRole("alert").count(), 0);
  assert.deepEqual(posts, []);
  assert.deepEqual(consoleErrors(), []);
  await context.close();
});
