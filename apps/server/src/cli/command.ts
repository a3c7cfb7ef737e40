import type { AppContext } from "../context";

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export interface Command {
  usage: string;
  summary: string;
  /** Commands that read or change data get the server's context; `help` needs none. */
  needsContext: boolean;
  run(args: string[], io: CommandIo, ctx: AppContext | null): Promise<number>;
}
