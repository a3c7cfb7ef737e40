import { describe, expect, it } from "vitest";
import { addressesOf, missingAddresses, otherVersions } from "./question-names";

describe("addresses a question writes out", () => {
  it("reads e-mail addresses, bare local parts and host names, not abbreviations or versions", () => {
    expect(addressesOf("Which queue creates an alias like security@debian.org?")).toEqual([
      "security@debian.org",
    ]);
    expect(addressesOf("When do I switch from submit@ to maintonly@?")).toEqual(["submit@", "maintonly@"]);
    expect(addressesOf("Can I publish my key on keys.openpgp.org, e.g. like subkeys.pgp.net?")).toEqual([
      "keys.openpgp.org",
      "subkeys.pgp.net",
    ]);
    expect(addressesOf("Does MPL 2.0 differ from version 1.1, i.e. the old one?")).toEqual([]);
  });

  it("counts an address as covered only where the text writes it whole", () => {
    const text =
      "Keys must be on a public key server such as subkeys.pgp.net. Write to keyring-maint@debian.org.";
    expect(missingAddresses("Is subkeys.pgp.net fine, or keys.openpgp.org?", text)).toEqual([
      "keys.openpgp.org",
    ]);
    // The domain's words are all in the text; the address is not.
    expect(missingAddresses("Who reads security@debian.org?", text)).toEqual(["security@debian.org"]);
    expect(missingAddresses("Who reads KEYRING-MAINT@debian.org?", text)).toEqual([]);
  });
});

describe("versions other than the cited document's", () => {
  const mpl = (word: string) => word === "mpl";
  it("names a version of the document itself that is not its own", () => {
    expect(otherVersions("Does MPL 1.1 allow sublicensing?", "Mozilla Public License 2.0", mpl)).toEqual([
      "MPL 1.1",
    ]);
    expect(otherVersions("Does MPL 2 allow sublicensing?", "Mozilla Public License 2.0", mpl)).toEqual([]);
    expect(otherVersions("Does the Mozilla License v1.1 apply?", "Mozilla Public License 2.0", mpl)).toEqual([
      "v1.1",
    ]);
    // Another licence's version, named beside it, is not a version of this one.
    expect(
      otherVersions("Can MPL 2.0 code be combined with GPL 3.0?", "Mozilla Public License 2.0", mpl),
    ).toEqual([]);
  });

  it("names every other version when the question compares versions", () => {
    expect(
      otherVersions(
        "What changed in version 1.1 of the copyright format compared with 1.0?",
        "Machine-readable debian/copyright file format 1.0",
        () => false,
      ),
    ).toEqual(["version 1.1"]);
    expect(
      otherVersions(
        "What changed between the GNU Library General Public License version 2 and the LGPL 2.1?",
        "GNU Lesser General Public License 2.1",
        () => false,
      ),
    ).toEqual(["version 2"]);
    expect(
      otherVersions("How does GPLv2 differ here?", "GNU General Public License v3", () => false),
    ).toEqual(["GPLv2"]);
    // Section numbers are not versions, and a title without a version names none.
    expect(otherVersions("What changed in section 2.1?", "Apache License 2.0", () => false)).toEqual([]);
    expect(otherVersions("What changed in version 1.1?", "Leave Policy", () => false)).toEqual([]);
  });
});
