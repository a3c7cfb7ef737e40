import type { Catalogue } from "./en";

// Keys are checked at compile time against the English catalogue.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Catalogue;
  }
}
