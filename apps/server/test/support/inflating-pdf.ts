import { constants, deflateRawSync } from "node:zlib";

/**
 * A one-page PDF whose only image is a Flate stream of zeros that inflates to `inflatedBytes`
 * (deflate packs zeros about 1,000 to 1; 1 GB inflated is about 1 MB on disk). Without `text`
 * conversion finds no text and queues the page for OCR; with it (a line in Helvetica, plain ASCII)
 * the page reads as text. Drawing the page decodes the whole image. Made at test time from one
 * zeroed chunk deflated once and repeated, so making it is cheap.
 */
export function inflatingImagePdf(
  inflatedBytes = 1024 * 1024 * 1024,
  options: { text?: string } = {},
): Uint8Array {
  const width = 16_384;
  const height = Math.ceil(inflatedBytes / (width * 3));
  const stream = zerosDeflated(width * height * 3);
  const words = options.text ? `BT /F1 14 Tf 72 720 Td (${options.text.replace(/[()\\]/g, "")}) Tj ET\n` : "";
  const content = Buffer.from(`q 612 0 0 792 0 0 cm /Im0 Do Q\n${words}`, "latin1");
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, head: string, body?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${head}\n`);
    if (body) {
      push("stream\n");
      push(body);
      push("\nendstream\n");
    }
    push("endobj\n");
  };
  push("%PDF-1.4\n");
  object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  object(2, "<< /Type /Pages /Count 1 /Kids [3 0 R] >>");
  object(
    3,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>",
  );
  object(4, `<< /Length ${content.length} >>`, content);
  object(
    5,
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${stream.length} >>`,
    stream,
  );
  const xrefAt = length;
  push(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) push(`${String(offsets[n]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts, length));
}

/**
 * A zlib stream of `size` zero bytes: one deflated 1 MB block of zeros (not final) repeated, then an empty final block and the Adler-32 of the whole.
 */
function zerosDeflated(size: number): Buffer {
  const MB = 1024 * 1024;
  const full = Math.floor(size / MB);
  const rest = size - full * MB;
  // Z_SYNC_FLUSH ends the data on a byte boundary without a final block, so copies concatenate.
  const block = rawBlock(Buffer.alloc(MB));
  const tail = rawBlock(Buffer.alloc(rest));
  const header = Buffer.from([0x78, 0x9c]);
  const final = Buffer.from([0x03, 0x00]); // an empty final fixed-Huffman block
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adler32OfZeros(size));
  return Buffer.concat([header, ...Array<Buffer>(full).fill(block), tail, final, adler]);
}

function rawBlock(data: Buffer): Buffer {
  if (data.length === 0) return Buffer.alloc(0);
  // A sync flush instead of a finish: non-final blocks only, ending byte-aligned.
  return deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
}

/** Adler-32 of `size` zeros: a stays 1, b grows by 1 per byte. */
function adler32OfZeros(size: number): number {
  const MOD = 65521;
  const b = size % MOD;
  return ((b << 16) | 1) >>> 0;
}
