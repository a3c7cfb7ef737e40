/**
 * Personal data detectors: e-mail addresses, phone numbers, IBANs and payment card numbers.
 * Each pattern is followed by a check that rules out look-alikes (reserved example domains, an
 * IBAN's mod-97 checksum, a card's Luhn digit), so a finding is worth a person's attention.
 */

export type PersonalDataKind = "email" | "phone" | "iban" | "card";

export interface PersonalDataMatch {
  kind: PersonalDataKind;
  /** As written for e-mails and phones; IBANs and card numbers masked to their last four characters. */
  value: string;
  start: number;
  end: number;
}

// Linear on any input: a match may start only where a run of local-part characters starts (the
// lookbehind), and every part is bounded as RFC 5321 bounds it (64-character local part, labels
// of 63, a name of at most 10 labels). An unbounded `[…]+@` retried at every position of a long
// run without "@" was quadratic: 80,000 characters took 8 s.
const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24})(?![A-Za-z0-9-])/g;
// RFC 2606 / 6761 names reserved for documentation: never a real person's address. Any name
// under "example." counts, so a typo in a manual's example ("user@example.come", curl(1)) does too.
const RESERVED_DOMAIN = /(?:^|\.)(?:example(?:\.[a-z]{2,24}){0,2}|test|invalid|localhost)$/i;
// International form (+44 7700 900481, +1 (555) 010-0199) or a national UK/IE number (0161 496 0734).
// A national number is written grouped ("0161 496 0734"): ten contiguous digits in technical text
// are a timestamp or an identifier ("touch 0101000000"), and a number after "/" or "=" is a path
// or a value ("onlinepubs/009695399").
const PHONE =
  /(?<![\w+./:=-])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,5}(?:[ .-]?\d{2,5}){1,4}|0\d{2,4}[ -]\d{3,4}[ -]?\d{3,4})(?![\w/-])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
const CARD = /(?<![\d-])\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\d-])/g;

// Addresses of a role or a project, not of a person: a mailbox that whoever holds the role reads
// (security@, bugs@, info@, conduct@), a mailing list, a bug tracker. Publishing these is their
// purpose and they identify no one, so they are not personal data (GDPR art. 4(1) concerns an
// identifiable natural person).
const ROLE_LOCAL_PART =
  /^(?:info|contact|support|help|helpdesk|servicedesk|security|secure|abuse|majordomo|listserv|mailman|postmaster|hostmaster|webmaster|admin|root|no-?reply|donotreply|bugs?|maintainers?|team|office|hello|sales|billing|press|media|legal|privacy|dpo|conduct|coc|tsc|board|steering|community|licensing|submit|control|owner|request|packages|announce|news|feedback|enquiries|inquiries|jobs|careers|hr|accounts|finance|ftpmaster|debian-[a-z0-9.-]+|bug-[a-z0-9.-]+|[a-z0-9.-]+-(?:bugs?|devel|dev|users?|announce|discuss|request|help|maintainers?|team|owner|list|commits|security|submit))$/i;
const ROLE_DOMAIN = /^(?:lists?|bugs|packages|ftp-master|mailman|users\.noreply)\./i;
// A line that attributes authorship: a copyright notice, a changelog sign-off (" -- Name <e-mail>
// date"), an author or maintainer field. The address is a person's, but published by them with
// their work, and licences oblige recipients to keep such notices intact (GPL-3 §4, Apache-2.0
// §4(c)), so advising its removal or a retention period would be wrong: it is not counted.
// GNU ChangeLog entries open with a date and the author ("1998-11-18  Paul Eggert  <…>", "Thu Jul
// 18 01:30:22 MDT 1996  Bdale Garbee <…>"); a PGP key listing names its owner on "uid" lines.
const ATTRIBUTION_LINE =
  /^[ \t>*-]*(?:\d{4}-\d{2}-\d{2}\b|(?:mon|tue|wed|thu|fri|sat|sun)\w* \w{3} +\d{1,2}\b|uid\b|copyright\b|\(c\)|©|--[ \t]|(?:original )?authors?\b|maintainers?\b|uploaders?\b|written by\b|contributed by\b|signed-off-by\b|reported-by\b|reviewed-by\b|acked-by\b|co-authored-by\b|thanks to\b)/i;

