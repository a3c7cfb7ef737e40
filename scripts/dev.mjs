// `npm run dev`: the API with reload on change (tsx watch) and the web app with Vite's hot reload.
// Open http://localhost:5173 (Vite proxies /api to the server on :5000).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
const stopAll = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children)
  child.on("exit", (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
