// Runs as a blocking, same-origin script in <head> (the server's CSP forbids inline scripts), before
// the app's modules have arrived.
(function () {
  // The stored theme goes on <html> before the first paint. src/lib/theme.ts owns the same key.
  var theme = "dark";
  try {
    if (localStorage.getItem("theme") === "light") theme = "light";
  } catch (e) {
    // Storage refused (privacy modes): keep the default.
  }
  document.documentElement.classList.remove(theme === "dark" ? "light" : "dark");
  document.documentElement.classList.add(theme);
})();

(function () {
  // Who is signed in is asked at once, while the app's code is still on its way: every page waits
  // for that answer. The app's first session query takes this response (src/lib/early-requests.ts)
  // instead of asking again; a failed one it simply asks again.
  try {
    if (typeof fetch !== "function") return;
    var early = (window.quireEarly = window.quireEarly || {});
    // The body is read here, not left to whoever takes the answer: a page that never asks (the
    // landing page) would otherwise hold the request open, and the browser never counts it done.
    var session = fetch("/api/auth/user", { credentials: "include" }).then(function (response) {
      return response.blob().then(function (body) {
        return new Response(body, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      });
    });
    session.catch(function () {});
    early["/api/auth/user"] = session;
  } catch (e) {
    // No early request: the app asks as usual.
  }
})();
