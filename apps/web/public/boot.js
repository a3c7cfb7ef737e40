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
    var session = fetch("/api/auth/user", { credentials: "include" });
    session.catch(function () {});
    early["/api/auth/user"] = session;
  } catch (e) {
    // No early request: the app asks as usual.
  }
})();
