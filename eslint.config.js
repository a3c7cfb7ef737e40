import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import i18next from "eslint-plugin-i18next";
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

/** The seed's role names: comparing anything with one of them is a permission rule of its own. */
const ROLE_NAME = "/^(Admin|Author|Reviewer|Approver|Viewer)$/";
const roleLiteralComparisons = (message) => [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/][right.type='Literal'][right.value=${ROLE_NAME}]`,
    message,
  },
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/][left.type='Literal'][left.value=${ROLE_NAME}]`,
    message,
  },
  { selector: `SwitchCase[test.type='Literal'][test.value=${ROLE_NAME}]`, message },
];

/**
 * The server's rules live in one registry (apps/server/src/policies): outside it no code compares
 * a role with a role name, and no route handler checks a permission itself; routes name their
 * action in route config (`allow`, `document`) and the guard's preHandler asks the registry.
 */
const serverRoleRule = roleLiteralComparisons(
  "A permission check outside the registry: ask apps/server/src/policies (canGlobal, mayHoldDuty, isAdministrator…) instead of comparing a role name.",
);
const routeHandlerRule = [
  {
    selector:
      "CallExpression[callee.name=/^(authorize\\w*|can|canGlobal|canOnDocument|canChangeDocument|canCreateIn)$/]",
    message:
      "A route handler checks no permission itself: name the action in route config (`allow` or `document`) so the policy guard checks it.",
  },
];

/**
 * The web shows what the server's abilities say; it never decides who may act from a role name.
 * Showing a role (the role picker, a user's badge) needs no comparison with one.
 */
