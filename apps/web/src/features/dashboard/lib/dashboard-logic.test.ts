import { confidenceLabel } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { applyLanguage } from "@/lib/i18n";
import {
  confidenceBadgeVariant,
  countWithinWeek,
  progressPercent,
  relativeUpdateTime,
  tileColor,
  tileTestId,
} from "./dashboard-logic";

const now = new Date("2026-01-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("relativeUpdateTime", () => {
  it("follows seed §9", () => {
    expect(relativeUpdateTime(ago(59 * 60_000), now)).toBe("Less than an hour ago");
    expect(relativeUpdateTime(ago(60 * 60_000), now)).toBe("1 hour ago");
    expect(relativeUpdateTime(ago(5 * 3_600_000), now)).toBe("5 hours ago");
    expect(relativeUpdateTime(ago(23.9 * 3_600_000), now)).toBe("23 hours ago");
    expect(relativeUpdateTime(ago(24 * 3_600_000), now)).toBe("1 day ago");
    expect(relativeUpdateTime(ago(80 * 3_600_000), now)).toBe("3 days ago");
  });

  it("speaks the interface's language, with its plural forms", async () => {
    await applyLanguage("de");
    expect(relativeUpdateTime(ago(59 * 60_000), now)).toBe("Vor weniger als einer Stunde");
    expect(relativeUpdateTime(ago(60 * 60_000), now)).toBe("Vor 1 Stunde");
    expect(relativeUpdateTime(ago(80 * 3_600_000), now)).toBe("Vor 3 Tagen");
    await applyLanguage("fr");
    expect(relativeUpdateTime(ago(5 * 3_600_000), now)).toBe("Il y a 5 heures");
  });
});

describe("confidence badge", () => {
  it("shows the level: default when high, secondary when medium, else outline, never a percentage", () => {
    expect(confidenceBadgeVariant(0.7)).toBe("default");
    expect(confidenceBadgeVariant(0.69)).toBe("secondary");
    expect(confidenceBadgeVariant(0.3)).toBe("secondary");
    expect(confidenceBadgeVariant(0.29)).toBe("outline");
    expect(confidenceLabel(1)).toBe("High confidence");
    expect(confidenceLabel(0.5)).toBe("Medium confidence");
    expect(confidenceLabel(0.1)).toBe("Low confidence");
  });
});

describe("progressPercent", () => {
  it("scales to the largest count and caps at 100", () => {
    expect(progressPercent(5, 10)).toBe(50);
    expect(progressPercent(10, 10)).toBe(100);
    expect(progressPercent(40, 0)).toBe(100);
    expect(progressPercent(3, 0)).toBe(10);
  });
});

describe("tiles", () => {
  it("falls back to gray and lowercases the test id", () => {
    expect(tileColor("teal")).toEqual(tileColor("gray"));
    expect(tileColor("blue").bar).toBe("bg-blue-500");
    expect(tileTestId("Engineering")).toBe("tile-engineering");
  });
});

describe("figures", () => {
  it("counts the week", () => {
    expect(countWithinWeek([ago(3_600_000), ago(6 * 86_400_000), ago(8 * 86_400_000)], now)).toBe(2);
  });
});
