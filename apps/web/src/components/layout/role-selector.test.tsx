import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { RoleSelector } from "./role-selector";

const author = sessionUser({ id: "2", username: "author", role: "Author" });

beforeAll(() => {
  // Radix Select measures and scrolls with APIs jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

describe("RoleSelector", () => {
  it("outside demo mode shows the user's own role and cannot be changed", async () => {
    mockFetch({
      "GET /api/auth/user": { body: author },
      "GET /api/auth/login": { body: { demo: false, demoPassword: null, demoUsers: [] } },
    });
    renderWithApp(<RoleSelector />);
    const trigger = await screen.findByTestId("select-role");
    expect(trigger.textContent).toContain("Author");
    await waitFor(() => expect(trigger.getAttribute("aria-label")).toBe("Your role"));
    expect((trigger as HTMLButtonElement).disabled).toBe(true);
  });

  it("in demo mode switches the server session to the chosen role and refreshes the user", async () => {
    const spy = mockFetch({
      "GET /api/auth/user": { body: author },
      "GET /api/auth/login": { body: { demo: true, demoPassword: "demo", demoUsers: [] } },
      "POST /api/auth/demo-role": { body: sessionUser({ id: "3", username: "reviewer", role: "Reviewer" }) },
    });
    renderWithApp(<RoleSelector />);
    const trigger = await screen.findByTestId("select-role");
    await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));

    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "Reviewer" }));

    await waitFor(() => expect(screen.getByTestId("select-role").textContent).toContain("Reviewer"));
    const call = spy.mock.calls.find(([url]) => url === "/api/auth/demo-role");
    expect(call?.[1]?.method).toBe("POST");
    expect(call?.[1]?.body).toBe('{"role":"Reviewer"}');
  });
});
