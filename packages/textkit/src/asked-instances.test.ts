import { describe, expect, it } from "vitest";
import { askedInstanceOf, givesInstance } from "./asked-instances";
import { analyseQuestion } from "./question";
import { stem, tokenize } from "./tokenize";
import { uncoveredWords } from "./uncovered";

describe("the instance a question asks for", () => {
  it("reads names, people, versions and dates from the question's wording", () => {
    expect(askedInstanceOf("Which countries are excluded from distribution?")).toEqual({
      kind: "country",
      words: ["countries"],
    });
    expect(askedInstanceOf("Which country's law governs disputes?")).toEqual({
      kind: "country",
      words: ["country"],
    });
    // The phrase runs on into its verb: the noun is still what is asked for.
    expect(askedInstanceOf("Which countries forbid cryptography for authentication?")?.words).toEqual([
      "countries",
    ]);
    expect(askedInstanceOf("In which U.S. state was SPI incorporated?")).toEqual({
      kind: "name",
      words: ["u", "s", "state"],
    });
    expect(askedInstanceOf("Which Developer currently chairs the Technical Committee?")).toEqual({
      kind: "person",
      words: ["developer"],
    });
    expect(askedInstanceOf("Who are the current Keyring Maintainers I should contact?")).toEqual({
      kind: "person",
      words: ["keyring", "maintainers"],
    });
    expect(askedInstanceOf("What minimum version of ExtUtils::MakeMaker is needed?")?.kind).toBe("version");
    expect(askedInstanceOf("When was version 2.0 of the licence published?")?.kind).toBe("date");
    expect(askedInstanceOf("In what year did the OSI adopt it?")?.kind).toBe("date");
  });

  it("asks for none where a description answers", () => {
    // A condition, not a date; a court the licence describes.
    expect(askedInstanceOf("When is my licence restored permanently?")).toBeNull();
    expect(askedInstanceOf("Which court handles disputes about the licence?")).toBeNull();
    expect(askedInstanceOf("What is new in this version of the licence?")).toBeNull();
  });
});

describe("whether cited sentences give the instance", () => {
  const gives = (question: string, sentences: string[], citedText = sentences.join(" ")) =>
    givesInstance({ question, asked: askedInstanceOf(question)!, sentences, citedText });

  it("finds a country only by its name", () => {
    const q = "Which countries are excluded from distribution?";
    expect(
      gives(q, ["If use is restricted in certain countries, the holder may exclude those countries."]),
    ).toBe(false);
    expect(gives(q, ["Distribution is not permitted in Germany or the United States."])).toBe(true);
    // An organisation's name is no country.
    expect(gives(q, ["Write to the Free Software Foundation; countries may be excluded."])).toBe(false);
  });

  it("finds a name in a capitalised word that is neither a defined term nor the question's own", () => {
    const q = "In which U.S. state was SPI incorporated?";
    const defined = "The Library and this License. The Library again. The Library under this License.";
    expect(gives(q, ["SPI was created in the U.S. to hold money for the Library."], defined)).toBe(false);
    expect(gives(q, ["SPI was incorporated in New York to hold money."])).toBe(true);
    // A sentence in capitals holds no acronyms.
    expect(gives(q, ["THE HOLDERS PROVIDE IT AS IS, EXCEPT WHEN STATED."])).toBe(false);
  });

  it("finds a person by two capitalised words", () => {
    const q = "Who are the current Keyring Maintainers?";
    expect(gives(q, ["If there is no reason for a new key, the Keyring Maintainers might reject it."])).toBe(
      false,
    );
    expect(gives(q, ["The keyring is kept by Jonathan McDowell and others."])).toBe(true);
  });

  it("finds a version or a date the question does not state itself", () => {
    const version = "What minimum version of ExtUtils::MakeMaker is needed?";
    expect(gives(version, ["Build systems based on ExtUtils::MakeMaker do this automatically."])).toBe(false);
    expect(gives(version, ["ExtUtils::MakeMaker 6.30 or later is needed."])).toBe(true);
    // Examples illustrate a rule; they are not the version a text states.
    const spdx = "Which version of the SPDX License List are the short names aligned with?";
    expect(
      gives(spdx, [
        "For SPDX compatibility, versions with trailing dot-zeroes are equal (e.g., “2.0.0” and “2.0”).",
      ]),
    ).toBe(false);
    expect(gives(spdx, ["The short names follow version 3.2 of the SPDX License List."])).toBe(true);
    expect(gives("Which texinfo.tex version is needed?", ["Use at least version 2019-09-20.22 of it."])).toBe(
      true,
    );
    const date = "When was version 2.0 of the licence published?";
    expect(gives(date, ["No one other than the steward may publish new versions of version 2.0."])).toBe(
      false,
    );
    expect(gives(date, ["Version 2.0 was published in January 2012."])).toBe(true);
  });
});

