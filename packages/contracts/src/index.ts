export * from "./common";
export * from "./auth";
export * from "./categories";
export * from "./documents";
export * from "./approvals";
export * from "./search";
export * from "./ai";
export * from "./settings";
