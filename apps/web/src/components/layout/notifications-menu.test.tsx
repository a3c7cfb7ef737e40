import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { applyLanguage, i18n } from "@/lib/i18n";
import { badgeText, NotificationsMenu } from "./notifications-menu";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

function openMenu() {
  const trigger = screen.getByTestId("button-notifications");
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
}

describe("badgeText", () => {
  it("shows nothing at zero and caps at 99+", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(3)).toBe("3");
    expect(badgeText(120)).toBe("99+");
  });
});

describe("NotificationsMenu", () => {
  it("shows no badge and 'No notifications' when there are none", async () => {
    const spy = mockFetch({
      "GET /api/notifications/unread-count": { body: { count: 0 } },
      "GET /api/notifications": { body: [] },
    });
    renderWithApp(<NotificationsMenu />);
    await waitFor(() => expect(spy.mock.calls.map((c) => c[0])).toContain("/api/notifications/unread-count"));
    expect(screen.queryByTestId("badge-notifications")).toBeNull();
    openMenu();
    expect(await screen.findByText("Recent Notifications")).toBeTruthy();
    expect(await screen.findByText("No notifications")).toBeTruthy();
  });

  it("shows the unread count, lists the items and marks one read when followed", async () => {
    const spy = mockFetch({
      "GET /api/notifications/unread-count": { body: { count: 2 } },
      "GET /api/notifications": {
        body: [
          {
            id: "n1",
            kind: "review.requested",
            documentId: "d1",
            title: "Review requested",
            body: "Security Policy needs your review",
            message: null,
            link: "/document/d1",
            read: false,
            superseded: false,
            createdAt: new Date().toISOString(),
          },
          {
            id: "n2",
            kind: "other",
            documentId: null,
            title: "Off-site",
            body: "",
            message: null,
            link: "https://evil.example",
            read: true,
            superseded: false,
            createdAt: "x",
          },
        ],
      },
      "POST /api/notifications/n1/read": { status: 204 },
    });
    const { location } = renderWithApp(<NotificationsMenu />);
    expect((await screen.findByTestId("badge-notifications")).textContent).toBe("2");
    expect(screen.getByTestId("button-notifications").getAttribute("aria-label")).toBe(
      "Notifications, 2 unread",
    );

    openMenu();
    fireEvent.click(await screen.findByText("Review requested"));
    await waitFor(() =>
      expect(
        spy.mock.calls.some(([url, init]) => url === "/api/notifications/n1/read" && init?.method === "POST"),
      ).toBe(true),
    );
    expect(location.history.at(-1)).toBe("/document/d1");
  });

  it("says a request its round no longer needs is no longer needed", async () => {
    mockFetch({
      "GET /api/notifications/unread-count": { body: { count: 0 } },
      "GET /api/notifications": {
        body: [
          {
            id: "n3",
            kind: "review_requested",
            documentId: "d1",
            title: "Review requested",
            body: 'author asked you to review "Security Policy" (version 1)',
            message: {
              key: "reviewRequested",
              params: { by: "author", document: "Security Policy", version: 1 },
            },
            link: "/document/d1",
            read: true,
            superseded: true,
            createdAt: new Date().toISOString(),
          },
        ],
      },
    });
    renderWithApp(<NotificationsMenu />);
    openMenu();
    const row = await screen.findByTestId("notification-n3");
    expect(row.textContent).toContain("No longer needed");
    expect(screen.getByTestId("text-notification-superseded-n3")).toBeTruthy();
  });

  it("writes each notification in the reader's language from its message, and older ones as stored", async () => {
    await applyLanguage("de");
    mockFetch({
      "GET /api/notifications/unread-count": { body: { count: 2 } },
      "GET /api/notifications": {
        body: [
          {
            id: "n4",
            kind: "changes_requested",
            documentId: "d1",
            title: "Changes requested",
            body: 'reviewer requested changes to "Security Policy": Section 3 is out of date',
            message: {
              key: "changesRequested",
              params: { by: "reviewer", document: "Security Policy", comment: "Section 3 is out of date" },
            },
            link: "/document/d1",
            read: false,
            superseded: false,
            createdAt: new Date().toISOString(),
          },
          {
            id: "n5",
            kind: "review_requested",
            documentId: "d1",
            title: "Review requested",
            body: "Written before messages were kept",
            message: null,
            link: "/document/d1",
            read: false,
            superseded: false,
            createdAt: new Date().toISOString(),
          },
        ],
      },
    });
    renderWithApp(<NotificationsMenu />);
    openMenu();
    const written = await screen.findByTestId("notification-n4");
    expect(written.textContent).toContain("Änderungen angefordert");
    expect(written.textContent).toContain(
      "reviewer hat Änderungen an „Security Policy“ angefordert: Section 3 is out of date",
    );
    expect(written.textContent).not.toContain("requested changes");
    expect(screen.getByTestId("notification-n5").textContent).toContain("Written before messages were kept");
  });
});
