import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

/**
 * The web's feature boundaries (bulletproof-react): a feature imports only itself and shared
 * code (components/, lib/, hooks/, config/); shared code imports no feature and not the app.
 * Dependencies flow shared → features → app. Code two features need moves to shared code.
 */
const webFeatures = readdirSync(new URL("./apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: "./apps/web/src/features",
    except: [`./${feature}`],
    message: `Features do not import each other: move what "${feature}" shares with another feature to components/, lib/ or hooks/.`,
  })),
  {
    target: [
      "./apps/web/src/components",
      "./apps/web/src/lib",
      "./apps/web/src/hooks",
      "./apps/web/src/config",
    ],
    from: ["./apps/web/src/features", "./apps/web/src/app"],
    message: "Shared code (components, lib, hooks, config) imports no feature and not the app.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "**/drizzle/**",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/web/tsconfig.json" })],
    },
    rules: { "import-x/no-restricted-paths": ["error", { zones: webBoundaryZones }] },
  },
  // The server's layers: no import loops, and infrastructure never reaches into a domain module.
  {
    files: ["apps/server/{src,test}/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "apps/server/tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["apps/server/src/{db,jobs,storage,ingest,lib}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/modules/**"],
              message: "Infrastructure (db, jobs, storage, ingest, lib) must not import a domain module.",
            },
          ],
        },
      ],
    },
  },
);
