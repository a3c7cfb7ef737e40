import { it } from "vitest";
import { readFileSync } from "node:fs";
import { appForFile } from "../../test/support/app-for-file";
import { json, multipart } from "../../test/support/harness";
import { debianProse } from "../../test/support/hostile-files";

const t = appForFile();
const cpu = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;

it("probe", async () => {
  const [category] = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const session = Object.getPrototypeOf((t.ctx.db as any).session);
  const original = session.prepareQuery;
  const log: Array<{ at: number; cpu: number; sql: string }> = [];
  session.prepareQuery = function (this: any, query: any, ...rest: any[]) {
    log.push({ at: performance.now(), cpu: cpu(), sql: query.sql.slice(0, 100) });
    return original.call(this, query, ...rest);
  };
  const gaps: Array<{ from: number; to: number; cpu: number }> = [];
  let lastWall = performance.now(), lastCpu = cpu();
  const timer = setInterval(() => {
    const w = performance.now(), c = cpu();
    gaps.push({ from: lastWall, to: w, cpu: c - lastCpu });
    lastWall = w; lastCpu = c;
  }, 10);
  const prose = debianProse(4_700_000).join("\n\n");
  const { body, headers } = multipart({ title: "", categoryId: category!.id }, { name: "p.md", bytes: Buffer.from(prose) });
  await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  await t.runner.runUntilIdle();
  clearInterval(timer);
  session.prepareQuery = original;
  gaps.sort((a, b) => b.cpu - a.cpu);
  for (const g of gaps.slice(0, 4)) {
    console.log(`GAP cpu ${g.cpu.toFixed(0)} wall ${(g.to - g.from).toFixed(0)}`);
    const inside = log.filter((l) => l.at >= g.from && l.at <= g.to);
    for (const [i, l] of inside.entries()) {
      const next = inside[i + 1]?.cpu ?? NaN;
      console.log(`   +${(l.at - g.from).toFixed(0)}ms cpu-to-next ${(next - l.cpu).toFixed(0)} ${l.sql}`);
    }
  }
}, 600_000);
