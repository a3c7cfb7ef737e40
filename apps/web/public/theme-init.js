// Runs as a blocking, same-origin script in <head> so the stored theme is on <html> before the
// first paint (the server's CSP forbids inline scripts). src/lib/theme.ts owns the same key.
(function () {
  var theme = "dark";
  try {
    if (localStorage.getItem("theme") === "light") theme = "light";
  } catch (e) {
    // Storage refused (privacy modes): keep the default.
  }
  document.documentElement.classList.remove(theme === "dark" ? "light" : "dark");
  document.documentElement.classList.add(theme);
})();
