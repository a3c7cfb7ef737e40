import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

/** The running build's version, from the root package.json (shown in Settings › System Information). */
export const APP_VERSION: string = pkg.version;
