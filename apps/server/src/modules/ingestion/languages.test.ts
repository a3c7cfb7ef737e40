import type { AuditPage, Document, IngestionLanguages, Version } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { fixture } from "../../../test/support/fixtures";
import { json, multipart } from "../../../test/support/harness";

/**
 * OCR and search in the languages an Admin chooses: real German and French scans (apt-get's manual
 * page, see test-fixtures/README.md) read by Tesseract with Debian's language data, their language
 * detected and stored, and a German inflected form finding the German document. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (the harness opens it there).
 */
const t = appForFile();
let category: string;
beforeAll(async () => {
  category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
});

const languages = async (as = "admin") => t.request("GET", "/api/ingestion/languages", { as });
const choose = async (body: unknown, as = "admin") =>
  t.request("PUT", "/api/ingestion/languages", { as, body: body as Record<string, unknown> });

async function uploadScan(name: string): Promise<Document> {
  const { body, headers } = multipart({ categoryId: category }, { name, bytes: fixture(name) });
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<Document>(res);
}

const searchIds = async (q: string) =>
  json<Array<{ document: { id: string } }>>(
    await t.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { as: "author" }),
  ).map((r) => r.document.id);

describe("the OCR languages in Settings › Ingestion", () => {
  it("are English until an Admin chooses, and only an Admin reads or changes them", async () => {
    expect(json<IngestionLanguages>(await languages())).toEqual({ languages: ["eng"] });
    for (const role of ["author", "reviewer", "approver", "viewer"]) {
      expect((await languages(role)).statusCode).toBe(403);
      expect((await choose({ languages: ["deu"] }, role)).statusCode).toBe(403);
    }
    expect(json<IngestionLanguages>(await languages())).toEqual({ languages: ["eng"] });
  });

  it.each([
    [{ languages: [] }, /at least one/],
    [{ languages: ["eng", "por"] }, /eng, deu, fra, spa, ita and nld/],
    [{ languages: ["deu", "deu"] }, /once/],
    [{ languages: "deu" }, /./],
    [{}, /./],
  ])("refuse %j with 400 and say why", async (body, why) => {
    const res = await choose(body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(why);
    expect(json<IngestionLanguages>(await languages())).toEqual({ languages: ["eng"] });
  });
});

describe("changing the languages", () => {
  it("re-indexes the documents it concerns, so a German text is stemmed as German once German is chosen", async () => {
    const text =
      "# Paketabhängigkeiten\n\ndist-upgrade enthält zusätzlich zu der Funktion von upgrade einen intelligenten " +
      "Mechanismus zur Auflösung von geänderten Paketabhängigkeiten in den neuen Paketversionen. apt-get hat ein " +
      "»intelligentes« Konfliktauflösungssystem und es wird versuchen, Upgrades der wichtigsten Pakete, wenn nötig " +
      "zu Lasten der weniger wichtigen, zu machen.\n";
    const { body, headers } = multipart(
      { categoryId: category },
      { name: "dist-upgrade.md", bytes: new TextEncoder().encode(text) },
    );
    const doc = json<Document>(
      await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
    );
    await t.runner.runUntilIdle();
    // Detected as German, but German is not chosen: indexed as English, as before languages were.
    const read = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
    expect(read.language).toBe("deu");
    expect(await searchIds("Paketversionen")).toEqual([doc.id]);
    expect(await searchIds("Paketversion")).toEqual([]);

    // English reads a quoted German phrase in other forms than the text's, and an excluded German
    // word in another form than the text's, as absent.
    expect(await searchIds('"geänderte Paketabhängigkeit"')).toEqual([]);
    expect(await searchIds("Mechanismus -Paketabhängigkeit")).toEqual([doc.id]);

    expect((await choose({ languages: ["eng", "deu"] })).statusCode).toBe(200);
    await t.runner.runUntilIdle();
    expect(await searchIds("Paketversion")).toEqual([doc.id]);
    expect(await searchIds("Paketversionen")).toEqual([doc.id]);
    // Phrases and exclusions are read in the passage's own language: German for this one.
    expect(await searchIds('"geänderte Paketabhängigkeit"')).toEqual([doc.id]);
    expect(await searchIds('Mechanismus "geänderte Paketabhängigkeit"')).toEqual([doc.id]);
    expect(await searchIds("Mechanismus")).toEqual([doc.id]);
    expect(await searchIds("Mechanismus -Paketabhängigkeit")).toEqual([]);
    expect(await searchIds("Mechanismus -Paketabhängigkeit")).toEqual([]);
  });

  it("reads an English passage's phrases and exclusions as English, whatever else is chosen", async () => {
    // "tape" stems to "tap" in German: read in German, "-tape" would drop a text holding only "tap".
    const text =
      "# Backup plan\n\nEach night the backup jobs copy the share to disk. Turn the tap off in the server room " +
      "before the weekly backup of the water-cooled racks.\n";
    const { body, headers } = multipart(
      { categoryId: category },
      { name: "backup-plan.md", bytes: new TextEncoder().encode(text) },
    );
    const doc = json<Document>(
      await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
    );
    await t.runner.runUntilIdle();
    expect(json<IngestionLanguages>(await languages())).toEqual({ languages: ["eng", "deu"] });
    expect(await searchIds("backup -tape")).toContain(doc.id);
    expect(await searchIds("backup -tap")).not.toContain(doc.id);
    expect(await searchIds('"backup jobs"')).toEqual([doc.id]);
    expect(await searchIds('"backup job"')).toEqual([doc.id]);
  });
});

describe("German and French scans", () => {
  it(
    "are read in the chosen languages, their language is stored and shown, and a German inflected form finds the German one",
    { timeout: 300_000 },
    async () => {
      const saved = await choose({ languages: ["eng", "deu", "fra"] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(json<IngestionLanguages>(await languages())).toEqual({ languages: ["eng", "deu", "fra"] });
      const audit = json<AuditPage>(await t.request("GET", "/api/activity", { as: "admin" }));
      expect(audit.items.find((e) => e.action === "Changed OCR languages")).toMatchObject({
        username: "admin",
        data: { languages: ["eng", "deu", "fra"], before: ["eng", "deu"] },
      });

      const german = await uploadScan("scanned-page-de.pdf");
      const french = await uploadScan("scanned-page-fr.pdf");
      expect(german.language).toBeNull();
      await t.runner.runUntilIdle();

      const de = json<Document>(await t.request("GET", `/api/documents/${german.id}`, { as: "author" }));
      expect(de.processing).toEqual({ state: "ready", error: null });
      // Words of the page as printed, umlauts and ß included (German data, not English guessing).
      expect(de.currentVersion.content).toMatch(/Befehlszeilenwerkzeug/);
      expect(de.currentVersion.content).toMatch(/Oberflächenschnittstellen/);
      expect(de.currentVersion.content).toMatch(/Größe der Pakete/);
      expect(de.language).toBe("deu");

      const fr = json<Document>(await t.request("GET", `/api/documents/${french.id}`, { as: "author" }));
      expect(fr.processing).toEqual({ state: "ready", error: null });
      expect(fr.currentVersion.content).toMatch(/bibliothèque/);
      expect(fr.currentVersion.content).toMatch(/récupérés/);
      expect(fr.currentVersion.content).toMatch(/paquets/);
      expect(fr.language).toBe("fra");
      const versions = json<Version[]>(
        await t.request("GET", `/api/documents/${french.id}/versions`, { as: "author" }),
      );
      expect(versions[0]?.language).toBe("fra");

      // "Quelle" (a source) is on the page only as its plural "Quellen": German stemming finds it,
      // English stemming ("quell" against "quellen") would not.
      expect(de.currentVersion.content).toMatch(/\bQuellen\b/);
      expect(de.currentVersion.content).not.toMatch(/\bQuelle\b/);
      expect(await searchIds("Quelle")).toContain(german.id);
      // The dative plural "Werkzeugen" is not on the page either; "Werkzeuge" is.
      expect(de.currentVersion.content).not.toMatch(/Werkzeugen/);
      expect(await searchIds("Werkzeugen")).toEqual([german.id]);
      // French plurals and feminines stem as French: "installée" finds "installés".
      expect(fr.currentVersion.content).not.toMatch(/installée\b/);
      expect(await searchIds("installée")).toContain(french.id);
    },
  );
});