describe("an instance missing from the cited text", () => {
  const stemsOf = (text: string) => new Set(tokenize(text).map((t) => stem(t)));

  it("is named in place of a figure, with the words that ask for it", () => {
    const text =
      "If you live in a country where use of cryptography even for authentication is forbidden, contact us.";
    const question = "Which countries forbid cryptography even for authentication?";
    const words = uncoveredWords({
      question,
      asked: analyseQuestion(question).asked,
      cited: stemsOf(text),
      citedText: text,
    });
    expect(words).toEqual([{ word: "countries", nowhere: false, instance: "country" }]);
    const named = `${text} In France it is not.`;
    expect(
      uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(named),
        citedText: named,
      }),
    ).toEqual([]);
  });
});

describe("who holds a role the question names alone", () => {
  const stemsOf = (text: string) => new Set(tokenize(text).map((t) => stem(t)));

  it("reads the role's own sentences, not the whole text", () => {
    const text =
      "The Project Secretary is appointed by the Project Leader and the current Project Secretary.\n\n" +
      "This constitution was first drafted by Ian Jackson in 1998.";
    const question = "Who is the current Project Secretary?";
    expect(
      uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(text),
        citedText: text,
        idf: new Map([
          ["project", 1],
          ["secretari", 2],
          ["current", 2],
        ]),
      }),
    ).toEqual([{ word: "Project Secretary", nowhere: false, instance: "person" }]);
  });
});

describe("addresses and plans asked for", () => {
  const gives = (question: string, sentences: string[]) =>
    givesInstance({ question, asked: askedInstanceOf(question)!, sentences, citedText: sentences.join(" ") });

  it("reads an e-mail or web address asked for, and finds it only written out", () => {
    const q = "What email address at the FSF should I write to for an exception?";
    expect(askedInstanceOf(q)?.kind).toBe("email");
    expect(gives(q, ["Write to the Free Software Foundation; we sometimes make exceptions."])).toBe(false);
    expect(gives(q, ["Write to licensing@fsf.org; we sometimes make exceptions."])).toBe(true);
    const url = "What's the URL of the official deed?";
    expect(askedInstanceOf(url)?.kind).toBe("url");
    expect(gives(url, ["The deed is at https://creativecommons.org/publicdomain/zero/1.0/ online."])).toBe(
      true,
    );
    expect(gives(url, ["Creative Commons publishes a deed."])).toBe(false);
  });

  it("reads a 'when is … planned' question as asking for a date", () => {
    expect(askedInstanceOf("When is the FSF planning to publish version 4 of the GPL?")?.kind).toBe("date");
    expect(askedInstanceOf("When is the annual review due?")?.kind).toBe("date");
    expect(askedInstanceOf("When is my licence reinstated?")).toBeNull();
  });
});

describe("a sum asked for in a currency", () => {
  const gives = (question: string, sentences: string[]) =>
    givesInstance({ question, asked: askedInstanceOf(question)!, sentences, citedText: sentences.join(" ") });

  it("is given only as a sum of money", () => {
    const q = "What dollar amount counts as a major expenditure?";
    expect(askedInstanceOf(q)).toEqual({ kind: "money", words: ["dollar"] });
    expect(gives(q, ["The Leader should propose major expenditures on the mailing list."])).toBe(false);
    expect(gives(q, ["Expenditures over $5,000 count as major."])).toBe(true);
    expect(gives("What's our liability cap in euros?", ["Liability is capped at 10,000 EUR."])).toBe(true);
  });

  it("reads the sentence that asks, past the context set out before it", () => {
    const q = "The policy names a grace period over which modules are rebuilt. In what year did it start?";
    expect(askedInstanceOf(q)?.kind).toBe("date");
  });
});

describe("someone asked for with 'who'", () => {
  const gives = (question: string, sentences: string[]) =>
    givesInstance({ question, asked: askedInstanceOf(question)!, sentences, citedText: sentences.join(" ") });

  it("is given by a sentence that names or describes who acts, not by one that says what is done", () => {
    const q = "Who maintains the DEP5 wiki page that tracks the differences?";
    expect(askedInstanceOf(q)).toEqual({ kind: "agent", words: [] });
    expect(gives(q, ["The DEP5 wiki page will be used to track the differences."])).toBe(false);
    expect(gives(q, ["The DEP5 wiki page is kept by the policy team."])).toBe(true);
    expect(gives("Who breaks a tie when the committee votes?", ["The Chair has a casting vote."])).toBe(true);
    expect(gives("Who do I write to about spam?", ["Write to owner@bugs.debian.org for help."])).toBe(true);
    expect(gives("To whom do I send it?", ["Send it to your advocate."])).toBe(true);
  });

  it("is not asked by a 'who' inside the question", () => {
    expect(askedInstanceOf("Are there other rules for translators who want to join?")).toBeNull();
  });
});
