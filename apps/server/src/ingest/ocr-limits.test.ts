import { expect, it } from "vitest";
import type { Document } from "@quire/contracts";
import { appForFile } from "../../test/support/app-for-file";
import { inflatingImagePdf } from "../../test/support/inflating-pdf";
import { json, multipart } from "../../test/support/harness";
import { healthBound } from "../../test/support/health-bound";
import { whileServing } from "../../test/support/while-serving";

const t = appForFile();
const MB = 1024 * 1024;

it(
  "OCR of a small PDF whose image inflates to 1 GB is refused with a reason, and the server keeps answering",
  { timeout: 240_000 },
  async () => {
    const bytes = inflatingImagePdf(1024 * MB);
    expect(bytes.byteLength).toBeLessThan(2 * MB);
    const categoryId = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "admin" }),
    )[0]!.id;
    const { body, headers } = multipart({ title: "Inflating scan", categoryId }, { name: "scan.pdf", bytes });
    const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    // Reading text decodes no image: the page has none, so it waits for OCR.
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const { id } = json<{ id: string }>(res);

    const bound = await healthBound(() => t.request("GET", "/api/health"));
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 50);
    try {
      const { slowestHealth } = await whileServing(t, () => t.runner.runUntilIdle());
      expect(slowestHealth).toBeLessThan(await bound.allowed());
    } finally {
      clearInterval(sampler);
    }
    // Decoding the image would take more than 1 GB; starting the recognizer a few hundred MB.
    expect((rssPeak - rssBefore) / MB).toBeLessThan(700);

    const doc = json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "author" }));
    expect(doc.processing.state).toBe("failed");
    expect(doc.processing.error).toMatch(/Page 1 holds an image of more than 100,000,000 pixels/);
  },
);
