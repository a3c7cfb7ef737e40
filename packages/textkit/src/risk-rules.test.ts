import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkContent } from "./content-checks";
import { findObligations, findPenalty } from "./obligations";
import { findPersonalData } from "./personal-data";
import { assessRisk } from "./risk-rules";

// Excerpts of real text nobody here wrote: /usr/share/common-licenses, Debian changelogs and
// manual pages, Node.js's SECURITY.md. Quoted as shipped (manual pages as `man` renders them).
const CC0_WAIVER =
  "The Waiver shall not be subject to revocation, rescission, cancellation, termination, or any other legal or equitable action to disrupt the quiet enjoyment of the Work by the public as contemplated by Affirmer's express Statement of Purpose.";
const GPL3_17 =
  "If the disclaimer of warranty and limitation of liability provided above cannot be given local legal effect according to their terms, reviewing courts shall apply local law that most closely approximates an absolute waiver of all civil liability in connection with the Program, unless a warranty or assumption of liability accompanies a copy of the Program in return for a fee.";
const BSD_DISCLAIMER =
  "IN NO EVENT SHALL THE REGENTS OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.";
const APACHE_3 =
  "If You institute patent litigation against any entity (including a cross-claim or counterclaim in a lawsuit) alleging that the Work or a Contribution incorporated within the Work constitutes direct or contributory patent infringement, then any patent licenses granted to You under this License for that Work shall terminate as of the date such litigation is filed.";
const MPL2_51 =
  "The rights granted under this License will terminate automatically if You fail to comply with any of its terms.";

describe("obligations with penalties", () => {
  it("do not read a disclaimer limiting liability as an obligation naming liability", () => {
    expect(findPenalty(GPL3_17)).toBeNull();
    expect(findPenalty(BSD_DISCLAIMER)).toBeNull();
  });

  it("do not read a waiver that cannot be terminated as termination", () => {
    expect(findPenalty(CC0_WAIVER)).toBeNull();
    expect(findObligations(CC0_WAIVER).every((o) => o.penalty === null)).toBe(true);
  });

  it("still read a licence that terminates on a condition", () => {
    expect(findPenalty(APACHE_3)).toBe("terminate");
    expect(findObligations(MPL2_51)[0]?.penalty).toBe("terminate");
  });

  it("do not read a string's terminator or a broken word in a manual as a consequence", () => {
    // bash(1) and curl(1).
    expect(findObligations("list must be terminated with a newline or semicolon.")[0]?.penalty).toBeNull();
    expect(
      findPenalty("You must send syntactically correct FTP commands as RFC 959 de‐ fines to FTP servers."),
    ).toBeNull();
    // find(1): a program that terminates is not a penalty; "immediately before" is a place, not a deadline.
    const find =
      "Only one instance of {} is allowed within the command, and it must appear at the end, immediately before the +.";
    expect(findObligations(find)[0]?.deadline).toBeNull();
  });
});

