// nonopress serve: reloads the page when the build changes it, and shows the
// build's errors (puzzles left out until fixed) and warnings in a panel at
// the foot of the page. Injected only by
// `nonopress serve`, never into the built site.
(function () {
  "use strict";
  var overlay = null;
  // show puts the build's problems in a panel at the foot of the page, which
  // stays usable: errors (puzzles left out, or a build that failed) in red,
  // warnings in amber. Nothing to show removes the panel.
  function show(message, warnings) {
    warnings = warnings || [];
    if (!message && warnings.length === 0) { hide(); return; }
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "nonopress-error-overlay";
      overlay.setAttribute("role", "alert");
      document.body.appendChild(overlay);
    }
    overlay.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:45vh;z-index:2147483647;" +
      "background:" + (message ? "rgba(120,10,10,.95)" : "rgba(90,60,0,.95)") + ";" +
      "color:#fff;font:14px/1.5 ui-monospace,monospace;padding:1em 2em;overflow:auto;white-space:pre-wrap";
    var text = "";
    if (message) { text += "nonopress: " + message + "\n"; }
    if (warnings.length > 0) {
      text += (message ? "\n" : "") + "nonopress: " + warnings.length + (warnings.length === 1 ? " warning" : " warnings") +
        "\n\n" + warnings.join("\n");
    }
    overlay.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Hide";
    close.style.cssText = "position:sticky;top:0;float:right;font:inherit;color:inherit;background:transparent;border:1px solid #fff;cursor:pointer";
    close.addEventListener("click", hide);
    overlay.insertBefore(close, overlay.firstChild);
  }
  function hide() {
    if (overlay) { overlay.remove(); overlay = null; }
  }
  function concerns(paths) {
    var here = decodeURI(location.pathname);
    for (var i = 0; i < paths.length; i++) {
      var p = paths[i];
      if (p === here || p === here + "index.html" || /\.(css|js)$/.test(p)) { return true; }
    }
    return false;
  }
  var source = new EventSource("/_nonopress/events");
  source.addEventListener("builderror", function (e) {
    var d = JSON.parse(e.data);
    show(d.message, d.warnings);
  });
  source.addEventListener("ok", function (e) {
    var d = JSON.parse(e.data || "{}");
    show("", d.warnings);
  });
  source.addEventListener("reload", function (e) {
    var d = JSON.parse(e.data);
    if (d.all || concerns(d.paths || [])) { location.reload(); }
  });
  window.nonopressReload = { source: source };
})();