// A section of credits (a manual's AUTHORS, a README's Maintainers): its addresses attribute too.
const HEADING_LINE = /^(?:#{1,6}[ \t]+(.{1,80})|([A-Z][A-Z &-]{2,40}))[ \t]*$/gm;
const CREDITS_HEADING =
  /^(?:authors?|credits|maintainers?|contributors|thanks|acknowledge?ments?|copyright)\b/i;

/** Start offsets of credits sections and of the headings after them, in order. */
function creditsSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let open: number | null = null;
  for (const match of text.matchAll(HEADING_LINE)) {
    const heading = (match[1] ?? match[2] ?? "").trim();
    if (open !== null) spans.push([open, match.index]);
    open = CREDITS_HEADING.test(heading) ? match.index : null;
  }
  if (open !== null) spans.push([open, text.length]);
  return spans;
}

// Words just before an address that give it a role: "Report bugs to the Git mailing list <…>",
// "bug reports … should be directed to …", "contact the security team at …", and the document's
// instruction to write to it ("send email to …", "**Email:** …", "Email Evan Hahn at …"); a
// table column headed "E-mail" is not an instruction (no "|" may come between). An address a project
// publishes as its contact point is used in that role, whoever reads it.
const ROLE_CONTEXT =
  /(?:mailing list|list at|bug reports?|report (?:bugs|issues|problems|vulnerabilities)|security (?:team|issues|reports?)|send (?:bug reports|patches|reports)|contact (?:the )?(?:maintainers?|team|project|developers)|questions|direct (?:all )?(?:bugs|questions))\b[^\n]{0,80}$|\be-?mail\b[^\n|]{0,40}$/i;