describe("personal data", () => {
  it("does not count project and role addresses (Node.js SECURITY.md)", () => {
    const text =
      "Report security bugs in Node.js via HackerOne. If you do not receive an acknowledgement, you may escalate to the OpenJS Foundation CNA at `security@lists.openjsf.org`. Contact the Node.js Technical Steering Committee (<tsc@iojs.org>) for permission.";
    expect(findPersonalData(text)).toEqual([]);
  });

  it("does not count a maintainer's address in a changelog sign-off, a copyright line or as the bug contact", () => {
    const changelog =
      "tar (1.34+dfsg-1.2+deb12u1) bookworm; urgency=medium\n\n  * Non-maintainer upload.\n\n -- Salvatore Bonaccorso <carnil@debian.org>  Sat, 20 Jan 2024 10:27:07 +0100\n";
    expect(findPersonalData(changelog)).toEqual([]);
    expect(findPersonalData("Copyright (C) 2007 Jane Maintainer <jane@maintainer.org>")).toEqual([]);
    const bash =
      "Comments and bug reports concerning this manual page should be directed\n       to chet.ramey@case.edu.\n";
    expect(findPersonalData(bash)).toEqual([]);
  });

  it("still counts people's addresses in a contact table, and every address when asked", () => {
    const table =
      "| Role | Name | E-mail |\n|---|---|---|\n| Incident lead | Tom Okafor | tom.okafor@northwind-analytics.co.uk |";
    expect(findPersonalData(table).map((m) => m.value)).toEqual(["tom.okafor@northwind-analytics.co.uk"]);
    expect(
      findPersonalData("write to security@lists.openjsf.org", { includePublicContacts: true }),
    ).toHaveLength(1);
  });

  it("does not count credits, key listings, protocol names, remotes or placeholders (GNU NEWS, ChangeLogs, OpenSSH)", () => {
    // gzip's Debian changelog (old ChangeLog format), findutils NEWS (a PGP key listing and a
    // maintainer credit), make NEWS, OpenSSH's NEWS.Debian, Node.js onboarding.md, ssh-keygen(1).
    const texts = [
      "Thu Jul 18 01:30:22 MDT 1996\tBdale Garbee\t<bdale@gag.com>\n\n\t* add zegrep",
      "      1998-11-18  Paul Eggert  <eggert@twinsun.com>\n      gzip.c (main): fix",
      "uid                  James Youngman <jay@gnu.org>",
      "** New maintainer, James Youngman <jay@gnu.org>",
      "Edouard G. Parmelan\n  <egp@free.fr> provided a patch",
      'support a\n     protocol extension "expand-path@openssh.com" to support this',
      "remove the pre-standardization cipher\n     rijndael-cbc@lysator.liu.se. It is an alias",
      "git remote add upstream git@github.com:nodejs/node.git",
      "it is recommended to use names following a NAMESPACE@YOUR.DOMAIN pattern",
      "please direct bugs and questions for DOS to <djgpp@sun.soe.clarkson.edu>.",
    ];
    for (const text of texts) expect(findPersonalData(text), text).toEqual([]);
    // An address the document tells readers to write to is its contact point (Requests',
    // Helmet's and tslib's SECURITY.md); a table column headed "E-mail" is not such an instruction.
    expect(findPersonalData("please email [Nate](mailto:nate.prewitt@gmail.com) directly.")).toEqual([]);
    expect(findPersonalData("Email Evan Hahn at <me@evanhahn.com>, on Signal")).toEqual([]);
    const table =
      "| Role | Name | E-mail | Phone |\n|---|---|---|---|\n| Head of Information Security | Priya Raman | priya.raman@northwind-analytics.co.uk | +44 7700 900481 |";
    expect(findPersonalData(table).map((m) => m.kind)).toEqual(["email", "phone"]);
  });

  it("does not read octal tables, timestamps or path segments as phone numbers (coreutils and findutils NEWS)", () => {
    expect(findPersonalData("      A   W   E\n     041 117 132\n")).toEqual([]);
    expect(findPersonalData('"tail -c 2 FILE" and "touch 0101000000" now operate')).toEqual([]);
    expect(findPersonalData("see https://www.opengroup.org/onlinepubs/009695399/utilities/trap")).toEqual([]);
    expect(findPersonalData("call 0161 496 0734 or +44 7700 900481").map((m) => m.value)).toEqual([
      "0161 496 0734",
      "+44 7700 900481",
    ]);
  });

  it("does not read a character class in grep(1) as a phone number", () => {
    expect(findPersonalData("the regular expression [0123456789] matches any single digit")).toEqual([]);
  });
});

describe("acronyms", () => {
  const acronyms = (text: string) =>
    checkContent(text).find((f) => f.rule === "undefined-acronym")?.matches ?? [];

  it("ignore normative words and notices set in capitals (GPL-3 §15)", () => {
    const gpl =
      "THERE IS NO WARRANTY FOR THE PROGRAM, TO THE EXTENT PERMITTED BY APPLICABLE LAW. You MUST NOT remove it; the notice SHALL be kept. It IS NOT optional AND FOR all copies.";
    expect(acronyms(gpl)).toEqual([]);
  });

  it("ignore a word the document also writes in lower case, and a manual's headings", () => {
    const curl =
      "NAME\n       curl - transfer a URL\n\nSupported protocols include FILE and FTPS; a file is read.";
    expect(acronyms(curl)).toEqual(["FTPS"]);
  });

  it("still flag a real acronym never spelled out (GPL-3 preamble)", () => {
    expect(acronyms("adopted on 20 December 1996 by the WIPO copyright treaty")).toEqual(["WIPO"]);
  });
});

describe("risk level", () => {
  it("is Low for a licence with no owner: a missing owner is an improvement, not a risk", () => {
    const licence = readFileSync("/usr/share/common-licenses/CC0-1.0", "utf8");
    const findings = checkContent(licence, { title: "CC0 1.0 Universal" });
    expect(findings.map((f) => f.rule)).toContain("missing-owner");
    const risk = assessRisk(licence, findings);
    expect(risk.riskLevel).toBe("Low");
    expect(risk.notes.map((n) => n.note).join("\n")).not.toMatch(/owner/i);
  });

  it("does not rate a manual that documents a --password option; does rate a password written down", () => {
    const manual =
      "-u, --user <user:password>\n\nSpecify the user name and password to use for server authentication.";
    expect(assessRisk(manual, []).notes).toEqual([]);
    const leaked = "Connect with the service account.\n\npassword: Tr0ub4dor&3x\n";
    expect(assessRisk(leaked, []).notes[0]).toMatchObject({ rule: "credentials-in-text", severity: "High" });
  });
});
