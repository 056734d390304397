// Filter and sort the puzzle cards of a collection page, in place; say so
// when a filter matches nothing. On a list of several pages the filter sees
// this page's cards only: it says so, and links to the site's search.
(function () {
  "use strict";
  var paged = !!document.querySelector(".np-pager");
  var box = document.querySelector("form.np-search");
  var searchPage = box && box.getAttribute("action");
  function setup(tools) {
    var none = tools.nextElementSibling;
    var list = none && none.nextElementSibling;
    if (!none || !none.classList.contains("np-cards-none") || !list || !list.classList.contains("np-cards")) return;
    var cards = Array.prototype.slice.call(list.children);
    var filter = tools.querySelector(".np-filter");
    var colors = tools.querySelector(".np-colors-filter");
    var sort = tools.querySelector(".np-sort");
    var elsewhere = null, elsewhereLink = null;
    if (paged) {
      none.textContent = "No puzzle on this page matches this filter.";
      if (searchPage) {
        elsewhere = document.createElement("p");
        elsewhere.className = "np-cards-elsewhere";
        elsewhere.hidden = true;
        elsewhere.appendChild(document.createTextNode("The filter sees this page's puzzles only. "));
        elsewhereLink = document.createElement("a");
        elsewhere.appendChild(elsewhereLink);
        list.parentNode.insertBefore(elsewhere, list);
      }
    }
    function apply() {
      var q = filter.value.trim().toLowerCase();
      var c = colors.value;
      var shown = 0;
      cards.forEach(function (card) {
        var text = (card.dataset.title + " " + card.dataset.tags).toLowerCase();
        var n = Number(card.dataset.colors);
        var ok = (!q || text.indexOf(q) >= 0) &&
          (!c || (c === "1" ? n <= 1 : n > 1));
        card.hidden = !ok;
        if (ok) shown++;
      });
      // A filter that matches nothing says so.
      none.hidden = shown > 0;
      if (elsewhere) {
        elsewhere.hidden = !q;
        elsewhereLink.href = searchPage + "?q=" + encodeURIComponent(filter.value.trim());
        elsewhereLink.textContent = "Search all puzzles for “" + filter.value.trim() + "”";
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
    tools.hidden = false;
  }
  document.querySelectorAll(".np-cards-tools").forEach(setup);
})();
