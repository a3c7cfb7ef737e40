import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, Switch } from "wouter";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { LoginPage } from "./login-page";

const demoOptions = {
  demo: true,
  demoPassword: "demo",
  demoUsers: [
    { username: "admin", role: "Admin" },
    { username: "author", role: "Author" },
  ],
};

/** The sign-in options with single sign-on configured, plus `extra`. */
const ssoOptions = (extra: Record<string, unknown>) => ({
  "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
  "GET /api/auth/login": {
    body: { ...demoOptions, sso: { buttonLabel: "Acme ID", startUrl: "/api/auth/oidc/start" }, ...extra },
  },
});

describe("LoginPage", () => {
  it("lists the demo accounts and fills the form from one", async () => {
    mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
      "GET /api/auth/login": { body: demoOptions },
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    fireEvent.click(await screen.findByTestId("button-demo-author"));
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("author");
    expect((screen.getByLabelText("Password") as HTMLInputElement).value).toBe("demo");
    expect(screen.getByTestId("text-demo-password").textContent).toBe("demo");
  });

  it("shows no demo panel outside demo mode", async () => {
    const spy = mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
      "GET /api/auth/login": { body: { demo: false, demoPassword: null, demoUsers: [] } },
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await waitFor(() => expect(spy.mock.calls.map((c) => c[0])).toContain("/api/auth/login"));
    expect(screen.queryByTestId("panel-demo-accounts")).toBeNull();
  });

  it("shows the server's message when sign-in fails", async () => {
    mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
      "GET /api/auth/login": { body: demoOptions },
      "POST /api/auth/login": { status: 401, body: { message: "Invalid username or password" } },
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "author" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid username or password");
  });

  it("returns to the page asked for after signing in", async () => {
    mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
      "GET /api/auth/login": { body: demoOptions },
      "POST /api/auth/login": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
    });
    const { location } = renderWithApp(
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route>landed</Route>
      </Switch>,
      { path: "/login?next=%2Fdocuments%3Fcategory%3Dc1" },
    );
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "author" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "demo" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("landed")).toBeTruthy();
    expect(location.history.at(-1)).toBe("/documents?category=c1");
  });

  it("offers single sign-on as a plain link that keeps the page asked for", async () => {
    mockFetch(ssoOptions({ localLogin: true }));
    renderWithApp(<LoginPage />, { path: "/login?next=%2Fdocuments" });
    const link = await screen.findByTestId("button-sso");
    expect(link.tagName).toBe("A");
    expect(link.textContent).toBe("Sign in with Acme ID");
    expect(link.getAttribute("href")).toBe("/api/auth/oidc/start?next=%2Fdocuments");
    expect(screen.getByTestId("button-sign-in")).toBeTruthy();
  });

  it("shows only single sign-on when password sign-in is off, and the callback's message", async () => {
    const spy = mockFetch(
      ssoOptions({ localLogin: false, ssoError: "The identity provider could not be reached." }),
    );
    renderWithApp(<LoginPage />, { path: "/login?error=sso" });
    expect((await screen.findByTestId("button-sso")).getAttribute("href")).toBe("/api/auth/oidc/start");
    await waitFor(() => expect(spy.mock.calls.map((c) => c[0])).toContain("/api/auth/login"));
    expect(screen.queryByTestId("input-username")).toBeNull();
    expect(screen.queryByTestId("button-sign-in")).toBeNull();
    expect(screen.queryByTestId("panel-demo-accounts")).toBeNull();
    expect(screen.getByTestId("text-sso-error").textContent).toBe(
      "The identity provider could not be reached.",
    );
  });

  it("never shows text a link puts in ?error=", async () => {
    mockFetch(ssoOptions({ ssoError: null }));
    renderWithApp(<LoginPage />, { path: "/login?error=Your%20account%20is%20locked.%20Call%20555-0100" });
    const error = await screen.findByTestId("text-sso-error");
    expect(error.textContent).toBe("Single sign-on did not finish. Try again, or ask an Admin.");
    expect(document.body.textContent).not.toMatch(/locked|555-0100/);
  });

  it("shows no SSO button when single sign-on is not configured", async () => {
    mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } },
      "GET /api/auth/login": { body: { ...demoOptions, sso: null, localLogin: true } },
    });
    renderWithApp(<LoginPage />, { path: "/login" });
    await screen.findByTestId("panel-demo-accounts");
    expect(screen.queryByTestId("button-sso")).toBeNull();
  });
});
