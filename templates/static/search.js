// Site-wide search: the search box of every page, and the search page.
// The index (search-index.js at the site root, see package searchindex) is
// loaded on first use with a <script> element, which works over HTTP and,
// unlike fetch(), from file:// too. Without JavaScript, or when the index
// cannot load, the box is a form that opens the search page, which links to
// the lists.
(function (root) {
  "use strict";

  // LETTERS are the letters that lose no accent to NFD but are written
  // without one by those who cannot type them.
  var LETTERS = { "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th" };

  // fold lower-cases text and takes its accents off, so that "olsak" finds
  // "Olšák" and "OLŠÁK" finds "Olsak"; "×" becomes "x".
  // Apostrophes, straight or curly (as phones type them), are dropped:
  // "don’t", "don't" and "dont" are one word.
  function fold(s) {
    s = s.toLowerCase().replace(/'/g, "");
    if (!/[^\x00-\x7f]/.test(s)) return s;
    if (s.normalize) s = s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    return s.replace(/[łøđðßæœıþ]/g, function (c) { return LETTERS[c]; }).replace(/×/g, "x").replace(/[’‘ʼ]/g, "");
  }

  // prepare turns the index into one folded text per puzzle to match
  // against, and the data results are shown from. The index words the
  // difficulty grades (package grade): what a result says of its grade,
  // the words it is found by, and the grades' words, easiest first, which
  // the lists keep (items.grades) for the searches they suggest.
  function prepare(ix) {
    var items = new Array(ix.p.length);
    var grades = ix.grades || [["", ""]];
    // The start of each puzzle's id, as many characters each (version 4):
    // what this browser keeps of a player's progress is found by it.
    var idLength = typeof ix.ids === "string" && ix.p.length ? ix.ids.length / ix.p.length : 0;
    items.idLength = Math.floor(idLength) === idLength ? idLength : 0;
    items.grades = grades.slice(1).map(function (g) { return g[0]; });
    for (var i = 0; i < ix.p.length; i++) {
      var r = ix.p[i], grade = grades[r[8]] || grades[0];
      var tags = r[9].map(function (t) { return ix.tags[t]; });
      var author = ix.authors[r[3]], license = ix.licenses[r[4]];
      // "colour" finds the puzzles in colour, not every puzzle.
      var colours = r[7] > 1 ? r[7] + " colours colors multicolour multicolor" : "black and white monochrome";
      // A triddler (an eleventh field, its triangles) has no width and
      // height; a grid's size is found as 15x15 (and 15×15, which queries
      // are folded to).
      var size = r[10] ? "triddler, " + r[10] + " triangles" : r[5] + "×" + r[6];
      var dir = ix.dirs[r[1]];
      // The folder's words, so that a collection's name finds its puzzles.
      var folder = dir.replace(/[\/_]+/g, " ");
      // A grid of up to 10 a side is "small" (build/site.SmallSide).
      var sizeWords = r[10] ? size : r[5] + "x" + r[6] + (r[5] <= 10 && r[6] <= 10 ? " small" : "");
      var text = " " + fold([r[0], author, license, tags.join(" "), folder].join(" \u0001 ")) + " \u0001 " +
        [sizeWords, colours, grade[1]].join(" \u0001 ") + " ";
      items[i] = { title: r[0], lower: fold(r[0]), by: fold(author), text: text, author: author, size: size, colours: r[7], grade: grade[0], dir: dir,
        page: dir + r[2] + "/index.html", cells: r[10] || r[5] * r[6], rank: r[8] > 0 ? r[8] : Infinity,
        id: items.idLength ? ix.ids.substr(i * items.idLength, items.idLength) : "", kind: r[10] ? "triddler" : "grid",
        shape: { width: r[5], height: r[6], triangles: r[10] || 0, colours: r[7] } };
    }
    return items;
  }

  // words splits a query into folded words; "10 x 10" is one word, 10x10.
  function words(query) {
    return fold(query).replace(/(\d)\s*x\s*(\d)/g, "$1x$2").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  }

  // needles are what the words of a query are looked for as in the texts:
  // a size matches a whole size only, so that 5x5 does not find 15x15 or
  // 75x50 (texts start and end with a space); a word with hyphens is found
  // as written or with spaces for them ("wake-up" finds "Wake up!"), a
  // list of both.
  function needles(ws) {
    return ws.map(function (w) {
      if (/^\d+x\d+$/.test(w)) return " " + w + " ";
      if (/\w-+\w/.test(w)) return [w, w.replace(/-+/g, " ")];
      return w;
    });
  }

  // has says whether text holds needle n (see needles).
  function has(text, n) {
    return typeof n === "string" ? text.indexOf(n) >= 0 : text.indexOf(n[0]) >= 0 || text.indexOf(n[1]) >= 0;
  }

  function matchesAll(text, ns) {
    for (var k = 0; k < ns.length; k++) {
      if (!has(text, ns[k])) return false;
    }
    return true;
  }

  // ORDERS are the sorts the search page offers (its select's values, and
  // its address's sort=): by title, by size (cells, a triddler's
  // triangles) either way, by difficulty, easiest first and the ungraded
  // last. Ties, and every result with no sort, keep search's order.
  var ORDERS = {
    title: function (a, b) { return a.title.localeCompare(b.title); },
    size: function (a, b) { return a.cells - b.cells; },
    "size-desc": function (a, b) { return b.cells - a.cells; },
    difficulty: function (a, b) { return a.rank === b.rank ? 0 : a.rank < b.rank ? -1 : 1; }
  };

  // orderOf is the sort of ORDERS named name: its own names only, so that
  // an address's sort=toString or sort=__proto__ is no sort.
  function orderOf(name) {
    return Object.prototype.hasOwnProperty.call(ORDERS, name) ? ORDERS[name] : null;
  }

  // search returns the items matching every word of the query, those whose
  // title starts with the first word first, then those whose title holds
  // it, then those whose author does, then the rest (found by their tags,
  // size, folder...), each group in site order, or all of them in an order
  // of ORDERS; at most limit of them, and how many matched in all.
  function search(items, query, limit, order) {
    var ws = words(query);
    if (!ws.length) return { total: 0, results: [] };
    var groups = [[], [], [], []], total = 0, ns = needles(ws);
    for (var i = 0; i < items.length; i++) {
      var it = items[i];
      if (!matchesAll(it.text, ns)) continue;
      total++;
      var g = it.lower.indexOf(ws[0]);
      groups[g === 0 ? 0 : g > 0 ? 1 : it.by.indexOf(ws[0]) >= 0 ? 2 : 3].push(it);
    }
    var all = groups[0].concat(groups[1], groups[2], groups[3]);
    if (orderOf(order)) all.sort(orderOf(order)); // stable: ties keep their order
    return { total: total, results: all.slice(0, limit) };
  }

  // NUMBERISH are numbers and sizes, which no slip is read as.
  var NUMBERISH = /^[\dx]+$/;

  // vocabulary counts the puzzles each word of the items' texts is in (not
  // numbers and sizes); it is built once, on the first search that finds
  // nothing.
  function vocabulary(items) {
    if (items.vocab) return items.vocab;
    var count = Object.create(null);
    items.forEach(function (it) {
      var seen = Object.create(null);
      it.text.split(/[^\p{L}\p{N}]+/u).forEach(function (w) {
        if (w.length < 3 || seen[w] || NUMBERISH.test(w)) return;
        seen[w] = true;
        count[w] = (count[w] || 0) + 1;
      });
    });
    items.vocab = count;
    return count;
  }

  // distance is the number of letters to add, drop, change or swap with a
  // neighbour to make a into b, or more than max when it is over max.
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = null, prev = [], cur;
    for (var j = 0; j <= b.length; j++) prev[j] = j;
    for (var i = 1; i <= a.length; i++) {
      cur = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        cur[j] = d;
        if (d < low) low = d;
      }
      if (low > max) return max + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }

  // closest is the word of the vocabulary nearest w (one slip for a word of
  // up to five letters, two for a longer one; none for shorter than three,
  // sizes and numbers): the nearest, then the commonest, then the first in
  // alphabetical order. "" when there is none.
  function closest(vocab, w) {
    if (w.length < 3 || NUMBERISH.test(w)) return "";
    var max = w.length <= 5 ? 1 : 2, best = "", bestD = max + 1, bestN = 0;
    for (var v in vocab) {
      var d = distance(w, v, max);
      if (d < bestD || (d === bestD && d <= max && (vocab[v] > bestN || (vocab[v] === bestN && v < best)))) {
        best = v; bestD = d; bestN = vocab[v];
      }
    }
    return bestD <= max ? best : "";
  }

  // find is search, with a second try when nothing matches: each word that
  // no puzzle has is read as the nearest word one has ("tigr" as "tiger"),
  // and fixed is that query ("" when the query was not changed).
  function find(items, query, limit, order) {
    var found = search(items, query, limit, order);
    found.fixed = "";
    if (found.total) return found;
    var ws = words(query), changed = false;
    for (var k = 0; k < ws.length; k++) {
      var n = needles([ws[k]]);
      if (items.some(function (it) { return matchesAll(it.text, n); })) continue;
      var c = closest(vocabulary(items), ws[k]);
      if (c) { ws[k] = c; changed = true; }
    }
    if (!changed) return found;
    var again = search(items, ws.join(" "), limit, order);
    if (!again.total) return found;
    again.fixed = ws.join(" ");
    return again;
  }

  // summary is what a search of items says of what it found for query: how
  // many, and when the query was read otherwise, how.
  function summary(items, query, found) {
    var q = "“" + query.trim() + "”";
    if (found.total === 0) return "No puzzle matches " + q + ".";
    var n = found.total + " puzzle" + (found.total === 1 ? "" : "s");
    var easiest = items.grades.length ? " “" + items.grades[0] + "”," : "";
    var shown = found.total > found.results.length ? ", the first " + found.results.length + " shown: add a word to narrow it (a size, “small”," + easiest + " an author)." : ".";
    if (found.fixed) return "No puzzle matches " + q + "; " + n + " found for “" + found.fixed + "”" + shown;
    return n + " found" + shown;
  }

  // NARROW_FROM is how many results a search needs before the search page
  // offers words to narrow it.
  var NARROW_FROM = 20;

  // narrowings are the words the search page offers to narrow a search of
  // many results (NARROW_FROM or more): the difficulties, "small", the
  // three sizes commonest among the results and colour, each with the
  // query it makes and how many that finds; only those that find some but
  // fewer.
  function narrowings(items, query, found) {
    if (found.total < NARROW_FROM) return [];
    var q = found.fixed || query.trim(), have = words(q);
    var sizes = {};
    search(items, q, Infinity).results.forEach(function (it) {
      if (it.size.indexOf("×") > 0) sizes[it.size] = (sizes[it.size] || 0) + 1;
    });
    var area = function (sz) { var wh = sz.split("×"); return wh[0] * wh[1]; };
    var common = Object.keys(sizes).sort(function (a, b) {
      return sizes[b] - sizes[a] || area(a) - area(b) || (a < b ? -1 : a > b ? 1 : 0);
    }).slice(0, 3).sort(function (a, b) { return area(a) - area(b) || (a < b ? -1 : 1); });
    // A query that names a difficulty, a size or colour is offered no
    // other of its kind.
    var named = function (re) { return have.some(function (w) { return re.test(w); }); };
    var offers = [];
    if (!have.some(function (w) { return items.grades.indexOf(w) >= 0; })) {
      items.grades.forEach(function (g) { offers.push([g, g]); });
    }
    if (!named(/^(small|\d+x\d+)$/)) {
      offers.push(["small", "small"]);
      common.forEach(function (sz) { offers.push([sz, sz.replace("×", "x")]); });
    }
    if (!named(/^colou?rs?$/)) offers.push(["in colour", "colours"]);
    var out = [];
    offers.forEach(function (o) {
      var n = search(items, q + " " + o[1], 0).total;
      if (n > 0 && n < found.total) out.push({ label: o[0], query: q + " " + o[1], total: n });
    });
    return out;
  }

  // widenings are what the search page offers for a search of several
  // words that finds nothing: the query less one of its words, for each
  // that finds some, with how many (the visitor's "one colour" is no word
  // of the index, and "colour" alone finds the puzzles in colour). One
  // pass over the puzzles finds them all: a puzzle that lacks one word of
  // the query, and one only, is found by the query less that word (a word
  // said twice is lacked twice, and is offered to leave out of neither).
  // A query whose words join up once one is left out ("5 zebra x 5" less
  // zebra reads as the size 5x5) finds fewer than its words apart: it is
  // searched again.
  function widenings(items, query, found) {
    var ws = words(query);
    if (found.total > 0 || ws.length < 2) return [];
    var ns = needles(ws), lacking = ws.map(function () { return 0; });
    for (var i = 0; i < items.length; i++) {
      var text = items[i].text, lacks = -1;
      for (var k = 0; k < ns.length; k++) {
        if (has(text, ns[k])) continue;
        if (lacks >= 0) { lacks = -1; break; }
        lacks = k;
      }
      if (lacks >= 0) lacking[lacks]++;
    }
    var out = [];
    lacking.forEach(function (n, k) {
      if (n === 0) return;
      var q = ws.slice(0, k).concat(ws.slice(k + 1)).join(" ");
      if (words(q).length < ws.length - 1) n = search(items, q, 0).total;
      if (n > 0) out.push({ label: q, query: q, total: n });
    });
    return out;
  }

  // describe is what a result says under its title: size, colours and
  // author, and with inFolder the folder its page is in (for results that
  // share a title, which would otherwise read alike).
  function describe(it, inFolder) {
    var parts = [it.size, it.colours > 1 ? it.colours + " colours" : "black and white"];
    if (it.grade) parts.push(it.grade);
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
    module.exports = { ORDERS: ORDERS, prepare: prepare, search: search, find: find, summary: summary, narrowings: narrowings, widenings: widenings, describe: describe, sharedTitles: sharedTitles };
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

  // resultLink is a result's link: its title, with said (what this
  // browser keeps of its puzzle: "Solved", "In progress" or "") in a badge
  // beside it, and what describe says under it.
  function resultLink(siteRoot, it, inFolder, said) {
    var a = doc.createElement("a");
    a.href = siteRoot + it.page;
    var title = doc.createElement("span");
    title.className = "np-result-title";
    title.textContent = it.title;
    a.appendChild(title);
    if (said) {
      var badge = doc.createElement("span");
      badge.className = "np-result-status np-card-" + (said === "Solved" ? "solved" : "started");
      badge.textContent = said;
      // A space, as between words, where a screen reader joins the texts.
      a.appendChild(doc.createTextNode(" "));
      a.appendChild(badge);
    }
    var small = doc.createElement("small");
    small.textContent = describe(it, inFolder);
    a.appendChild(small);
    return a;
  }

  // fillList replaces a list's items with links to the results of ix,
  // each saying what this browser keeps of its puzzle (progress.js).
  function fillList(list, siteRoot, ix, results) {
    list.textContent = "";
    var shared = sharedTitles(results);
    var progress = results.length && root.NonopressProgress && ix.idLength ? root.NonopressProgress.byPrefix(ix.idLength) : null; // reads every entry: not for no results
    results.forEach(function (it) {
      var li = doc.createElement("li");
      li.appendChild(resultLink(siteRoot, it, shared[it.lower], progress && it.id ? progress(it.kind, it.id, it.shape) : ""));
      list.appendChild(li);
    });
  }

  // remember keeps the query in the page's history entry, so that the back
  // button returns to a box that still holds it (browsers do not restore a
  // field with autocomplete off).
  function remember(q) {
    if (!root.history || !root.history.replaceState) return;
    var state = root.history.state && typeof root.history.state === "object" ? root.history.state : {};
    var next = {};
    for (var k in state) next[k] = state[k];
    next.npSearch = q;
    try { root.history.replaceState(next, ""); } catch (e) { /* a page that may not change its history */ }
  }

  // arrows moves the focus for the Down and Up keys: from the box to the
  // first result, through the results, and from the first back to the box.
  function arrows(e, input, list) {
    if ((e.key !== "ArrowDown" && e.key !== "ArrowUp") || list.hidden) return;
    var links = Array.prototype.slice.call(list.querySelectorAll("a"));
    if (!links.length) return;
    var at = links.indexOf(doc.activeElement);
    var to = e.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
    e.preventDefault();
    if (to < 0) input.focus();
    else links[to].focus();
  }

  // cameBack reports whether the page was reached with the back or forward
  // button (not a link, nor a reload).
  function cameBack() {
    var nav = root.performance && root.performance.getEntriesByType && root.performance.getEntriesByType("navigation")[0];
    return !!nav && nav.type === "back_forward";
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
    // What a search found, for a screen reader: the list itself is not
    // read out as it changes.
    var said = doc.createElement("p");
    said.className = "np-said";
    said.setAttribute("role", "status");
    form.appendChild(said);
    function show() {
      var q = input.value;
      if (!q.trim()) { list.hidden = true; return; }
      withIndex(siteRoot, function (ix) {
        if (!ix || input.value !== q) return; // no index: Enter opens the search page
        var found = find(ix, q, 8);
        said.textContent = summary(ix, q, found);
        fillList(list, siteRoot, ix, found.results);
        if (found.fixed || found.total === 0) {
          var note = doc.createElement("li");
          note.className = "np-search-note";
          note.textContent = said.textContent;
          list.insertBefore(note, list.firstChild);
        }
        if (found.total > found.results.length) {
          var more = doc.createElement("li");
          var a = doc.createElement("a");
          a.href = siteRoot + "search/index.html?q=" + encodeURIComponent(found.fixed || q.trim());
          a.textContent = "All " + found.total + " results…";
          more.appendChild(a);
          list.appendChild(more);
        }
        list.hidden = false;
      });
    }
    // Coming back to the box (or to the page, with the back button) shows
    // the results of what it holds again.
    input.addEventListener("focus", function () {
      if (input.value.trim() && list.hidden) show();
      else withIndex(siteRoot, function () {});
    });
    input.addEventListener("input", function () {
      remember(input.value);
      show();
    });
    var kept = cameBack() && root.history.state;
    if (kept && typeof kept.npSearch === "string" && !input.value) input.value = kept.npSearch;
    // The keyboard: Down and Up go through the results from the box and
    // back to it, Escape closes them and returns to the box; Enter on a
    // result opens it, and in the box opens the search page.
    form.addEventListener("keydown", function (e) {
      if (e.key === "Escape") {
        input.focus();
        list.hidden = true;
        return;
      }
      arrows(e, input, list);
    });
    // The results close when the focus or a click leaves the box.
    form.addEventListener("focusout", function (e) {
      if (e.relatedTarget && !form.contains(e.relatedTarget)) list.hidden = true;
    });
    doc.addEventListener("click", function (e) {
      if (!form.contains(e.target)) list.hidden = true;
    });
  }

  // The search page: the results of ?q=... in full.
  function setupPage(form) {
    var input = form.querySelector("input[type=search]");
    var sort = form.querySelector("select[name=sort]");
    var status = doc.querySelector(".np-search-status");
    var list = doc.querySelector(".np-search-list");
    var siteRoot = "../";
    var title = doc.title;
    // The easiest grade's word, for the prompt before the index loads: the
    // page has the grades' words (data-grades, from package grade).
    var easiest = (form.getAttribute("data-grades") || "").split(" ")[0];
    var prompt = "Type a title, an author, a tag, a size such as 15x15 or “small”, “colour”, " + (easiest ? "“" + easiest + "”, " : "") +
      "or a license; words combine, as in “" + (easiest ? easiest + " " : "") + "10x10”.";
    // The words that narrow a search of many results, between the status
    // and the list.
    var narrow = doc.createElement("nav");
    narrow.className = "np-shortcuts np-search-narrow";
    narrow.setAttribute("aria-label", "Narrow the search");
    narrow.hidden = true;
    list.parentNode.insertBefore(narrow, list);
    // address is the page's address for a query, in the sort chosen.
    function address(q) {
      return "?q=" + encodeURIComponent(q) + (sort && sort.value ? "&sort=" + sort.value : "");
    }
    // offer lists the words that narrow a search of many results, or
    // those that widen one that finds nothing.
    function offer(ix, query, found) {
      var ns = narrowings(ix, query, found), lead = "Narrow it:", name = "Narrow the search";
      if (!found.total) {
        ns = widenings(ix, query, found);
        lead = "With fewer words:";
        name = "Widen the search";
      }
      narrow.textContent = "";
      narrow.hidden = !ns.length;
      if (!ns.length) return;
      narrow.setAttribute("aria-label", name);
      var label = doc.createElement("span");
      label.textContent = lead;
      var ul = doc.createElement("ul");
      ns.forEach(function (n) {
        var li = doc.createElement("li"), a = doc.createElement("a");
        a.href = address(n.query);
        a.textContent = n.label + " (" + n.total + ")";
        li.appendChild(a);
        ul.appendChild(li);
      });
      narrow.appendChild(label);
      narrow.appendChild(ul);
    }
    function run(query) {
      // The tab and the history list name the query.
      doc.title = query.trim() ? "“" + query.trim() + "” · " + title : title;
      narrow.hidden = true;
      if (!query.trim()) { status.textContent = prompt; list.textContent = ""; return; }
      status.textContent = "Searching…";
      withIndex(siteRoot, function (ix) {
        if (!ix) { status.textContent = "The search index could not be loaded here: browse the collections, authors and tags instead."; return; }
        var found = find(ix, query, 500, sort ? sort.value : "");
        fillList(list, siteRoot, ix, found.results);
        status.textContent = summary(ix, query, found);
        offer(ix, query, found);
      });
    }
    // fromAddress shows the results of the query in the page's address.
    function fromAddress() {
      var q = queryOf(root.location.search);
      input.value = q;
      if (sort) sort.value = orderOf(paramOf(root.location.search, "sort")) ? paramOf(root.location.search, "sort") : "";
      run(q);
    }
    // Each new query is a step in the history: the back button returns to
    // the one before, with its results.
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var q = input.value.trim();
      if (root.history && root.history.pushState) {
        var url = address(q);
        if (q === queryOf(root.location.search).trim()) root.history.replaceState(null, "", url);
        else root.history.pushState(null, "", url);
      }
      run(input.value);
    });
    // Down and Up go from the box through the results, as in the header's.
    function keys(e) { arrows(e, input, list); }
    input.addEventListener("keydown", keys);
    list.addEventListener("keydown", keys);
    // Another sort searches again, as the button does: the same query is
    // no new step of the history.
    if (sort) {
      sort.addEventListener("change", function () {
        form.dispatchEvent(new Event("submit", { cancelable: true }));
      });
    }
    root.addEventListener("popstate", fromAddress);
    fromAddress();
    // Without a query, the page is there to type one.
    if (!input.value) input.focus();
  }

  // queryOf returns the q parameter of an address's query string, ""
  // without one; a malformed escape ("100%") is read as it stands.
  function queryOf(search) { return paramOf(search, "q"); }

  // paramOf returns a parameter of an address's query string, as queryOf.
  function paramOf(search, name) {
    var m = new RegExp("[?&]" + name + "=([^&]*)").exec(search);
    if (!m) return "";
    var raw = m[1].replace(/\+/g, " ");
    try {
      return decodeURIComponent(raw);
    } catch (e) {
      return raw;
    }
  }

  doc.querySelectorAll("form.np-search").forEach(setupBox);
  var page = doc.querySelector("form.np-search-page");
  if (page) setupPage(page);
})(this);
