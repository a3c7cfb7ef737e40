import type { AppContext } from "../../context";
import { countNonDemoUsers } from "./service";

/**
 * Demo mode shows every demo password on the sign-in page and lets the demo accounts switch to
 * the demo Admin. On a database that already holds real accounts that is a hole, so start-up
 * says so loudly (the README says never to expose demo mode).
 */
export async function demoModeWarnings(ctx: AppContext): Promise<string[]> {
  if (!ctx.config.demo) return [];
  const real = await countNonDemoUsers(ctx);
  if (real === 0) return [];
  return [
    `DEMO MODE IS ON while this database holds ${real} account(s) that are not demo accounts: ` +
      `anyone can sign in as the demo Admin with the password shown on the sign-in page. ` +
      `Restart with DEMO=false before real people use this installation.`,
  ];
}
