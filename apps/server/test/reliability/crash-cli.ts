import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

interface CrashRunOptions {
  cycles: number;
  seed: number;
  postgresUrl: string | undefined;
  log: (line: string) => void;
}

/**
 * The command line of a crash run (`npm run reliability -- crash` starts each as a script):
 * `--cycles`, `--seed` and `--postgres <url>`, the report printed, and exit 1 when anything was
 * lost, doubled or left behind. Does nothing when the file is imported (by its CI-sized test).
 */
export function crashRunCli<R>(
  moduleUrl: string,
  run: {
    name: string;
    defaultCycles: number;
    cycles: (options: CrashRunOptions) => Promise<R>;
    format: (report: R) => string;
    /** How many things went wrong: anything above 0 fails the run. */
    problems: (report: R) => number;
  },
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const { values } = parseArgs({
    options: {
      cycles: { type: "string", default: String(run.defaultCycles) },
      seed: { type: "string", default: String(Date.now() % 100_000) },
      postgres: { type: "string" },
    },
  });
  const options = { cycles: Number(values.cycles), seed: Number(values.seed), postgresUrl: values.postgres };
  const where = options.postgresUrl ? "PostgreSQL" : "PGlite";
  console.log(`${run.name} crash cycles: ${options.cycles} on ${where}, seed ${options.seed}`);
  run
    .cycles({ ...options, log: (line) => console.log(`  ${line}`) })
    .then((report) => {
      console.log(run.format(report));
      process.exit(run.problems(report) === 0 ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
