// nonopress serve: reloads the page when the build changes it, and shows the
// build's errors (puzzles left out until fixed) and warnings in a panel at
// the foot of the page. Injected only by
// `nonopress serve`, never into the built site.
(function () {
  "use strict";
  var overlay = null;
  var last = null; // the data shown, for Hide and Show
  // pos is a problem's place: "file:line:col", as much of it as is known.
  function pos(p) {
    var s = p.file || "";
    if (p.line) { s += ":" + p.line; if (p.col) { s += ":" + p.col; } }
    return s;
  }
  // item is one problem: its place, severity and message, and the hint on
  // its own line. Text only (textContent): nothing from a puzzle file is
  // ever parsed as HTML.
  function item(p) {
    var row = document.createElement("div");
    row.className = "nonopress-problem";
    row.style.cssText = "margin:.25em 0";
    var where = pos(p);
    if (where) {
      var w = document.createElement("span");
      w.style.cssText = "text-decoration:underline";
      w.textContent = where;
      row.appendChild(w);
      row.appendChild(document.createTextNode(": "));
    }
    var sev = document.createElement("strong");
    sev.style.cssText = "color:" + (p.severity === "error" ? "#ffb3b3" : "#ffe08a");
    sev.textContent = p.severity || "error";
    row.appendChild(sev);
    row.appendChild(document.createTextNode(": " + p.message));
    if (p.hint) {
      var hint = document.createElement("div");
      hint.className = "nonopress-hint";
      hint.style.cssText = "padding-left:2em;font-style:italic";
      hint.textContent = "hint: " + p.hint;
      row.appendChild(hint);
    }
    if (p.same) {
      var same = document.createElement("div");
      same.className = "nonopress-same";
      same.style.cssText = "padding-left:2em";
      same.textContent = p.same;
      row.appendChild(same);
    }
    return row;
  }
  function heading(text) {
    var h = document.createElement("div");
    h.style.cssText = "font-weight:bold;margin:.5em 0";
    h.textContent = "nonopress: " + text;
    return h;
  }
  // show puts the build's problems in a panel at the foot of the page, which
  // stays usable: errors (puzzles left out, or a build that failed) in red,
  // warnings in amber, each with its place and hint. Nothing to show
  // removes the panel. d is an event's data: message, problems, warnings.
  // A panel the author hid stays folded to one line in the corner, over
  // edits, reloads and other pages of this tab, until a problem it did not
  // show appears.
  function show(d) {
    last = d;
    var problems = d.problems || [], warnings = d.warnings || [];
    var failed = !!d.message;
    if (!failed && warnings.length === 0) { remove(); return; }
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "nonopress-error-overlay";
      overlay.setAttribute("role", "alert");
      document.body.appendChild(overlay);
    }
    var background = "background:" + (failed ? "rgba(120,10,10,.95)" : "rgba(90,60,0,.95)") + ";color:#fff;font:14px/1.5 ui-monospace,monospace;";
    overlay.textContent = "";
    if (isFolded(d)) {
      overlay.style.cssText = "position:fixed;right:.75em;bottom:.75em;max-width:calc(100vw - 1.5em);box-sizing:border-box;z-index:2147483647;" +
        background + "padding:.35em .5em .35em .85em;border-radius:.4em;box-shadow:0 1px 4px rgba(0,0,0,.4)";
      overlay.appendChild(document.createTextNode("nonopress: " + summary(d) + " "));
      overlay.appendChild(button("Show", unfold, ""));
      return;
    }
    overlay.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:45vh;z-index:2147483647;" +
      background + "padding:1em 1.25em;overflow:auto;white-space:pre-wrap";
    overlay.appendChild(button("Hide", fold, "position:sticky;top:0;float:right;"));
    if (failed) {
      // The message's first paragraph heads the list; without a list (an
      // older server), the whole message is shown.
      overlay.appendChild(heading(problems.length > 0 ? d.message.split("\n\n")[0] : d.message));
      problems.forEach(function (p) { overlay.appendChild(item(p)); });
    }
    if (warnings.length > 0) {
      var listed = problems.some(function (p) { return p.severity === "warning"; });
      overlay.appendChild(heading(plural(d.warning_count || warnings.length, listed ? "other warning" : "warning")));
      warnings.forEach(function (p) { overlay.appendChild(item(typeof p === "string" ? { message: p, severity: "warning" } : p)); });
    }
  }
  function button(label, onclick, css) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.style.cssText = css + "font:inherit;color:inherit;background:transparent;border:1px solid #fff;cursor:pointer";
    b.addEventListener("click", onclick);
    return b;
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  // summary is the folded panel's line: "1 error, 230 warnings", those
  // listed with the errors (their files' warnings) counted with the rest.
  function summary(d) {
    var parts = [], problems = d.problems || [];
    var errors = problems.filter(function (p) { return p.severity !== "warning"; }).length;
    var warnings = problems.length - errors + ((d.warnings || []).length > 0 ? (d.warning_count || d.warnings.length) : 0);
    if (d.message) { parts.push(problems.length > 0 ? plural(errors, "error") : "build failed"); }
    if (warnings > 0) { parts.push(plural(warnings, "warning")); }
    return parts.join(", ");
  }
  // The problems the author hid, as keys (severity, place, message), kept
  // for the tab in sessionStorage (in the page alone when storage is off).
  var foldKey = "nonopress-folded";
  var hidden = null;
  try { hidden = JSON.parse(sessionStorage.getItem(foldKey) || "null"); } catch (e) { hidden = null; }
  function keys(d) {
    var out = (d.problems || []).concat(d.warnings || []).map(function (p) {
      return typeof p === "string" ? p : [p.severity, pos(p), p.message].join(" ");
    });
    if (d.message && (d.problems || []).length === 0) { out.push(d.message); }
    return out;
  }
  function isFolded(d) {
    return !!hidden && keys(d).every(function (k) { return hidden.indexOf(k) >= 0; });
  }
  function remember(h) {
    hidden = h;
    try {
      if (h) { sessionStorage.setItem(foldKey, JSON.stringify(h)); } else { sessionStorage.removeItem(foldKey); }
    } catch (e) { /* storage off: this page only */ }
  }
  function fold() { remember(keys(last)); show(last); }
  function unfold() { remember(null); show(last); }
  function remove() {
    if (overlay) { overlay.remove(); overlay = null; }
  }
  // concerns reports whether changed paths hold this page or a style sheet
  // or script it loaded: not the search index a page loads only once its
  // search box is used, nor the lists and booklets the full build after an
  // edit writes, for which every open page reloaded a second time.
  function concerns(paths) {
    var here = decodeURI(location.pathname);
    var loaded = {};
    document.querySelectorAll("script[src], link[rel~=stylesheet][href]").forEach(function (el) {
      loaded[decodeURI(new URL(el.src || el.href, location.href).pathname)] = true;
    });
    for (var i = 0; i < paths.length; i++) {
      var p = paths[i];
      if (p === here || p === here + "index.html" || loaded[p]) { return true; }
    }
    return false;
  }
  // The place the author was at survives a reload that goes through the
  // missing page (a puzzle left out while in error, then fixed): the
  // browser would bring the page back where the missing page was, at the
  // top. Before a reload, a page the build published keeps its place for
  // its address in this tab; the reload that brings it back restores it.
  // The missing page (the server marks its script) keeps nothing.
  var missing = !!(document.currentScript && document.currentScript.hasAttribute("data-missing"));
  var placeKey = "nonopress-place:" + location.pathname;
  function keepPlace() {
    // A page still loading has not been put back at its place yet.
    if (missing || document.readyState !== "complete") { return; }
    try { sessionStorage.setItem(placeKey, JSON.stringify([scrollX, scrollY])); } catch (e) { /* storage off */ }
  }
  function restorePlace() {
    if (missing) { return; }
    var saved = null;
    try { saved = sessionStorage.getItem(placeKey); } catch (e) { return; }
    if (!saved) { return; }
    var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    function put() {
      try { sessionStorage.removeItem(placeKey); } catch (e) { /* storage off */ }
      // Only a reload: a page opened by a link starts at its top.
      if (nav && nav.type !== "reload") { return; }
      var xy = JSON.parse(saved);
      if (scrollX === 0 && scrollY === 0) { scrollTo(xy[0], xy[1]); }
    }
    if (document.readyState === "complete") { setTimeout(put, 0); } else { addEventListener("load", function () { setTimeout(put, 0); }); }
  }
  restorePlace();
  // The missing page sent at the address of a puzzle left out while its
  // file is in error says so (the server names the file), over "There is
  // no page at this address".
  function explainMissing() {
    var file = missing && document.currentScript.getAttribute("data-left-out");
    if (!file) { return; }
    var note = document.createElement("p");
    note.id = "nonopress-left-out";
    note.style.cssText = "border-left:.3em solid #b42318;padding:.5em .85em;background:rgba(180,35,24,.08)";
    note.textContent = "nonopress serve: this page is left out of the site while " + file +
      " has an error (the panel at the foot of the page says which); it comes back by itself once the file is fixed.";
    var main = document.querySelector("main") || document.body;
    var h1 = main.querySelector("h1");
    main.insertBefore(note, h1 ? h1.nextSibling : main.firstChild);
  }
  explainMissing();
  // The stream starts with the reloads the page missed while it loaded
  // (the server numbers the last one it had seen in data-gen). Each reload
  // comes with its id: a stream that reconnects (a network blip) names the
  // last it had (EventSource sends it), and is told only those after it,
  // not again all those since the page loaded, which its address asks for.
  var gen = document.currentScript && document.currentScript.getAttribute("data-gen");
  var source = new EventSource("/_nonopress/events" + (gen ? "?since=" + encodeURIComponent(gen) : ""));
  // A stream that reconnects to another run of serve (stopped and started
  // again) reloads the page, which may have changed meanwhile.
  var run = null;
  source.addEventListener("run", function (e) {
    var now = JSON.parse(e.data).run;
    if (run !== null && run !== now) { keepPlace(); location.reload(); return; }
    run = now;
  });
  source.addEventListener("builderror", function (e) {
    show(JSON.parse(e.data));
  });
  source.addEventListener("ok", function (e) {
    var d = JSON.parse(e.data || "{}");
    d.message = "";
    show(d);
  });
  source.addEventListener("reload", function (e) {
    var d = JSON.parse(e.data);
    if (d.all || concerns(d.paths || [])) { keepPlace(); location.reload(); }
  });
  window.nonopressReload = { source: source };
})();
