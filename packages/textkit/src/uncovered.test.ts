import { describe, expect, it } from "vitest";
import { analyseQuestion } from "./question";
import { stem, tokenize } from "./tokenize";
import { listWords, uncoveredWords, type CoverageInput } from "./uncovered";

const stemsOf = (text: string) => new Set(tokenize(text).map(stem));

/** What a question asks that `text` leaves out, judged as the assistant judges a cited passage. */
const missingIn =
  (text: string, extra: Partial<CoverageInput> = {}) =>
  (question: string) =>
    uncoveredWords({
      question,
      asked: analyseQuestion(question).asked,
      cited: stemsOf(text),
      citedText: text,
      ...extra,
    });
const wordsMissingIn =
  (text: string, extra: Partial<CoverageInput> = {}) =>
  (question: string) =>
    missingIn(text, extra)(question).map((w) => w.word);

describe("uncoveredWords", () => {
  const leave = stemsOf("Leave Policy. Shared parental leave: matched to maternity pay. Ireland. Employees.");

  it("names the scope and the names a near-miss question adds to a covered topic", () => {
    const question = "What is our parental leave policy for contractors in Japan?";
    const words = uncoveredWords({
      question,
      asked: analyseQuestion(question).asked,
      cited: leave,
      unseen: ["japan"],
    });
    expect(words).toEqual([
      { word: "contractors", nowhere: false },
      { word: "Japan", nowhere: true },
    ]);
  });

  it("names a question's 'now' when the text never speaks of the present", () => {
    const menu = stemsOf("The menu package is maintained by the Debian menu team. Entries go in sections.");
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: menu }).map((w) => w.word);
    expect(ask("Who is the current maintainer of the menu package?")).toEqual(["current"]);
    expect(ask("Who maintains the menu package?")).toEqual([]);
  });

  it("counts an agent noun as covered by its verb, not a group of people by theirs", () => {
    const bugs = stemsOf("The bug tracking system records each report. Staff on a fixed-term contract.");
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: bugs }).map((w) => w.word);
    expect(ask("Can I record a bug report with the tracker?")).toEqual([]);
    expect(ask("Can I record a bug report with the mentor?")).toEqual(["mentor"]);
    expect(ask("Do contractors get bug reports?")).toEqual(["contractors"]);
  });

  it("names a group of people the question asks of wherever it stands, not the usual audience", () => {
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: leave }).map((w) => w.word);
    expect(ask("Do contractors get shared parental leave?")).toEqual(["contractors"]);
    expect(ask("Can interns and visitors take parental leave?")).toEqual(["interns", "visitors"]);
    // Employees are whom a leave policy addresses; a policy that says "you" still covers them.
    expect(ask("Do staff get shared parental leave?")).toEqual([]);
  });

  it("reads the scope a possessive or 'with' sets, not a contraction's", () => {
    const duties = stemsOf(
      "Developer's duties. Going on vacation or leave: tell the debian-private list. Bug reports.",
    );
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: duties }).map((w) => w.word);
    expect(ask("Who must approve a developer's parental leave?")).toEqual(["parental"]);
    expect(ask("Can I file a bug report with the commercial desk?")).toEqual(["commercial", "desk"]);
    expect(ask("What's the list to tell when going on vacation?")).toEqual([]);
  });

  it("names a version the cited text never gives", () => {
    const licence = stemsOf(
      "Apache License, Version 2.0. Redistribution: you must give a copy of this License.",
    );
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: licence }).map((w) => w.word);
    expect(ask("Under the Apache License 1.1, what must redistributors include?")).toEqual(["1.1"]);
    expect(ask("Under the Apache License 2.0, what must redistributors include?")).toEqual([]);
  });

  it("leaves a question in other words than the document's alone", () => {
    const question = "Where do I find a scratch file that disappears once I close it?";
    const cited = stemsOf("tempfile: create temporary files, deleted as soon as they are closed");
    expect(uncoveredWords({ question, asked: analyseQuestion(question).asked, cited })).toEqual([]);
  });

  it("counts a synonym or a title's initials as covered", () => {
    const question = "Who maintains the BCP for employees in Ireland?";
    const asked = analyseQuestion(question).asked;
    expect(
      uncoveredWords({ question, asked, cited: leave, named: (word) => word === "bcp" }).map((w) => w.word),
    ).toEqual([]);
  });
});

describe("listWords", () => {
  it("lists one, two or more words as a sentence does", () => {
    expect(listWords(["a"])).toBe("a");
    expect(listWords(["a", "b"])).toBe("a or b");
    expect(listWords(["a", "b", "c"])).toBe("a, b or c");
  });
});

