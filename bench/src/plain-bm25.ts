/**
 * The textbook baseline every benchmark here is compared with, kept in one place so each compares
 * with the same thing: lower-case letter and digit runs, no stemming, no stop list, k1 1.2,
 * b 0.75, whole documents, and the Robertson–Spärck Jones idf as Lucene computes it (never negative).
 */
const K1 = 1.2;
const B = 0.75;

export class PlainBm25 {
  private readonly postings = new Map<string, Array<[document: number, tf: number]>>();
  private readonly lengths: number[] = [];
  private readonly avg: number;

  static words(text: string): string[] {
    return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  }

  constructor(texts: readonly string[]) {
    for (const text of texts) {
      const words = PlainBm25.words(text);
      const index = this.lengths.length;
      this.lengths.push(words.length);
      const tf = new Map<string, number>();
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const [w, n] of tf) {
        const list = this.postings.get(w);
        if (list) list.push([index, n]);
        else this.postings.set(w, [[index, n]]);
      }
    }
    this.avg = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** Indexes of the documents matching any query word, best first (ties: the earlier document), at most `limit`. */
  rank(query: string, limit = 10): number[] {
    const scores = new Map<number, number>();
    const n = this.lengths.length;
    for (const word of new Set(PlainBm25.words(query))) {
      const list = this.postings.get(word) ?? [];
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [doc, tf] of list) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]!) / this.avg);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([doc]) => doc);
  }
}
