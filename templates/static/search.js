// Site-wide search: the search box of every page, and the search page.
// The index (search-index.js at the site root, see package searchindex) is
// loaded on first use with a <script> element, which works over HTTP and,
// unlike fetch(), from file:// too. Without JavaScript, or when the index
// cannot load, the box is a form that opens the search page, which links to
// the lists.
(function (root) {
  "use strict";

  var GRADES = ["", "easy line logic", "medium probing", "hard search"];

  // prepare turns the index into one lower-case text per puzzle to match
  // against, and the data results are shown from.
  function prepare(ix) {
    var items = new Array(ix.p.length);
    for (var i = 0; i < ix.p.length; i++) {
      var r = ix.p[i];
      var tags = r[9].map(function (t) { return ix.tags[t]; });
      var author = ix.authors[r[3]], license = ix.licenses[r[4]];
      var colours = r[7] > 1 ? r[7] + " colours colors multicolour" : "black and white 1 colour";
      // A triddler (an eleventh field, its triangles) has no width and
      // height; a grid's size is found as 15x15 and 15×15.
      var size = r[10] ? "triddler, " + r[10] + " triangles" : r[5] + "×" + r[6];
      var sizeWords = r[10] ? size : r[5] + "x" + r[6] + " " + size;
      var text = [r[0], author, license, tags.join(" "), sizeWords, colours, GRADES[r[8]]].join(" \u0001 ").toLowerCase();
      var dir = ix.dirs[r[1]];
      items[i] = { title: r[0], lower: r[0].toLowerCase(), text: text, author: author, size: size, colours: r[7], grade: r[8], dir: dir,
        page: dir + r[2] + "/index.html" };
    }
    return items;
  }

  // search returns the items matching every word of the query, those whose
  // title starts with the first word first, then those whose title holds
  // it, then the rest, each group in site order; at most limit of them,
  // and how many matched in all.
  function search(items, query, limit) {
    var words = query.toLowerCase().replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
    if (!words.length) return { total: 0, results: [] };
    var groups = [[], [], []], total = 0;
    for (var i = 0; i < items.length; i++) {
      var it = items[i], ok = true;
      for (var k = 0; k < words.length; k++) {
        if (it.text.indexOf(words[k]) < 0) { ok = false; break; }
      }
      if (!ok) continue;
      total++;
      var g = it.lower.indexOf(words[0]);
      groups[g === 0 ? 0 : g > 0 ? 1 : 2].push(it);
    }
    var all = groups[0].concat(groups[1], groups[2]);
    return { total: total, results: all.slice(0, limit) };
  }

  // describe is what a result says under its title: size, colours and
  // author, and with inFolder the folder its page is in (for results that
  // share a title, which would otherwise read alike).
  function describe(it, inFolder) {
    var parts = [it.size, it.colours > 1 ? it.colours + " colours" : "black and white"];
    if (it.author) parts.push("by " + it.author);
    if (inFolder && it.dir) parts.push("in " + it.dir.replace(/\/$/, ""));
    return parts.join(" · ");
  }

  // sharedTitles returns the titles (lower case) that several of the
  // results have.
  function sharedTitles(results) {
    var seen = {}, shared = {};
    results.forEach(function (it) {
      if (seen[it.lower]) shared[it.lower] = true;
      seen[it.lower] = true;
    });
    return shared;
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { prepare: prepare, search: search, describe: describe, sharedTitles: sharedTitles };
    return;
  }

  var doc = root.document;
  var items = null, waiting = [], loading = false, failed = false;

  function withIndex(siteRoot, fn) {
    if (items) return fn(items);
    if (failed) return fn(null);
    waiting.push(fn);
    if (loading) return;
    loading = true;
    var s = doc.createElement("script");
    s.src = siteRoot + "search-index.js";
    s.async = true;
    s.onload = function () {
      items = root.npSearchIndex ? prepare(root.npSearchIndex) : null;
      failed = !items;
      flush();
    };
    s.onerror = function () { failed = true; flush(); };
    doc.head.appendChild(s);
  }
  function flush() {
    var fns = waiting; waiting = [];
    fns.forEach(function (fn) { fn(items); });
  }

  function resultLink(siteRoot, it, inFolder) {
    var a = doc.createElement("a");
    a.href = siteRoot + it.page;
    a.textContent = it.title;
    var small = doc.createElement("small");
    small.textContent = describe(it, inFolder);
    a.appendChild(small);
    return a;
  }

  // fillList replaces a list's items with links to the results.
  function fillList(list, siteRoot, results) {
    list.textContent = "";
    var shared = sharedTitles(results);
    results.forEach(function (it) {
      var li = doc.createElement("li");
      li.appendChild(resultLink(siteRoot, it, shared[it.lower]));
      list.appendChild(li);
    });
  }

  // The search box in the header: results under it as one types.
  function setupBox(form) {
    var input = form.querySelector("input[type=search]");
    var siteRoot = form.getAttribute("data-root") || "";
    var list = doc.createElement("ul");
    list.className = "np-search-results";
    list.id = "np-search-results";
    list.hidden = true;
    form.appendChild(list);
    input.setAttribute("aria-controls", list.id);
    function show() {
      var q = input.value;
      if (!q.trim()) { list.hidden = true; return; }
      withIndex(siteRoot, function (ix) {
        if (!ix || input.value !== q) return; // no index: Enter opens the search page
        var found = search(ix, q, 8);
        fillList(list, siteRoot, found.results);
        var more = doc.createElement("li");
        if (found.total > found.results.length || found.total === 0) {
          var label = found.total === 0 ? "No puzzle matches “" + q.trim() + "”." : "All " + found.total + " results…";
          if (found.total === 0) {
            var span = doc.createElement("span");
            span.textContent = label;
            more.appendChild(span);
          } else {
            var a = doc.createElement("a");
            a.href = siteRoot + "search/index.html?q=" + encodeURIComponent(q.trim());
            a.textContent = label;
            more.appendChild(a);
          }
          list.appendChild(more);
        }
        list.hidden = false;
      });
    }
    input.addEventListener("focus", function () { withIndex(siteRoot, function () {}); });
    input.addEventListener("input", show);
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { list.hidden = true; }
    });
    doc.addEventListener("click", function (e) {
      if (!form.contains(e.target)) list.hidden = true;
    });
  }

  // The search page: the results of ?q=... in full.
  function setupPage(form) {
    var input = form.querySelector("input[type=search]");
    var status = doc.querySelector(".np-search-status");
    var list = doc.querySelector(".np-search-list");
    var siteRoot = "../";
    var m = /[?&]q=([^&]*)/.exec(root.location.search);
    var q = m ? decodeURIComponent(m[1].replace(/\+/g, " ")) : "";
    input.value = q;
    function run(query) {
      if (!query.trim()) { status.textContent = "Type a title, an author, a tag, a size such as 15x15, “colours”, “easy”, or a license."; list.textContent = ""; return; }
      status.textContent = "Searching…";
      withIndex(siteRoot, function (ix) {
        if (!ix) { status.textContent = "The search index could not be loaded here: browse the collections, authors and tags instead."; return; }
        var found = search(ix, query, 500);
        fillList(list, siteRoot, found.results);
        status.textContent = found.total === 0 ? "No puzzle matches “" + query.trim() + "”." :
          found.total + " puzzle" + (found.total === 1 ? "" : "s") + " found" + (found.total > found.results.length ? ", the first " + found.results.length + " shown." : ".");
      });
    }
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      if (root.history && root.history.replaceState) root.history.replaceState(null, "", "?q=" + encodeURIComponent(input.value.trim()));
      run(input.value);
    });
    run(q);
  }

  doc.querySelectorAll("form.np-search").forEach(setupBox);
  var page = doc.querySelector("form.np-search-page");
  if (page) setupPage(page);
})(this);
