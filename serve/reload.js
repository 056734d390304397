// nonopress serve: reloads the page when the build changes it, and shows a
// build error over the page until the file is fixed. Injected only by
// `nonopress serve`, never into the built site.
(function () {
  "use strict";
  var overlay = null;
  function show(message) {
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "nonopress-error-overlay";
      overlay.setAttribute("role", "alert");
      overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,20,.92);" +
        "color:#fff;font:14px/1.5 ui-monospace,monospace;padding:2em;overflow:auto;white-space:pre-wrap";
      document.body.appendChild(overlay);
    }
    overlay.textContent = "nonopress: the build failed\n\n" + message;
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
  source.addEventListener("builderror", function (e) { show(JSON.parse(e.data).message); });
  source.addEventListener("ok", function () { hide(); });
  source.addEventListener("reload", function (e) {
    var d = JSON.parse(e.data);
    if (d.all || concerns(d.paths || [])) { location.reload(); }
  });
  window.nonopressReload = { source: source };
})();