const webRoleRule = [
  ...roleLiteralComparisons(
    "A role comparison in the web: show controls from the server's abilities (session user's `abilities`, an item's `abilities`), not from role names.",
  ),
  ...["left", "left.expression"].map((side) => ({
    selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.type='MemberExpression'][${side}.property.name='role'][${side}.object.name=/^(user|data|me|actor)$/]`,
    message:
      "A role comparison in the web: what the signed-in user may do is the server's `abilities`, not their role name.",
  })),
];

/** Dates are formatted in lib/format.ts only: the locale's defaults differ per call site. */
const webDateRule = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message: "Format dates with lib/format.ts, not the locale's defaults.",
  },
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: "Format dates with lib/format.ts, not Intl.DateTimeFormat.",
  },
  {
    selector:
      "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString']",
    message: "Format dates with lib/format.ts, not a cut ISO string.",
  },
];

/**
 * No answer from the API is used without its contracts schema: only the API client
 * (lib/api-client.ts) fetches and decodes; the upload's XMLHttpRequest (for its progress) and the
 * live events' text are parsed with contracts schemas in their own files; query keys come from
 * lib/query-keys.ts; no answer is cast to a type instead of parsed.
 */
const webDataRules = {
  fetch: [
    { selector: "CallExpression[callee.name='fetch']", message: "Only lib/api-client.ts calls fetch." },
    {
      selector: "CallExpression[callee.property.name='json'][arguments.length=0]",
      message: "Only lib/api-client.ts decodes an answer: use its schema-parsing fetchers.",
    },
    {
      selector:
        "CallExpression[callee.object.name=/^(res|response)$/][callee.property.name=/^(text|arrayBuffer|blob)$/]",
      message: "Only lib/api-client.ts reads an answer's body.",
    },
  ],
  xhr: [
    {
      selector: "NewExpression[callee.name='XMLHttpRequest']",
      message: "Only the upload uses XMLHttpRequest.",
    },
    {
      selector: "MemberExpression[property.name='responseText']",
      message: "Only the upload reads raw answer text.",
    },
  ],
  jsonParse: [
    {
      selector: "CallExpression[callee.object.name='JSON'][callee.property.name='parse']",
      message: "Decode answers with a contracts schema in lib/api-client.ts, not JSON.parse.",
    },
  ],
  queryKeys: [
    {
      selector: "Property[key.name='queryKey'][value.type='ArrayExpression']",
      message: "Query keys come from a factory in lib/query-keys.ts.",
    },
  ],
  casts: [
    {
      selector: "TSAsExpression[expression.type='AwaitExpression'][typeAnnotation.type='TSTypeReference']",
      message: "Parse an answer with its contracts schema instead of casting it.",
    },
    {
      selector: "CallExpression[callee.name=/^(getJson|queryOptions)$/][typeArguments]",
      message: "Parse an answer with its contracts schema instead of naming its type.",
    },
  ],
};
const webAll = (except = []) => [
  ...webRoleRule,
  ...webDateRule,
  ...Object.entries(webDataRules).flatMap(([name, list]) => (except.includes(name) ? [] : list)),
];
/** The files allowed one part of the data rules, and which. */
const webDataExceptions = [
  { file: "apps/web/src/lib/api-client.ts", except: ["fetch", "jsonParse"] },
  { file: "apps/web/src/features/upload/api/upload-document.ts", except: ["xhr", "jsonParse"] },
  { file: "apps/web/src/lib/live-events.ts", except: ["jsonParse"] },
  { file: "apps/web/src/lib/query-keys.ts", except: ["queryKeys"] },
];

/**
 * The web app's visible text comes from the message catalogues (src/locales): JSX text and the
 * attributes people read or hear (labels, placeholders, titles) may hold no literal words, in every
 * component but the public landing page (the marketing site shown before sign-in, English only for
 * now). The catalogue test (src/locales/catalogues.test.ts) keeps German and French complete.
 */
const translatedWebFiles = ["apps/web/src/**/*.tsx"];
const untranslatedWebFiles = ["apps/web/src/features/landing/**"];
const literalStringRule = {
  // Strings anywhere inside JSX (text, expressions), and these attributes; not class names, ids or test ids.
  mode: "jsx-only",
  "jsx-attributes": {
    include: [
      "aria-label",
      "aria-description",
      "aria-placeholder",
      "aria-roledescription",
      "alt",
      "placeholder",
      "title",
      "label",
      "description",
      "fallback",
      "closeLabel",
    ],
  },
  // Punctuation, numbers and symbols alone ("—", "·", "99+") are no words to translate.
  words: { exclude: [/^[^\p{L}]*$/u] },
  // The defaults, and code that names a form field, a status or a language rather than showing words.
  callees: {
    exclude: [
      "i18n(ext)?",
      "t",
      "require",
      "addEventListener",
      "removeEventListener",
      "includes",
      "register",
      "setValue",
      "watch",
      "getValues",
    ],
  },
};

/** Imports only test files may make: the test runner and the test support folder. */
const testOnlyImports = [
  {
    group: ["vitest", "@vitest/*", "**/test/support/**"],
    message:
      "Only *.test.ts files import vitest or test support; move test-only code to apps/server/test/support.",
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
  // What only tests need lives in apps/server/test/support, so the shipped server carries no test
  // doubles or hooks. (Repeated in the infrastructure block below: a later block's rule replaces it.)
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: testOnlyImports }] },
  },
  {
    files: ["apps/server/src/{db,jobs,storage,ingest,lib}/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...testOnlyImports,
            {
              group: ["**/modules/**"],
              message: "Infrastructure (db, jobs, storage, ingest, lib) must not import a domain module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/policies/**", "**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", ...serverRoleRule] },
  },
  {
    files: ["apps/server/src/**/routes.ts", "apps/server/src/**/*-routes.ts"],
    rules: { "no-restricted-syntax": ["error", ...serverRoleRule, ...routeHandlerRule] },
  },
  // The web's own rules. The shared test fixtures (src/test) build the server's answers, roles and all.
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/test/**", "**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...webAll()] },
  },
  {
    files: ["apps/web/src/test/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...webDateRule] },
  },
  ...webDataExceptions.map(({ file, except }) => ({
    files: [file],
    rules: { "no-restricted-syntax": ["error", ...webAll(except)] },
  })),
  {
    files: translatedWebFiles,
    ignores: ["**/*.test.{ts,tsx}", ...untranslatedWebFiles],
    plugins: { i18next },
    rules: { "i18next/no-literal-string": ["error", literalStringRule] },
  },
  {
    files: ["apps/web/src/lib/format.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...webRoleRule, ...Object.values(webDataRules).flat()],
    },
  },
);
