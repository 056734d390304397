// triddler.js: play a triddler (a nonogram on triangles) in its page.
//
// The page embeds the puzzle as JSON in #np-triddler (templates.TriddlerPlay:
// cells as [x, y, up], lines as cells in clue order with their clue) and an
// empty #np-tplay, which this script fills with the triangles, a colour
// choice for multicolour puzzles, Reset, a status line and how to play. A
// click or Enter fills a triangle with the chosen colour, a second marks it
// empty (a dot), a third clears it; a right click or X marks it empty at
// once. Progress is kept in the browser by puzzle id (progress.js). The status says how
// many lines give their clue, and "Solved" when all do.
//
// The coach (with coach.js loaded, as on the site's pages): Check, when the
// page carries the masked solution (templates.TriddlerPlay.Check), outlines
// the triangles whose marks are wrong; Hint (or H) names a line whose clue,
// with the marks so far, forces a triangle (coach.js's solveLine, which is
// Go's solve.SolveLine), highlights the line and the triangle and says what
// it must be, and a second press sets it. A line the marks already
// contradict is named instead. When no line forces anything, it tries each
// value of each open triangle and names one whose other value leaves a line
// that no placement fits, with that line. A blotted clue (a length of 0)
// gets the line logic of solve/blot.go: coach.js's solveLine sends it to
// its solveBlotLine. Without coach.js the page plays, with no coach.
(function () {
  'use strict';

  var SVGNS = 'http://www.w3.org/2000/svg';
  var SIDE = 40; // a triangle's side, in SVG units
  var ROW = SIDE * Math.sqrt(3) / 2;
  var CLUE_SIZE = SIDE * 0.5; // a clue number's font size, in SVG units
  var MIN_CLUE_PX = 13; // and the least it is drawn at, in CSS px
  var UNKNOWN = -1, CROSSED = 0;
  var PROBE_BUDGET = 20000; // line solves a hint may spend trying triangles
  var CLEARED_TEXT = 'All marks cleared. Undo reset brings them back.';

  function el(name, attrs, ns) {
    var e = ns ? document.createElementNS(SVGNS, name) : document.createElement(name);
    for (var k in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    }
    return e;
  }

  // corners returns a cell's three corners in SVG units.
  function corners(c) {
    var x = c[0] * SIDE / 2, y = c[1] * ROW;
    if (c[2]) return [[x, y + ROW], [x + SIDE, y + ROW], [x + SIDE / 2, y]];
    return [[x, y], [x + SIDE, y], [x + SIDE / 2, y + ROW]];
  }

  // runs returns a line's blocks under the marks: [length, colour] pairs.
  function runs(line, state) {
    var out = [], prev = 0;
    line.cells.forEach(function (i) {
      var v = state[i] > 0 ? state[i] : 0;
      if (v > 0 && v === prev) out[out.length - 1][1]++;
      else if (v > 0) out.push([v, 1]);
      prev = v;
    });
    return out.map(function (r) { return [r[1], r[0]]; });
  }

  function sameClue(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) {
      // a length of 0 in the clue b is a blot: any length fits
      if ((b[i][0] !== 0 && a[i][0] !== b[i][0]) || a[i][1] !== b[i][1]) return false;
    }
    return true;
  }

  // luminance is the relative luminance of "#rrggbb", from 0 to 1.
  function luminance(hex) {
    var v = [1, 3, 5].map(function (k) {
      var c = parseInt(hex.substr(k, 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  }

  // tint is colour hex mixed with white, share of it kept: a done colour
  // clue's box.
  function tint(hex, share) {
    return '#' + [1, 3, 5].map(function (k) {
      var v = Math.round(parseInt(hex.substr(k, 2), 16) * share + 255 * (1 - share));
      return (v < 16 ? '0' : '') + v.toString(16);
    }).join('');
  }

  function start() {
    var data = document.getElementById('np-triddler');
    var root = document.getElementById('np-tplay');
    if (!data || !root) return;
    var p = JSON.parse(data.textContent);
    var state = p.cells.map(function () { return UNKNOWN; });
    // The entry is the marks, and that it was solved once solved (kept
    // when the marks are cleared): the puzzle cards say so (cards.js).
    // progress.js says how it is kept; without it nothing is.
    var store = window.NonopressProgress ? window.NonopressProgress.triddler : null;
    var shape = { triangles: state.length, colours: p.palette.length - 1 };
    var saved = store ? store.read(p.id, shape) : null;
    var solvedOnce = !!saved && saved.solved === true;
    if (saved && saved.state) state = saved.state;
    var colour = 1;

    // The box of the triangles and of every clue number.
    var x0 = 0, y0 = 0, x1 = 0, y1 = 0, r = SIDE * 0.45;
    p.cells.forEach(function (c) {
      x1 = Math.max(x1, (c[0] + 2) * SIDE / 2);
      y1 = Math.max(y1, (c[1] + 1) * ROW);
    });
    p.lines.forEach(function (l) {
      l.at.forEach(function (a) {
        x0 = Math.min(x0, a[0] * SIDE - r); y0 = Math.min(y0, a[1] * SIDE - r);
        x1 = Math.max(x1, a[0] * SIDE + r); y1 = Math.max(y1, a[1] * SIDE + r);
      });
    });
    // The drawing fills the width up to 44rem, and is never drawn so
    // small that its clue numbers are under MIN_CLUE_PX (on a phone, a
    // triddler of 96 triangles fits at 13 px): wider than the page, it
    // scrolls sideways in its own box (scroller), as a large grid does.
    var svg = el('svg', { viewBox: (x0 - 2) + ' ' + (y0 - 2) + ' ' + (x1 - x0 + 4) + ' ' + (y1 - y0 + 4), class: 'np-tgrid', role: 'group',
      'aria-label': 'Triddler, ' + p.cells.length + ' triangles',
      style: 'width: 100%; max-width: 44rem; min-width: ' + Math.ceil((x1 - x0 + 4) * MIN_CLUE_PX / CLUE_SIZE) + 'px; touch-action: manipulation; display: block' }, true);
    var scroller = el('div', { class: 'np-tscroll', style: 'overflow-x: auto' });
    scroller.appendChild(svg);
    var shapes = p.cells.map(function (c, i) {
      var pts = corners(c);
      var g = el('g', {}, true);
      var poly = el('polygon', { points: pts.map(function (q) { return q.join(','); }).join(' '),
        'data-i': i, tabindex: i === 0 ? '0' : '-1', role: 'button',
        stroke: '#6e6e6e', 'stroke-width': '1', 'stroke-linejoin': 'round' }, true);
      poly.addEventListener('focus', function () {
        poly.setAttribute('stroke', '#1a5fb4'); poly.setAttribute('stroke-width', '3');
        rove(i);
      });
      poly.addEventListener('blur', function () { poly.setAttribute('stroke', '#6e6e6e'); poly.setAttribute('stroke-width', '1'); });
      var cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3, cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
      var dot = el('circle', { cx: cx, cy: cy, r: SIDE / 12, 'pointer-events': 'none' }, true);
      g.appendChild(poly);
      g.appendChild(dot);
      svg.appendChild(g);
      return { poly: poly, dot: dot };
    });
    // One triangle is in the Tab order, the one last focused (a roving
    // tab stop): Tab passes the drawing in one step, where it stopped on
    // every triangle, and the arrow keys move between them.
    var tabStop = 0;
    function rove(i) {
      if (i !== tabStop) {
        shapes[tabStop].poly.setAttribute('tabindex', '-1');
        shapes[i].poly.setAttribute('tabindex', '0');
        tabStop = i;
      }
    }
    // byRow lists each row's triangles from left to right.
    var byRow = {};
    p.cells.forEach(function (c, i) { (byRow[c[1]] = byRow[c[1]] || []).push(i); });
    Object.keys(byRow).forEach(function (y) { byRow[y].sort(function (a, b) { return p.cells[a][0] - p.cells[b][0]; }); });
    // step is the triangle an arrow key (or Home, End) goes to from i, or
    // -1: along the row, or to the nearest triangle of the row above or
    // below (the one beside it when it shares an edge).
    function step(i, key) {
      var c = p.cells[i], row = byRow[c[1]], at = row.indexOf(i);
      if (key === 'ArrowLeft') return at > 0 ? row[at - 1] : -1;
      if (key === 'ArrowRight') return at < row.length - 1 ? row[at + 1] : -1;
      if (key === 'Home') return row[0];
      if (key === 'End') return row[row.length - 1];
      var other = key === 'ArrowUp' ? byRow[c[1] - 1] : key === 'ArrowDown' ? byRow[c[1] + 1] : null;
      if (!other) return -1;
      var best = other[0];
      other.forEach(function (j) {
        if (Math.abs(p.cells[j][0] - c[0]) < Math.abs(p.cells[best][0] - c[0])) best = j;
      });
      return best;
    }

    var multi = p.palette.length > 2;
    // clueInks are, for each line, its numbers' text and the box or disc
    // behind each (null for a plain number), with their colour.
    var clueInks = [];
    var clues = p.lines.map(function (l) {
      var g = el('g', { 'font-size': String(CLUE_SIZE), 'text-anchor': 'middle', 'font-family': 'sans-serif' }, true);
      var nums = l.clue.length ? l.clue : [[0, 0]], inks = [];
      nums.forEach(function (c, j) {
        var x = l.at[j][0] * SIDE, y = l.at[j][1] * SIDE, back = null, fill = c[1] > 0 ? p.palette[c[1]].rgb : null;
        var blot = c[0] === 0 && c[1] > 0; // a blot: its length is hidden
        if (blot) {
          back = el('circle', { cx: x, cy: y, r: SIDE * 0.32, stroke: '#6e6e6e', 'stroke-width': '0.5' }, true);
        } else if (multi && c[1] > 0) {
          // A box of colour as wide as its number needs: two digits
          // filled the square edge to edge (the numbers are 0.8 apart).
          var w = SIDE * (c[0] >= 10 ? 0.76 : 0.6);
          back = el('rect', { x: x - w / 2, y: y - SIDE * 0.3, width: w, height: SIDE * 0.6,
            rx: SIDE * 0.08, stroke: '#6e6e6e', 'stroke-width': '0.5' }, true);
        }
        if (back) g.appendChild(back);
        var t = el('text', { x: x, y: y + SIDE * 0.15 }, true);
        t.textContent = blot ? '?' : String(c[0]);
        g.appendChild(t);
        inks.push({ text: t, back: back, fill: back ? fill : null });
      });
      clueInks.push(inks);
      svg.appendChild(g);
      return g;
    });
    // inkClue draws line k's clue as still to give or, when done, struck
    // through in a grey that still reads (#666666, 5.7:1 on white: it was
    // faded to .4 opacity, as pale as the "0" once drawn in #999999: 2.8:1),
    // a box or disc of colour faded to a tint of it with dark ink on it,
    // as the square grid's done clues are.
    function inkClue(k, done) {
      clueInks[k].forEach(function (c) {
        var fill = c.fill && done ? tint(c.fill, 0.35) : c.fill;
        if (c.back) {
          c.back.setAttribute('fill', fill);
          c.back.setAttribute('stroke', done ? '#999999' : '#6e6e6e');
        }
        c.text.setAttribute('fill', done ? (fill ? '#1a1a1a' : '#666666') : fill && luminance(fill) <= 0.4 ? '#ffffff' : '#000000');
        if (done) c.text.setAttribute('text-decoration', 'line-through');
        else c.text.removeAttribute('text-decoration');
      });
    }
    var status = el('p', { class: 'np-tstatus', 'aria-live': 'polite' });

    // draw shows triangle i's mark, and says it in its name: a screen
    // reader user hears what a triangle holds, as a grid cell tells it.
    function draw(i) {
      var s = state[i], sh = shapes[i];
      var what = s > 0 ? (multi ? 'filled ' + p.palette[s].name : 'filled') : s === CROSSED ? 'marked empty' : 'not marked';
      sh.poly.setAttribute('aria-label', 'row ' + (p.cells[i][1] + 1) + ', triangle ' + (i + 1) + ': ' + what);
      sh.poly.setAttribute('fill', s > 0 ? p.palette[s].rgb : '#ffffff');
      sh.poly.dataset.state = s > 0 ? String(s) : s === CROSSED ? 'x' : '.';
      sh.dot.setAttribute('fill', s === CROSSED ? '#555555' : 'none');
    }

    function update() {
      var done = 0;
      p.lines.forEach(function (l, k) {
        var ok = sameClue(runs(l, state), l.clue);
        if (ok) done++;
        inkClue(k, ok);
        clues[k].dataset.done = ok ? 'true' : 'false';
      });
      var solved = done === p.lines.length;
      root.dataset.solved = solved ? 'true' : 'false';
      status.textContent = solved ? 'Solved!' : done + ' of ' + p.lines.length + ' lines give their clue';
      // Kept only while a triangle is marked, or Reset's marks are offered
      // back, or once the puzzle was solved: a page only looked at leaves
      // nothing behind.
      solvedOnce = solvedOnce || solved;
      var any = state.some(function (s) { return s !== UNKNOWN; });
      var entry = solvedOnce || any || cleared ? {} : null;
      if (solvedOnce) entry.solved = true;
      if (any) entry.state = state;
      else if (cleared) entry.reset = cleared; // for Undo reset after a reload
      if (store) store.write(p.id, shape, entry);
    }

    function set(i, s) {
      forgetCleared();
      state[i] = s;
      draw(i);
      update();
      coach.changed();
    }

    function cycle(i) {
      var s = state[i];
      set(i, s === UNKNOWN ? colour : s === CROSSED ? UNKNOWN : CROSSED);
    }

    svg.addEventListener('click', function (ev) {
      var i = ev.target.getAttribute && ev.target.getAttribute('data-i');
      if (i !== null && i !== undefined) cycle(Number(i));
    });
    svg.addEventListener('contextmenu', function (ev) {
      var i = ev.target.getAttribute && ev.target.getAttribute('data-i');
      if (i === null || i === undefined) return;
      ev.preventDefault();
      set(Number(i), state[Number(i)] === CROSSED ? UNKNOWN : CROSSED);
    });
    svg.addEventListener('keydown', function (ev) {
      var i = ev.target.getAttribute && ev.target.getAttribute('data-i');
      if (i === null || i === undefined) return;
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); cycle(Number(i)); }
      if (ev.key === 'x' || ev.key === 'X') { ev.preventDefault(); set(Number(i), CROSSED); }
      var to = step(Number(i), ev.key);
      if (to >= 0) { ev.preventDefault(); rove(to); shapes[to].poly.focus(); }
    });

    var tools = el('div', { class: 'np-ttools' });
    if (p.palette.length > 2) {
      p.palette.forEach(function (c, k) {
        if (k === 0) return;
        var b = el('button', { type: 'button', class: 'np-tcolour', 'aria-pressed': k === colour ? 'true' : 'false' });
        b.style.background = c.rgb;
        b.textContent = c.name;
        b.addEventListener('click', function () {
          colour = k;
          Array.prototype.forEach.call(tools.querySelectorAll('.np-tcolour'), function (o) {
            o.setAttribute('aria-pressed', o === b ? 'true' : 'false');
          });
        });
        tools.appendChild(b);
      });
    }
    // Reset clears every mark at one press, and then offers them back
    // (Undo reset) until the next mark, after a reload too (the entry
    // keeps them): the page has no other undo.
    var reset = el('button', { type: 'button', class: 'np-treset' });
    reset.textContent = 'Reset';
    var cleared = null; // the marks Reset cleared, while it offers them back
    function forgetCleared() {
      if (cleared) {
        cleared = null;
        reset.textContent = 'Reset';
      }
    }
    function setAll(marks) {
      state = marks;
      state.forEach(function (_, i) { draw(i); });
      update();
      coach.changed();
    }
    reset.addEventListener('click', function () {
      if (cleared) {
        var back = cleared;
        forgetCleared();
        setAll(back);
        return;
      }
      if (state.every(function (s) { return s === UNKNOWN; })) {
        status.textContent = 'The grid is already empty.';
        return;
      }
      cleared = state;
      reset.textContent = 'Undo reset';
      setAll(state.map(function () { return UNKNOWN; }));
      status.textContent = CLEARED_TEXT;
    });
    tools.appendChild(reset);

    var coach = triddlerCoach(p, svg, function () { return state; }, set, function (text) { status.textContent = text; });
    coach.buttons.forEach(function (b) { tools.appendChild(b); });
    svg.addEventListener('keydown', function (ev) {
      if ((ev.key === 'h' || ev.key === 'H') && coach.hint) { ev.preventDefault(); coach.hint(); }
    });

    while (root.firstChild) root.removeChild(root.firstChild); // the page's box kept for the drawing
    root.appendChild(scroller);
    root.appendChild(tools);
    root.appendChild(status);
    root.appendChild(help(p.palette.length > 2, coach.buttons.length > 0));
    state.forEach(function (_, i) { draw(i); });
    // Marks Reset cleared come back after a reload with the Reset to
    // undo, while nothing was marked since (as on a grid's page).
    if (saved && saved.reset && state.every(function (s) { return s === UNKNOWN; })) {
      cleared = saved.reset;
      reset.textContent = 'Undo reset';
    }
    update();
    if (cleared) status.textContent = CLEARED_TEXT;
    root.dataset.ready = 'true';
  }

  // help is the "How to play" the grid's page has too (play.js), told for
  // triangles: multi when there are colours to choose, coached when Check
  // or Hint is there.
  function help(multi, coached) {
    var details = el('details', { class: 'np-help' });
    var summary = el('summary', {});
    summary.textContent = 'How to play';
    details.appendChild(summary);
    var list = el('ul', {});
    [
      'The numbers beside a line of triangles are the lengths of its runs of filled triangles, in order, ' +
        'as in a square nonogram; 0 says the line is empty.',
      'Click or tap a triangle to fill it' + (multi ? ' with the chosen colour' : '') +
        '; click it again to mark it empty (a dot), and once more to clear it.',
      'Right-click a triangle to mark it empty at once.',
      'Keyboard: Tab reaches the triangles and arrow keys move between them (Home and End go to the ends of a row); ' +
        'Space or Enter does what a click does; X marks empty.',
      coached ? 'Hint (or H) names a line that decides a triangle, and why; press it again to set it. ' +
        'Check outlines the triangles marked wrong.' : '',
      'A line\u2019s clue fades when your marks give it. Your progress is kept in this browser; Reset clears it, ' +
        'and Undo reset, until your next mark, brings it back.'
    ].forEach(function (t) {
      if (!t) return;
      var li = el('li', {});
      li.textContent = t;
      list.appendChild(li);
    });
    details.appendChild(list);
    return details;
  }

  /* ---------- the coach: Check and Hint ---------- */

  // clueText writes a clue as the page shows it: "3, 1", "?" for a blot.
  function clueText(p, clue) {
    if (clue.length === 0) return '0';
    var multi = p.palette.length > 2;
    return clue.map(function (c) {
      return (c[0] === 0 ? '?' : String(c[0])) + (multi ? ' ' + p.palette[c[1]].name : '');
    }).join(', ');
  }

  // triddlerCoach returns the Check and Hint buttons of puzzle p drawn in
  // svg, with check() and hint() (null when the page cannot offer them) and
  // changed(), to call after every mark. states() returns the marks, set(i,
  // v) sets one, say(text) writes the status.
  function triddlerCoach(p, svg, states, set, say) {
    var NC = window.NonopressCoach;
    var sol = NC && p.check ? NC.checkKey(p.id, p.check, p.width * p.height, p.palette.length) : null;
    // lineLogic is coach.js's line solver, which handles blotted clues too.
    var lineLogic = function (clue, sets) { return NC.solveLine(clue, sets); };
    var marks = el('g', { class: 'np-tmarks', 'pointer-events': 'none' }, true);
    var cellLines = p.cells.map(function () { return []; }); // the lines through each triangle
    p.lines.forEach(function (l, k) { l.cells.forEach(function (i) { cellLines[i].push(k); }); });
    var pending = null; // the hint shown: {i, v}, set on a second press
    var buttons = [];

    function solutionOf(i) { var c = p.cells[i]; return sol[c[1] * p.width + c[0]]; }

    function outline(i, attrs) {
      var pts = corners(p.cells[i]).map(function (q) { return q.join(','); }).join(' ');
      attrs.points = pts;
      attrs['data-for'] = String(i);
      marks.appendChild(el('polygon', attrs, true));
    }

    // WRONG ends the name of a triangle Check found wrong: a screen reader
    // user cannot see the outline, and hears it with the triangle's mark,
    // as invalid too (aria-invalid), as the square grid's cells are.
    var WRONG = ', wrong';
    function clear() {
      while (marks.firstChild) marks.removeChild(marks.firstChild);
      Array.prototype.forEach.call(svg.querySelectorAll('polygon[aria-invalid]'), function (t) {
        t.removeAttribute('aria-invalid');
        var name = t.getAttribute('aria-label');
        if (name.slice(-WRONG.length) === WRONG) t.setAttribute('aria-label', name.slice(0, -WRONG.length));
      });
      if (marks.parentNode !== svg) svg.appendChild(marks);
    }

    function wrongCells() {
      var st = states(), out = [];
      st.forEach(function (v, i) {
        var want = solutionOf(i);
        if ((v > 0 && v !== want) || (v === CROSSED && want > 0)) out.push(i);
      });
      return out;
    }

    function check() {
      clear();
      pending = null;
      var wrong = wrongCells();
      wrong.forEach(function (i) {
        outline(i, { class: 'np-twrong', fill: 'none', stroke: '#c01c28', 'stroke-width': '4', 'stroke-linejoin': 'round' });
        var t = svg.querySelector('polygon[data-i="' + i + '"]');
        t.setAttribute('aria-invalid', 'true');
        t.setAttribute('aria-label', t.getAttribute('aria-label') + WRONG);
      });
      say(wrong.length === 0 ? 'Every mark so far is right.' :
        (wrong.length === 1 ? '1 triangle is' : wrong.length + ' triangles are') + ' wrong: outlined in red.');
    }

    function showLine(l) {
      l.cells.forEach(function (i) {
        outline(i, { class: 'np-thint-line', fill: '#f6d32d', 'fill-opacity': '0.35', stroke: 'none' });
      });
    }

    function hint() {
      if (pending) {
        var h = pending;
        pending = null;
        set(h.i, h.v);
        return;
      }
      clear();
      if (sol && wrongCells().length > 0) {
        say('A mark is wrong: Check shows which.');
        return;
      }
      var st = states(), all = (1 << p.palette.length) - 1;
      if (st.every(function (v) { return v !== UNKNOWN; })) {
        say('Every triangle is marked: nothing left to hint.');
        return;
      }
      for (var k = 0; k < p.lines.length; k++) {
        var l = p.lines[k];
        var sets = l.cells.map(function (i) { return st[i] === UNKNOWN ? all : st[i] === CROSSED ? 1 : (1 << st[i]) >>> 0; });
        var out = lineLogic(l.clue, sets);
        var what = l.name.charAt(0).toUpperCase() + l.name.slice(1) + ' (' + clueText(p, l.clue) + ')';
        if (!out) {
          showLine(l);
          say(what + ': the marks on it cannot give its clue.');
          return;
        }
        for (var j = 0; j < l.cells.length; j++) {
          var i = l.cells[j], s = out[j];
          if (st[i] !== UNKNOWN || s === 0 || (s & (s - 1)) !== 0) continue;
          var v = s === 1 ? CROSSED : 31 - Math.clz32(s);
          showLine(l);
          outline(i, { class: 'np-thint-cell', fill: 'none', stroke: '#1a5fb4', 'stroke-width': '4', 'stroke-linejoin': 'round' });
          pending = { i: i, v: v };
          say(what + ': the outlined triangle must be ' + (v === CROSSED ? 'empty' :
            p.palette.length > 2 ? 'filled ' + p.palette[v].name : 'filled') + '. Hint again to mark it.');
          return;
        }
      }
      var pr = probe(st, all);
      if (pr.found) {
        var f = pr.found, pl = p.lines[f.line];
        showLine(pl);
        outline(f.i, { class: 'np-thint-cell', fill: 'none', stroke: '#1a5fb4', 'stroke-width': '4', 'stroke-linejoin': 'round' });
        pending = { i: f.i, v: f.v };
        say('No single line forces a triangle, but if the outlined one were ' + valueName(f.not) + ', ' + pl.name + ' (' +
          clueText(p, pl.clue) + ') could not be completed: it must be ' + valueName(f.v) + '. Hint again to mark it.');
        return;
      }
      say(pr.spent ? 'No single line forces a triangle, and trying triangles one by one found nothing in time: a guess may be needed.' :
        'No line forces a triangle, even trying each one: a guess is needed.');
    }

    function valueName(v) {
      return v === CROSSED ? 'empty' : p.palette.length > 2 ? 'filled ' + p.palette[v].name : 'filled';
    }

    // probe tries each value of each open triangle and follows line logic
    // from it (at most PROBE_BUDGET line solves in all); a value that leads
    // to a line no placement fits is ruled out. It returns found: {i, v,
    // not, line} for the first triangle left with one value (v; not is a
    // ruled-out value and line the line that broke), or spent when the
    // budget ran out first.
    function probe(st, all) {
      var base = st.map(function (v) { return v === UNKNOWN ? all : v === CROSSED ? 1 : (1 << v) >>> 0; });
      var budget = { n: PROBE_BUDGET };
      for (var i = 0; i < base.length; i++) {
        if (st[i] !== UNKNOWN) continue;
        var left = base[i], not = -1, line = -1;
        for (var v = 0; v < p.palette.length; v++) {
          var bit = (1 << v) >>> 0;
          if ((left & bit) === 0) continue;
          var sets = base.slice();
          sets[i] = bit;
          var r = propagate(sets, cellLines[i].slice(), budget);
          if (r.spent) return { spent: true };
          if (r.broken >= 0) {
            left &= ~bit;
            not = v === 0 ? CROSSED : v;
            line = r.broken;
          }
        }
        if (not !== UNKNOWN && left !== 0 && (left & (left - 1)) === 0) {
          var only = 31 - Math.clz32(left);
          return { found: { i: i, v: only === 0 ? CROSSED : only, not: not, line: line } };
        }
      }
      return {};
    }

    // propagate solves the queued lines, and the lines through every
    // triangle they narrow, until nothing changes: broken is the line no
    // placement fits (-1 if none), spent is set when the budget ran out.
    function propagate(sets, queue, budget) {
      var queued = {};
      queue.forEach(function (k) { queued[k] = true; });
      while (queue.length > 0) {
        if (--budget.n < 0) return { spent: true, broken: -1 };
        var k = queue.shift(), l = p.lines[k];
        queued[k] = false;
        var out = lineLogic(l.clue, l.cells.map(function (c) { return sets[c]; }));
        if (!out) return { broken: k };
        for (var j = 0; j < l.cells.length; j++) {
          var c = l.cells[j];
          if (out[j] === sets[c]) continue;
          sets[c] = out[j];
          cellLines[c].forEach(function (o) {
            if (o !== k && !queued[o]) { queued[o] = true; queue.push(o); }
          });
        }
      }
      return { broken: -1 };
    }

    function button(cls, text, f) {
      var b = el('button', { type: 'button', class: cls });
      b.textContent = text;
      b.addEventListener('click', f);
      buttons.push(b);
    }
    if (sol) button('np-tcheck', 'Check', check);
    if (NC) button('np-thint', 'Hint', hint);
    return {
      buttons: buttons,
      check: sol ? check : null,
      hint: NC ? hint : null,
      changed: function () { pending = null; clear(); }
    };
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
