/**
 * "a, b ,, A" → ["a", "b"]: comma-separated tags as the server stores them (contracts'
 * normaliseTags: lower case, trimmed, empty and repeated ones dropped), so the form shows what
 * will be kept.
 */
export { splitTags as parseTags } from "@quire/contracts";
