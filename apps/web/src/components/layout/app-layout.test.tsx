import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sessionUser, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AppLayout } from "./app-layout";

const routes = {
  "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
  "GET /api/auth/login": { body: { demo: true, demoPassword: "demo", demoUsers: [] } },
  "GET /api/categories/stats": {
    body: [
      {
        id: "c1",
        name: "Engineering",
        description: "",
        icon: "fas fa-code",
        color: "blue",
        count: 4,
        lastUpdated: null,
      },
      {
        id: "c2",
        name: "Misc",
        description: "",
        icon: "fas fa-folder",
        color: "teal",
        count: 0,
        lastUpdated: null,
      },
    ],
  },
};

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

describe("AppLayout", () => {
  it("shows the sidebar with categories, the user's initials, name and role, and the page title", async () => {
    mockFetch(routes);
    renderWithApp(<AppLayout>page</AppLayout>, { path: "/documents" });
    const sidebar = screen.getByTestId("sidebar");
    const engineering = await within(sidebar).findByTestId("sidebar-category-c1");
    expect(engineering.getAttribute("href")).toBe("/category/c1");
    expect(engineering.textContent).toContain("4");
    expect(engineering.querySelector(".bg-blue-500")).not.toBeNull();
    expect(within(sidebar).getByTestId("sidebar-category-c2").querySelector(".bg-gray-500")).not.toBeNull();
    expect(await within(sidebar).findByText("AU")).toBeTruthy();
    expect(within(sidebar).getByTestId("text-username").textContent).toBe("author");
    expect(within(sidebar).getByTestId("text-role").textContent).toBe("Author");
    expect(screen.getByTestId("text-page-title").textContent).toBe("All Documents");
    expect(screen.getByTestId("nav-documents").getAttribute("aria-current")).toBe("page");
    expect(screen.getByText(/© \d{4} Quire/)).toBeTruthy();
  });

  it("links to the seed's pages in order, and drops Approvals while workflows are turned off", async () => {
    const links = () =>
      within(screen.getByRole("navigation", { name: "Main" }))
        .getAllByRole("link")
        .map((a) => `${a.textContent} ${a.getAttribute("href")}`);
    mockFetch({ ...routes, "GET /api/settings": { body: settings() } });
    const { unmount } = renderWithApp(<AppLayout>page</AppLayout>, { path: "/home" });
    const all = [
      "Home /home",
      "Dashboard /dashboard",
      "All Documents /documents",
      "Approvals /approvals",
      "Search /search",
    ];
    await waitFor(() => expect(links()).toEqual(all));
    unmount();

    mockFetch({ ...routes, "GET /api/settings": { body: settings({ approvalWorkflows: false }) } });
    renderWithApp(<AppLayout>page</AppLayout>, { path: "/home" });
    await waitFor(() => expect(links()).toEqual(all.filter((link) => !link.startsWith("Approvals"))));
  });

  it("Take Tour goes to /home?tour=true", async () => {
    mockFetch(routes);
    const { location } = renderWithApp(<AppLayout>page</AppLayout>, { path: "/dashboard" });
    fireEvent.click(screen.getByTestId("button-take-tour"));
    expect(location.history.at(-1)).toBe("/home?tour=true");
  });

  it("under 768 px puts the sidebar in a drawer that closes after navigation", async () => {
    window.innerWidth = 375;
    mockFetch(routes);
    const { location } = renderWithApp(<AppLayout>page</AppLayout>, { path: "/home" });
    expect(screen.queryByTestId("sidebar")).toBeNull();

    fireEvent.click(screen.getByTestId("button-menu"));
    const drawer = await screen.findByRole("dialog");
    fireEvent.click(within(drawer).getByTestId("nav-approvals"));
    expect(location.history.at(-1)).toBe("/approvals");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("puts focus on the drawer's first navigation link when it opens", async () => {
    window.innerWidth = 375;
    mockFetch(routes);
    renderWithApp(<AppLayout>page</AppLayout>, { path: "/documents" });
    const menu = screen.getByTestId("button-menu");
    menu.focus();
    fireEvent.click(menu);
    const drawer = await screen.findByRole("dialog");
    // Radix skips links when it picks the first focusable, which landed on Take Tour.
    await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByTestId("nav-home")));
  });

  it("gives focus back to the menu button when the drawer closes", async () => {
    window.innerWidth = 375;
    mockFetch(routes);
    renderWithApp(<AppLayout>page</AppLayout>, { path: "/home" });
    const menu = screen.getByTestId("button-menu");
    menu.focus();
    fireEvent.click(menu);
    const drawer = await screen.findByRole("dialog");
    fireEvent.keyDown(drawer, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Closed with Escape, keyboard users carry on from where they opened it, not from the page top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("button-menu")));
  });
});
