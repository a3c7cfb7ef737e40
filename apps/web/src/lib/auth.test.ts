import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { settleFetches } from "./auth";

/** A query whose fetch ends when the returned function is called. */
function pendingQuery(client: QueryClient, key: string) {
  let finish: (value: string) => void = () => {};
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((r) => (finish = r)) });
  return (value: string) => finish(value);
}

describe("settleFetches", () => {
  it("waits until the queries in flight have landed", async () => {
    const client = new QueryClient();
    const finish = pendingQuery(client, "home");
    let settled = false;
    const waiting = settleFetches(client, 5_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 80));
    expect(settled).toBe(false);
    finish("done");
    await waiting;
    expect(client.isFetching()).toBe(0);
  });

  it("gives up after its limit when a fetch never ends", async () => {
    const client = new QueryClient();
    pendingQuery(client, "stuck");
    const started = Date.now();
    await settleFetches(client, 100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(client.isFetching()).toBe(1);
  });
});
