export * from "./tokenize";
export * from "./sentences";
export * from "./chunk";
export * from "./diff";
export * from "./highlight";
