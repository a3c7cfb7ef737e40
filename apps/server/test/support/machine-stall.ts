import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";

/**
 * A bystander process that does nothing but wake every 20 ms and note how late it woke: how long
 * the machine's other work kept an idle process from running. It is its own process, so a stall of
 * the test's or the server's event loop (what a latency test looks for) does not delay it; only the
 * machine being busy does. A bound that allows for the stall measured over the same window moves
 * with the load of that moment, where a bound fixed before the work (an idle baseline) failed when
 * other work started on the machine midway.
 */
const TICK_MS = 20;
/** Late ticks are kept this long (longer than any test's window). */
const KEEP_MS = 30 * 60_000;
const SCRIPT = `
const late = [];
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const by = now - last - ${TICK_MS};
  last = now;
  if (by >= 1) late.push([Date.now(), by]);
  while (late.length > 0 && late[0][0] < Date.now() - ${KEEP_MS}) late.shift();
}, ${TICK_MS});
let input = "";
process.stdin.on("data", (data) => {
  input += data.toString();
  let newline;
  while ((newline = input.indexOf("\\n")) >= 0) {
    const since = Number(input.slice(0, newline));
    input = input.slice(newline + 1);
    let worst = 0;
    for (const [at, by] of late) if (at >= since) worst = Math.max(worst, by);
    process.stdout.write(Math.round(worst) + "\\n");
  }
});
process.stdin.on("end", () => process.exit(0));
`;

let bystander: { child: ChildProcess; answers: Array<(ms: number) => void> } | null = null;

function start() {
  const child = spawn(process.execPath, ["-e", SCRIPT], { stdio: ["pipe", "pipe", "ignore"] });
  const answers: Array<(ms: number) => void> = [];
  let buffered = "";
  child.stdout?.on("data", (data: Buffer) => {
    buffered += data.toString();
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      answers.shift()?.(Number(line));
    }
  });
  // It must neither keep the test's process alive nor outlive it.
  child.unref();
  (child.stdin as unknown as Socket | null)?.unref();
  (child.stdout as unknown as Socket | null)?.unref();
  process.once("exit", () => child.kill());
  return { child, answers };
}

/** Starts the bystander (once per process): call it before the window to be measured opens. */
export function watchMachineStall(): void {
  bystander ??= start();
}

/** The longest the bystander was kept from running since `sinceEpochMs` (Date.now()), in ms. */
export function worstMachineStall(sinceEpochMs: number): Promise<number> {
  const { child, answers } = (bystander ??= start());
  return new Promise((resolve) => {
    answers.push(resolve);
    child.stdin?.write(`${sinceEpochMs}\n`);
  });
}
