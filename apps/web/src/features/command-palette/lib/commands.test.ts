import { describe, expect, it } from "vitest";
import { abilitiesFor, settings } from "@/test/fixtures";
import { applyLanguage } from "@/lib/i18n";
import { askHref, matchCommands, pageCommands, searchHref } from "./commands";

const features = settings().features;
const labels = (list: readonly { label: string }[]) => list.map((c) => c.label);

describe("pageCommands", () => {
  it("offers an Admin every page and every section of Settings", () => {
    const commands = pageCommands(abilitiesFor("Admin"), features);
    expect(labels(commands)).toEqual([
      "Home",
      "Dashboard",
      "All Documents",
      "Approvals",
      "Search",
      "Upload Documents",
      "Settings",
      "Settings: Account",
      "Settings: Users & Groups",
      "Settings: Category Access",
      "Settings: Document Control",
      "Settings: Ingestion",
      "Settings: Audit",
      "Settings: Public Contact",
    ]);
    expect(new Set(commands.map((c) => c.value)).size).toBe(commands.length);
  });

  it("offers a Viewer only what it may open, and no Approvals while workflows are off", () => {
    const commands = pageCommands(abilitiesFor("Viewer"), { ...features, approvalWorkflows: false });
    expect(labels(commands)).toEqual([
      "Home",
      "Dashboard",
      "All Documents",
      "Search",
      "Settings",
      "Settings: Account",
    ]);
  });
});

describe("matchCommands", () => {
  const commands = pageCommands(abilitiesFor("Admin"), features);

  it("keeps the commands holding every word typed, in any case and order, in their own order", () => {
    expect(labels(matchCommands(commands, "DOC"))).toEqual([
      "All Documents",
      "Upload Documents",
      "Settings: Document Control",
    ]);
    expect(labels(matchCommands(commands, "audit settings"))).toEqual(["Settings: Audit"]);
    // Keywords count: the audit section's description names what it holds.
    expect(labels(matchCommands(commands, "exported"))).toEqual(["Settings: Audit"]);
    expect(matchCommands(commands, "   ")).toHaveLength(commands.length);
    expect(matchCommands(commands, "zzz")).toEqual([]);
  });
});

describe("in German", () => {
  it("names the pages as the interface does, and finds them by German or English words", async () => {
    await applyLanguage("de");
    const commands = pageCommands(abilitiesFor("Admin"), features);
    expect(labels(commands)).toContain("Dokumente hochladen");
    expect(labels(commands)).toContain("Einstellungen: Protokoll");
    expect(labels(matchCommands(commands, "protokoll"))).toEqual(["Einstellungen: Protokoll"]);
    expect(labels(matchCommands(commands, "settings protokoll"))).toEqual(["Einstellungen: Protokoll"]);
  });
});

describe("where a typed text goes", () => {
  it("searches on the Search page and asks on the Dashboard, with the text encoded", () => {
    expect(searchHref("  travel & expenses ")).toBe("/search?q=travel+%26+expenses");
    expect(askHref("Who approves invoices?")).toBe("/dashboard?ask=Who+approves+invoices%3F");
  });
});
