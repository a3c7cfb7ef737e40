import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

/**
 * A group or category whose name only looks like another's (invisible characters, another
 * script's letters, a bidirectional override) would let someone pass one for the other in a
 * sharing picker or an access list: it is refused, naming the one it collides with.
 */
const t = appForFile();

const lookAlikes = [
  ["zero-width space", "Va\u200Bult"],
  ["soft hyphen", "Vau\u00ADlt"],
  ["Cyrillic a", "V\u0430ult"],
  ["right-to-left override", "\u202EVault"],
  ["digit one for l", "VAU1T"],
] as const;

describe("look-alike names", () => {
  for (const [kind, path] of [
    ["group", "/api/groups"],
    ["category", "/api/categories"],
  ] as const) {
    it(`refuses a ${kind} whose name looks like an existing one, naming it`, async () => {
      const first = await t.request("POST", path, { as: "admin", body: { name: "Vault" } });
      expect(first.statusCode, first.body).toBe(201);
      for (const [what, name] of lookAlikes) {
        const res = await t.request("POST", path, { as: "admin", body: { name } });
        expect({ what, status: res.statusCode }).toEqual({ what, status: 409 });
        expect({ what, message: json<{ message: string }>(res).message }).toEqual({
          what,
          message: expect.stringMatching(new RegExp(`the ${kind} 'Vault'|A ${kind} named 'Vault'`)),
        });
      }
      // Renaming another into a look-alike is refused too; a name that differs in earnest is taken.
      const other = await t.request("POST", path, { as: "admin", body: { name: "Vaults" } });
      expect(other.statusCode, other.body).toBe(201);
      const { id } = json<{ id: string }>(other);
      const rename = await t.request("PATCH", `${path}/${id}`, { as: "admin", body: { name: "V\u0430ult" } });
      expect(rename.statusCode).toBe(409);
      expect(json<{ message: string }>(rename).message).toContain(`the ${kind} 'Vault'`);
      const list = json<Array<{ name: string }>>(await t.request("GET", path, { as: "admin" })).map(
        (x) => x.name,
      );
      expect(list.filter((n) => n.startsWith("V") && n.endsWith("t") && n.length <= 6)).toEqual(["Vault"]);
    });
  }
});
