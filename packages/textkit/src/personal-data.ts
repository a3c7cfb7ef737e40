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
// RFC 2606 / 6761 names reserved for documentation: never a real person's address.
const RESERVED_DOMAIN = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost)$/i;
// International form (+44 7700 900481, +1 (555) 010-0199) or a national UK/IE number (0161 496 0734).
const PHONE =
  /(?<![\w+.-])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,5}(?:[ .-]?\d{2,5}){1,4}|0\d{2,4}[ -]?\d{3,4}[ -]?\d{3,4})(?![\w-])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;
const CARD = /(?<![\d-])\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\d-])/g;

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

/** Every personal-data match in `text`, in document order. */
export function findPersonalData(text: string): PersonalDataMatch[] {
  const matches: PersonalDataMatch[] = [];
  const push = (kind: PersonalDataKind, value: string, start: number, length: number) =>
    matches.push({ kind, value, start, end: start + length });
  for (const match of text.matchAll(EMAIL)) {
    if (!RESERVED_DOMAIN.test(match[1] ?? "")) push("email", match[0], match.index, match[0].length);
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
    if (cards.has(match.index) || digits < 9 || digits > 15) continue;
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