// "patch from Bastian Germann <bage@debian.org>", "reported by Jane Doe <…>": a credit, written
// as "Name <address>" after the word that gives it (a changelog's usual form).
const CREDIT_BEFORE = /\b(?:[Ff]rom|[Bb]y|[Tt]hanks to|[Mm]aintainer,?)\s+(?:["']?\p{Lu}[^\n<>]{0,60}<)?$/u;
// A release history (a Debian changelog, GNU NEWS) credits people as "Name <address>".
const RELEASE_HISTORY = /^\S+ \([^()\s]+\) [^;\n]+; urgency=|^\* Noteworthy changes in release /m;
// "Edouard G. Parmelan <egp@free.fr> provided a patch": the credit follows the address.
const CREDIT_AFTER = /^>?\s*(?:provided|contributed|wrote|implemented|reported|suggested|sent)\b/;
// SSH and other protocols name algorithms and extensions "name@domain" (RFC 4251 §6):
// "cipher rijndael-cbc@lysator.liu.se", "protocol extension \"expand-path@openssh.com\"".
const PROTOCOL_NAME_BEFORE =
  /\b(?:ciphers?|macs?|kex|key exchange|algorithms?|extensions?|methods?|signatures?|key types?)\b[^\n]{0,20}$/i;
const PROTOCOL_NAME_AFTER = /^["'`]?\s*(?:methods?|algorithms?|ciphers?|extensions?|key exchange)\b/i;

/** Addresses written anywhere in the text in a role context: those are roles wherever they occur. */
function roleAddresses(text: string): Set<string> {
  const roles = new Set<string>();
  for (const match of text.matchAll(EMAIL)) {
    const before = text.slice(Math.max(0, match.index - 160), match.index).replace(/\s+/g, " ");
    if (ROLE_CONTEXT.test(before)) roles.add(match[0].toLowerCase());
  }
  return roles;
}

/** A role or project mailbox, or an address in a line or section that attributes authorship. */
function isPublicContact(
  text: string,
  address: { local: string; domain: string; start: number; end: number },
  credits: Array<[number, number]>,
): boolean {
  const { local, domain, start, end } = address;
  if (ROLE_LOCAL_PART.test(local) || ROLE_DOMAIN.test(domain) || /^\d+$/.test(local)) return true;
  // "NAMESPACE@YOUR.DOMAIN": capitals stand for a value to fill in.
  if (!/[a-z]/.test(local + domain)) return true;
  // "git@github.com:owner/repo.git": a remote in scp syntax, not a mailbox.
  if (text[end] === ":" && /[\w~/]/.test(text[end + 1] ?? "")) return true;
  const before = text.slice(Math.max(0, start - 80), start).replace(/\s+/g, " ");
  const after = text.slice(end, end + 40).replace(/\s+/g, " ");
  if (PROTOCOL_NAME_BEFORE.test(before) || PROTOCOL_NAME_AFTER.test(after)) return true;
  if (CREDIT_AFTER.test(after)) return true;
  if (text[start - 1] === "<" && RELEASE_HISTORY.test(text.slice(0, 3000))) return true;
  if (credits.some(([from, to]) => start >= from && start < to)) return true;
  if (CREDIT_BEFORE.test(before)) return true;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  return ATTRIBUTION_LINE.test(text.slice(lineStart, Math.min(start, lineStart + 200)));
}

function mask(compact: string): string {
  return `…${compact.slice(-4)}`;
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function isValidIban(candidate: string): boolean {
  const compact = candidate.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Luhn (mod 10) check digit, as every major card scheme uses. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function phoneDigits(value: string): number {
  return value.replace(/\D/g, "").length;
}

export interface PersonalDataOptions {
  /** Also return role and project addresses and attributed authors' addresses. Default false. */
  includePublicContacts?: boolean;
}

/** Every personal-data match in `text`, in document order. */
export function findPersonalData(text: string, options: PersonalDataOptions = {}): PersonalDataMatch[] {
  const matches: PersonalDataMatch[] = [];
  const push = (kind: PersonalDataKind, value: string, start: number, length: number) =>
    matches.push({ kind, value, start, end: start + length });
  const credits = options.includePublicContacts ? [] : creditsSpans(text);
  const roles = options.includePublicContacts ? new Set<string>() : roleAddresses(text);
  for (const match of text.matchAll(EMAIL)) {
    const domain = match[1] ?? "";
    if (RESERVED_DOMAIN.test(domain)) continue;
    const local = match[0].slice(0, match[0].length - domain.length - 1);
    const address = { local, domain, start: match.index, end: match.index + match[0].length };
    if (
      !options.includePublicContacts &&
      (roles.has(match[0].toLowerCase()) || isPublicContact(text, address, credits))
    )
      continue;
    push("email", match[0], match.index, match[0].length);
  }
  const cards = new Set<number>();
  for (const match of text.matchAll(CARD)) {
    const digits = match[0].replace(/\D/g, "");
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) {
      push("card", mask(digits), match.index, match[0].length);
      cards.add(match.index);
    }
  }
  for (const match of text.matchAll(IBAN)) {
    if (isValidIban(match[0])) push("iban", mask(match[0].replace(/\s+/g, "")), match.index, match[0].length);
  }
  for (const match of text.matchAll(PHONE)) {
    const digits = phoneDigits(match[0]);
    const national = !match[0].startsWith("+");
    if (cards.has(match.index) || digits < (national ? 10 : 9) || digits > 15) continue;
    // "[0123456789]" in a manual is a character class, not a number anyone answers.
    if (text[match.index - 1] === "[" || "0123456789".includes(match[0])) continue;
    push("phone", match[0].trim(), match.index, match[0].length);
  }
  return matches.sort((a, b) => a.start - b.start);
}

const KIND_NAMES: Record<PersonalDataKind, [string, string]> = {
  email: ["e-mail address", "e-mail addresses"],
  phone: ["phone number", "phone numbers"],
  iban: ["IBAN", "IBANs"],
  card: ["payment card number", "payment card numbers"],
};

/** "2 e-mail addresses and 1 phone number". */
export function describePersonalData(matches: readonly PersonalDataMatch[]): string {
  const parts: string[] = [];
  for (const kind of Object.keys(KIND_NAMES) as PersonalDataKind[]) {
    const count = new Set(matches.filter((m) => m.kind === kind).map((m) => m.value)).size;
    const [one, many] = KIND_NAMES[kind];
    if (count > 0) parts.push(`${count} ${count === 1 ? one : many}`);
  }
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
