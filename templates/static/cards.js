// Filter and sort the puzzle cards of a collection page, in place; say so
// when a filter matches nothing. On a list of several pages the filter and
// the sort see this page's cards only: they say so, and the filter links to
// the site's search, in the same sort. The list of an author, a license or
// a tag (data-scope: the words that find its puzzles) searches those
// words with the filter's, and links to them sorted when only sorted.
// Each card of a puzzle this browser solved or started says so.
(function () {
  "use strict";
  var paged = !!document.querySelector(".np-pager");
  var box = document.querySelector("form.np-search");
  var searchPage = box && box.getAttribute("action");
  // fold lower-cases text and takes its accents off; "×" is "x" (10x10).
  function fold(s) {
    s = s.toLowerCase().replace(/×/g, "x");
    return s.normalize ? s.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : s;
  }
  function setup(tools) {
    var none = tools.nextElementSibling;
    var list = none && none.nextElementSibling;
    if (!none || !none.classList.contains("np-cards-none") || !list || !list.classList.contains("np-cards")) return;
    var cards = Array.prototype.slice.call(list.children);
    var filter = tools.querySelector(".np-filter");
    var colors = tools.querySelector(".np-colors-filter");
    var sort = tools.querySelector(".np-sort");
    var scoped = tools.closest && tools.closest("[data-scope]");
    var scope = scoped ? scoped.getAttribute("data-scope") : "";
    var elsewhere = null, elsewhereLink = null;
    if (paged) {
      none.textContent = "No puzzle on this page matches this filter.";
      elsewhere = document.createElement("p");
      elsewhere.className = "np-cards-elsewhere";
      elsewhere.hidden = true;
      elsewhere.appendChild(document.createTextNode("Filter and sort see this page's puzzles only. "));
      if (searchPage) {
        elsewhereLink = document.createElement("a");
        elsewhere.appendChild(elsewhereLink);
      }
      list.parentNode.insertBefore(elsewhere, list);
    }
    // A card is found by what it shows (title, size, colours, author,
    // difficulty) and its tags, each word of the filter anywhere in it.
    var texts = cards.map(function (card) { return fold(card.textContent + " " + card.dataset.tags); });
    function apply() {
      var words = fold(filter.value).split(/\s+/).filter(Boolean);
      var q = words.length > 0;
      var c = colors.value;
      var shown = 0;
      cards.forEach(function (card, i) {
        var n = Number(card.dataset.colors);
        var ok = words.every(function (w) { return texts[i].indexOf(w) >= 0; }) &&
          (!c || (c === "1" ? n <= 1 : n > 1));
        card.hidden = !ok;
        if (ok) shown++;
      });
      // A filter that matches nothing says so.
      none.hidden = shown > 0;
      // Sorted or filtered, a page of a longer list says it is one page.
      if (elsewhere) {
        elsewhere.hidden = !q && !c && sort.value === "order";
        if (elsewhereLink) {
          // The card sorts are the search page's, by the same names.
          var sorted = sort.value !== "order", all = ((scope ? scope + " " : "") + filter.value.trim()).trim();
          elsewhereLink.hidden = !q && !(scope && sorted);
          elsewhereLink.href = searchPage + "?q=" + encodeURIComponent(all) + (sorted ? "&sort=" + sort.value : "");
          elsewhereLink.textContent = q ? "Search all puzzles for “" + all + "”" : scope && sorted ? "Sort all the results for “" + scope + "” on the search page" : "";
        }
      }
      var key = sort.value;
      var sorted = cards.slice().sort(function (a, b) {
        if (key === "title") return a.dataset.title.localeCompare(b.dataset.title) || a.dataset.order - b.dataset.order;
        if (key !== "order") return (a.dataset[key] - b.dataset[key]) || a.dataset.order - b.dataset.order;
        return a.dataset.order - b.dataset.order;
      });
      sorted.forEach(function (card) { list.appendChild(card); });
    }
    filter.addEventListener("input", apply);
    colors.addEventListener("change", apply);
    sort.addEventListener("change", apply);
    // Back on this page, the browser may give the filter and the sort the
    // words and choice they held (after the load event, before pageshow)
    // without the cards as they showed them: show them so.
    window.addEventListener("pageshow", function () {
      if (filter.value || colors.value || sort.value !== "order") apply();
    });
    tools.hidden = false;
  }
  // status says what this browser keeps of a card's puzzle, as its game
  // would open it (progress.js): "Solved", "In progress" (marks on its
  // grid) or "" (nothing, or no storage).
  function status(card) {
    var progress = window.NonopressProgress, d = card.dataset;
    if (!progress) return "";
    return progress.status(d.kind || "grid", d.id, { width: Number(d.width), height: Number(d.height),
      triangles: Number(d.size), colours: Number(d.colors) });
  }
  // The card says it in a badge on its top edge, which moves nothing, in
  // the tags its link is described by (a screen reader says it); the
  // filter finds it.
  document.querySelectorAll(".np-card[data-id]").forEach(function (card) {
    var said = status(card), tags = card.querySelector(".np-card-tags");
    if (!said || !tags) return;
    var badge = document.createElement("span");
    badge.className = "np-card-status np-noprint np-card-" + (said === "Solved" ? "solved" : "started");
    badge.textContent = said;
    // A space, as between words, where a screen reader joins the texts.
    tags.appendChild(document.createTextNode(" "));
    tags.appendChild(badge);
  });
  document.querySelectorAll(".np-cards-tools").forEach(setup);
})();
