/**
 * zod parses without generating code in the browser. The server's Content-Security-Policy allows
 * no eval (`script-src 'self'`), so zod's probe for it (`new Function`), made as each object schema
 * is built, only made the browser report a policy violation on every page load, which a site
 * collecting CSP reports would read as an attack. Interpreted parsing checks the same rules.
 *
 * zod keeps its settings in one object shared by every copy of it, `globalThis.__zod_globalConfig`,
 * and creates it only when absent. Set here, by the first module main.tsx imports, it holds for the
 * first schema the contracts build; `z.config()` could only do that if zod were in the first load,
 * which it is kept out of (lib/lazy-schema.ts).
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
