/** The text a passage is embedded from: its heading gives it context. */
export function embeddingText(heading: string | null, text: string): string {
  return heading ? `${heading}\n${text}` : text;
}
