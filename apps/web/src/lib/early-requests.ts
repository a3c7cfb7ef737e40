/**
 * Answers public/boot.js asked for before the app's code arrived (the session check), by path.
 * The first GET of such a path takes the answer instead of sending the request again; later ones
 * ask the server as usual.
 */
declare global {
  interface Window {
    quireEarly?: Record<string, Promise<Response> | undefined>;
  }
}

export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = window.quireEarly;
  const response = early?.[url];
  if (early && response) early[url] = undefined;
  return response;
}
