export * from "./tokenize";
export * from "./sentences";
export * from "./chunk";
