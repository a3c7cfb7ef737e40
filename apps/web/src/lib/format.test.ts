import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDayKey, initials, shortRelativeTime, utcDayKey } from "./format";

describe("initials", () => {
  it.each([
    ["author", "AU"],
    ["reviewer2", "RE"],
    ["john.doe", "JD"],
    ["mary-ann_smith", "MA"],
    ["x", "X"],
    ["élise", "ÉL"],
    ["", "?"],
  ])("%s → %s", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("shortRelativeTime", () => {
  const now = new Date("2025-01-28T12:00:00Z");
  it("counts minutes, hours and days", () => {
    expect(shortRelativeTime("2025-01-28T11:59:30Z", now)).toBe("just now");
    expect(shortRelativeTime("2025-01-28T11:15:00Z", now)).toBe("45 min ago");
    expect(shortRelativeTime("2025-01-28T09:00:00Z", now)).toBe("3 h ago");
    expect(shortRelativeTime("2025-01-26T12:00:00Z", now)).toBe("2 d ago");
    expect(shortRelativeTime("not a date", now)).toBe("");
  });

  it("past a week shows the app's one date style, the same as formatDate", () => {
    const old = "2024-12-01T12:00:00Z";
    expect(shortRelativeTime(old, now)).toBe(formatDate(old));
    expect(shortRelativeTime(old, now)).not.toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  });
});

describe("days on a chart", () => {
  it("group by the UTC day and name it in the app's date style, never as an ISO day", () => {
    const day = utcDayKey(Date.parse("2026-11-03T23:30:00Z"));
    expect(day).toBe("2026-11-03");
    // The same medium style as formatDate, whatever the reader's time zone.
    expect(formatDayKey(day)).toBe(formatDate("2026-11-03T12:00:00Z"));
    expect(formatDayKey(day, { year: false })).toMatch(/Nov/);
    expect(formatDayKey(day, { year: false })).not.toMatch(/2026|\d{4}-\d{2}/);
    expect(formatDayKey("not a day")).toBe("");
  });
});

describe("formatCount", () => {
  it("groups digits the way the reader's locale does", () => {
    expect(formatCount(12345)).toBe((12345).toLocaleString());
    expect(formatCount(7)).toBe("7");
  });
});