describe("uncoveredWords: what the question asks for", () => {
  it("names what the question asks for when the cited text lacks most of it", () => {
    const membership = stemsOf(
      "Debian membership: the new member process. Applicants are checked by an Application Manager.",
    );
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: membership }).map(
        (w) => w.word,
      );
    expect(ask("What annual membership fee do Debian members pay?")).toEqual(["annual", "fee"]);
    // Half of it covered ("process" is there, "length" is not): answered, as the text may still say it.
    expect(ask("What process length do Debian applicants face?")).toEqual([]);
    expect(ask("Who checks Debian applicants?")).toEqual([]);
  });

  it("names the value asked for when the text holds only its qualifier", () => {
    const constitution = stemsOf(
      "The minimum discussion period is 2 weeks. The Technical Committee has up to 8 members.",
    );
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: constitution }).map(
        (w) => w.word,
      );
    expect(ask("What is the minimum age for a member of the Technical Committee?")).toEqual(["age"]);
    expect(ask("What is the minimum discussion period?")).toEqual([]);
  });

  it("names a sum of money the text never names, however much of the rest it holds", () => {
    const membership = stemsOf(
      "Applicants register on the application page; an advocate confirms the application.",
    );
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: membership }).map(
        (w) => w.word,
      );
    expect(ask("Is there an application fee for registering?")).toEqual(["fee"]);
    // A length may be given in days without the word: answered.
    expect(ask("What is the application length?")).toEqual([]);
  });

  it("counts a hyphenated word as covered when the text holds each part", () => {
    const question = "What start-up steps does the Application Manager take?";
    const cited = stemsOf("The Application Manager takes these steps at the start, then follows up.");
    expect(uncoveredWords({ question, asked: analyseQuestion(question).asked, cited })).toEqual([]);
  });

  it("names the figure a how-many question asks for when the text gives none", () => {
    const duties =
      "Holidays: developers on vacation for some weeks tell the list. Orphaned packages are adopted.";
    const question = "How many weeks of holiday may a developer take?";
    const ask = (text: string) =>
      uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(text),
        citedText: text,
      });
    expect(ask(duties)).toEqual([{ word: "weeks", nowhere: false, figure: "number" }]);
    expect(ask(`${duties} A holiday may last up to six weeks.`)).toEqual([]);
  });

  /** What a question leaves uncovered in `text`, with `rare` its rarest word among the candidates (or no rarity known). */
  const figureAsk = (question: string, rare?: string) => {
    const asked = analyseQuestion(question).asked;
    const idf = rare === undefined ? undefined : new Map(asked.map((a) => [a.stem, a.word === rare ? 3 : 1]));
    return (text: string) =>
      uncoveredWords({ question, asked, cited: stemsOf(text), citedText: text, ...(idf ? { idf } : {}) });
  };

  it("counts a figure only where the text speaks of the question's rarest word", () => {
    const question = "How many weeks of holiday may a developer take?";
    // "holiday" is rarer among the candidates than "developer" or "weeks".
    const ask = figureAsk(question, "holiday");
    const bugs = "Fix a release-critical bug within 2 weeks.\n\nA developer going on holiday tells the list.";
    expect(ask(bugs)).toEqual([{ word: "weeks", nowhere: false, figure: "number" }]);
    expect(ask(`${bugs}\n\nA holiday of up to six weeks needs no notice.`)).toEqual([]);
    // Without the words' rarity, any paragraph's figure counts.
    expect(figureAsk(question)(bugs)).toEqual([]);
  });

  it("reads a figure anywhere when the question does not say what it is of", () => {
    const ask = figureAsk("How much of a file does tail show by default?", "default");
    const text = "Print the last 10 lines of each file.\n\nWith no file, or by default, read standard input.";
    expect(ask(text)).toEqual([]);
  });

  it("asks a how-long question for a length of time where the text speaks of its topic", () => {
    const ask = figureAsk(
      "How long does the shortened emeritus process take for a returning developer?",
      "emeritus",
    );
    const returning =
      "Bugs must be fixed within 2 weeks.\n\nAn emeritus developer returning goes through a shortened process.";
    expect(ask(returning)).toEqual([{ word: "how long", nowhere: false, figure: "duration" }]);
    expect(ask(`${returning} It takes a few weeks for an emeritus developer.`)).toEqual([]);
  });

  it("reads a table's rows one by one", () => {
    const ask = figureAsk("How long is jury service leave?", "jury");
    const table =
      "| Leave type | Entitlement |\n|---|---|\n| Bereavement | 10 days |\n| Jury service | Full pay |";
    expect(ask(table)).toEqual([{ word: "how long", nowhere: false, figure: "duration" }]);
    expect(ask(table.replace("Full pay", "Up to 2 weeks, full pay"))).toEqual([]);
  });

  it("names the figure when the text never names what is counted", () => {
    const ask = figureAsk("How many days does the licence give to cure a patent breach?");
    const text = "Patent licenses granted to You terminate as of the date such litigation is filed.";
    expect(ask(text)).toEqual([{ word: "days", nowhere: false, figure: "number" }]);
    expect(ask(`${text} A breach may be cured within 30 days of notice.`)).toEqual([]);
  });

  it("names a thing asked for by name that the text never names, not a kind of thing it gives", () => {
    const perl = stemsOf("Perl modules are packaged as libfoo-bar-perl. Man pages use the 3pm extension.");
    const ask = (question: string) =>
      uncoveredWords({ question, asked: analyseQuestion(question).asked, cited: perl }).map((w) => w.word);
    expect(ask("Which team should review new Perl module packages?")).toEqual(["team"]);
    expect(ask("What exact syntax should the Perl module package name use?")).toEqual(["syntax"]);
    // A kind of thing is given by an instance ("3pm"), without the noun.
    expect(ask("What extension do Perl module man pages use?")).toEqual([]);
    expect(ask("What language are the modules written in?")).toEqual([]);
    // After "what is", the word may describe rather than name: "special" is no thing the text must name.
    expect(ask("What is special about Perl modules?")).toEqual([]);
  });

  it("counts what is counted, not the participle after it", () => {
    const ask = figureAsk("What's the maximum number of characters allowed in a menu title?");
    const menu = "Menu entries are allowed in sections. The title is shown in the menu.";
    expect(ask(menu)).toEqual([{ word: "characters", nowhere: false, figure: "number" }]);
    expect(ask(`${menu} A title has at most 30 characters.`)).toEqual([]);
  });

  it("names an address and another version of the cited document as wholes", () => {
    const text = "Keys must be on a public key server such as subkeys.pgp.net. Mozilla Public License 2.0.";
    const ask = (question: string) =>
      uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(`${text} keys openpgp org version 1.1 still apply`),
        citedText: text,
        title: "Mozilla Public License 2.0",
        named: (word) => word === "mpl",
      }).map((w) => w.word);
    expect(ask("Can I publish my key on keys.openpgp.org?")).toEqual(["keys.openpgp.org"]);
    expect(ask("Can I publish my key on subkeys.pgp.net?")).toEqual([]);
    expect(ask("Does the patent grant in MPL 1.1 still apply?")).toEqual(["MPL 1.1"]);
    expect(ask("Does the patent grant in MPL 2.0 still apply?")).toEqual([]);
  });

  it("counts a value given beside a number without its noun", () => {
    const ask = (text: string) => {
      const question = "What is the minimum password length?";
      return uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(text),
        citedText: text,
      });
    };
    expect(ask("Passwords must be at least 14 characters long.")).toEqual([]);
    // "as long as" and "at least" with no number give no length.
    expect(ask("Passwords must be kept secret as long as they are in use, at least by staff.")).toEqual([
      { word: "minimum", nowhere: false },
      { word: "length", nowhere: false },
    ]);
  });

  it("reads a figure's topic in its own inflections and sentence, not in a word of the same stem", () => {
    const ask = figureAsk("How many days of parental leave do employees get?", "parental");
    const policy =
      "| Leave type | Entitlement |\n|---|---|\n| Bereavement: partner, child or parent | 10 days |\n\n" +
      "Austin employees receive 20 days of paid time off. Employees get 12 weeks of parental leave.";
    expect(ask(policy)).toEqual([{ word: "days", nowhere: false, figure: "number" }]);
    expect(ask(`${policy} Parental leaves last 90 days.`)).toEqual([]);
  });

  it("counts an acronym the text spells out, and reads no scope in a phrasal verb's object", () => {
    const text =
      "Directive 96/9/EC of the European Parliament on the legal protection of databases. Ean Schuessler suggested it.";
    const ask = (question: string) =>
      uncoveredWords({
        question,
        asked: analyseQuestion(question).asked,
        cited: stemsOf(text),
        citedText: text,
      }).map((w) => w.word);
    expect(ask("Which EP directive is about databases?")).toEqual([]);
    expect(ask("Which EU directive is about databases?")).toEqual(["EU"]);
    expect(ask("Who came up with the idea of protecting databases?")).toEqual([]);
    expect(ask("Who suggested protecting databases with the idea?")).toEqual(["idea"]);
  });

  it("names a yes/no question's word that other candidate passages hold and the cited text does not", () => {
    const text = "You may charge a reasonable copying fee. The Copyright Holder keeps the right.";
    const question = "Does the licence grant us a patent licence from the copyright holder?";
    const ask = (idf: Map<string, number>, q = question) =>
      uncoveredWords({
        question: q,
        asked: analyseQuestion(q).asked,
        cited: stemsOf(text),
        citedText: text,
        idf,
      }).map((w) => w.word);
    // Many passages the question found speak of patents: the cited one does not.
    expect(ask(new Map([["patent", 1.2]]))).toEqual(["patent"]);
    // A word few passages hold is the question's own wording.
    expect(ask(new Map([["patent", 3.5]]))).toEqual([]);
    expect(ask(new Map([["patent", 1.2]]), "Who grants us a patent licence?")).toEqual([]);
  });

  it("names a figure of a qualified noun when the text never uses the qualifier", () => {
    const text =
      "The Project Leader serves for one year. Term limit: members who served more than 42 months leave.";
    const ask = (q: string) =>
      uncoveredWords({ question: q, asked: analyseQuestion(q).asked, cited: stemsOf(text), citedText: text });
    expect(ask("How many consecutive terms can a Leader serve?")).toEqual([
      { word: "consecutive terms", nowhere: false, figure: "number" },
    ]);
    expect(ask("How many months can a member serve?")).toEqual([]);
  });

  it("counts a group of people covered only where the text names them, not a verb of the same stem", () => {
    const text = "We will provide an integrated system. CD manufacturers may read the licenses.";
    const ask = wordsMissingIn(text);
    expect(ask("What does it ask of cloud providers?")).toContain("providers");
    expect(ask("What does it ask of manufacturers?")).toEqual([]);
  });

  it("reads what a pasted question asks for in its asking sentence", () => {
    const text = "Binary modules may be rebuilt over a grace period after a new perl is uploaded.";
    const q =
      "The policy mentions a grace period over which binary modules are rebuilt. How many weeks does it last?";
    const words = uncoveredWords({
      question: q,
      asked: analyseQuestion(q).asked,
      cited: stemsOf(text),
      citedText: text,
    });
    expect(words).toEqual([{ word: "weeks", nowhere: false, figure: "number" }]);
  });

  it("reads no scope in a name's possessive, only in a common noun's", () => {
    const text =
      "Debian will provide official media. Firmware that is not part of the system may be included.";
    const ask = wordsMissingIn(text);
    expect(ask("Are Debian's install images allowed to include firmware?")).toEqual([]);
    expect(ask("Are a vendor's install images allowed to include firmware?")).toContain("install");
  });

  it("names the noun a 'what is the' question asks for when the text never uses it", () => {
    const text =
      "Limitation of liability. A copyright holder may sue for a violation of this License after 30 days.";
    const ask = wordsMissingIn(text);
    expect(ask("What's the statute of limitations for a copyright holder to sue over a violation?")).toEqual([
      "statute",
    ]);
    expect(ask("What is the limitation of liability for a copyright holder?")).toEqual([]);
  });

  it("names the bound asked for when the text gives figures but none as that bound", () => {
    const text = "The file consists of two or more stanzas. The first is the header stanza.";
    const ask = missingIn(text);
    expect(ask("Is there a maximum number of stanzas allowed in a file?")).toEqual([
      { word: "maximum", nowhere: false, bound: "upper" },
    ]);
    expect(ask("What is the minimum number of stanzas in a file?")).toEqual([]);
  });

  it("names a company a process does not address, not the asker's own company", () => {
    const text =
      "Applicants join the project as members. If you institute patent litigation, your licence ends.";
    const ask = wordsMissingIn(text);
    expect(ask("How does a company join the project as a member?")).toEqual(["company"]);
    expect(ask("If our company institutes patent litigation, does our licence end?")).toEqual([]);
    // Others of the asker's are still others.
    expect(ask("Can our contractors join the project as members?")).toEqual(["contractors"]);
  });

  it("counts people as whoever the text names beside a number", () => {
    const text = "The Technical Committee consists of up to 8 Developers. It decides technical disputes.";
    const ask = missingIn(text);
    expect(ask("How many people can sit on the Technical Committee?")).toEqual([]);
    expect(ask("How many disputes can the Technical Committee decide?")).toEqual([
      { word: "disputes", nowhere: false, figure: "number" },
    ]);
  });

  it("names two rare words of a yes/no question the cited text lacks, not one", () => {
    const text = "Our priorities are our users and free software. Debian requires packages to be free.";
    const idf = new Map([
      ["social", 2],
      ["contract", 2],
      ["requir", 1],
      ["debian", 1],
      ["notifi", 4.5],
      ["user", 1.5],
      ["packag", 1],
      ["move", 5],
      ["free", 1],
    ]);
    const ask = wordsMissingIn(text, { idf });
    expect(ask("Does Debian require us to notify users when a package is moved?")).toEqual([
      "notify",
      "moved",
    ]);
    // One may be the text's paraphrase; and a question that does not ask yes or no is read as before.
    expect(ask("Does Debian notify users about free software?")).toEqual([]);
    expect(ask("How does Debian notify users when a package is moved?")).toEqual([]);
  });
});
