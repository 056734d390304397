/*
 * nonopress play mode: solve a puzzle in the page.
 *
 * Reads the puzzle from <script type="application/json" id="np-puzzle"> and
 * builds the whole game inside <div id="np-play">. Plain script, no modules and
 * no network, so that it works from a static host and from file:// pages.
 *
 * Cell values: EMPTY (-1, not yet decided), CROSS (0, marked as background) or
 * a palette index from 1 (filled with that colour). The grid is checked
 * against the clues, never against a stored solution.
 *
 * Progress is kept in localStorage under "nonopress:progress:<id>", where id
 * is the clue hash: a renamed or moved page keeps it, changed clues do not.
 */
(function () {
  'use strict';

  var EMPTY = -1;
  var CROSS = 0;
  var MAX_SIDE = 1024;
  var STORAGE_PREFIX = 'nonopress:progress:';
  var STORAGE_VERSION = 1;
  var HISTORY_LIMIT = 500;
  var ZOOM_STEPS = [12, 16, 20, 24, 28, 32, 40, 48];
  var AUTO_MIN_ZOOM = 1; // fitting the width never goes below 16 px cells
  var SOLVED_TEXT = 'Solved! Every row and column matches its clue.';

  /* ---------- reading the puzzle ---------- */

  function isInt(v) {
    return typeof v === 'number' && isFinite(v) && Math.floor(v) === v;
  }

  function isRGB(v) {
    return typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);
  }

  // parseLines checks one clue set: n lines of [length, colour] blocks whose
  // minimum length fits in size cells.
  function parseLines(lines, n, what, colours, size) {
    if (!Array.isArray(lines) || lines.length !== n) {
      throw new Error('"' + what + '" must list ' + n + ' lines');
    }
    return lines.map(function (line, i) {
      if (!Array.isArray(line)) {
        throw new Error(what + ' line ' + (i + 1) + ' is not a list');
      }
      var need = 0;
      var out = line.map(function (block, j) {
        if (!Array.isArray(block) || block.length !== 2 || !isInt(block[0]) || !isInt(block[1]) ||
            block[0] < 1 || block[1] < 1 || block[1] >= colours) {
          throw new Error(what + ' line ' + (i + 1) + ' block ' + (j + 1) + ' is not [length, colour]');
        }
        need += block[0];
        if (j > 0 && line[j - 1][1] === block[1]) {
          need++;
        }
        return [block[0], block[1]];
      });
      if (need > size) {
        throw new Error(what + ' line ' + (i + 1) + ' needs ' + need + ' cells but has ' + size);
      }
      return out;
    });
  }

  // parsePuzzle validates the page's JSON and returns the puzzle.
  function parsePuzzle(text) {
    var p;
    try {
      p = JSON.parse(text);
    } catch (e) {
      throw new Error('the puzzle data is not valid JSON');
    }
    if (!p || typeof p !== 'object') {
      throw new Error('the puzzle data is not an object');
    }
    var w = p.width;
    var h = p.height;
    if (!isInt(w) || !isInt(h) || w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
      throw new Error('width and height must be whole numbers from 1 to ' + MAX_SIDE);
    }
    if (!Array.isArray(p.palette) || p.palette.length < 2) {
      throw new Error('the palette needs a background and at least one colour');
    }
    var palette = p.palette.map(function (c, i) {
      c = c && typeof c === 'object' ? c : {};
      var name = typeof c.name === 'string' && c.name !== '' ? c.name : (i === 0 ? 'background' : 'colour ' + i);
      return {
        char: typeof c.char === 'string' ? c.char : '',
        name: name,
        rgb: isRGB(c.rgb) ? c.rgb.toLowerCase() : (i === 0 ? '#ffffff' : '#808080')
      };
    });
    var id = typeof p.id === 'string' && /^[0-9A-Za-z_-]{1,128}$/.test(p.id) ? p.id : '';
    return {
      id: id,
      title: typeof p.title === 'string' ? p.title : '',
      width: w,
      height: h,
      rows: parseLines(p.rows, h, 'rows', palette.length, w),
      cols: parseLines(p.cols, w, 'cols', palette.length, h),
      palette: palette
    };
  }

  /* ---------- small DOM and colour helpers ---------- */

  // el makes an element with a class and text; never parses HTML.
  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) {
      e.className = className;
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  function luminance(rgb) {
    var lin = function (i) {
      var x = parseInt(rgb.substr(i, 2), 16) / 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  }

  // inkOn is the text colour readable on background rgb.
  function inkOn(rgb) {
    return luminance(rgb) > 0.18 ? '#000000' : '#ffffff';
  }

  // setColour gives e the palette colour c as CSS variables, and in a
  // multicolour puzzle the mono-safe glyph of c, as on the printed sheet:
  // eight shapes, filled then hollow.
  function setColour(e, colour, c, withGlyph) {
    e.style.setProperty('--np-fill', colour.rgb);
    e.style.setProperty('--np-ink', inkOn(colour.rgb));
    if (withGlyph) {
      var i = (c - 1) % 16;
      e.setAttribute('data-shape', String(i % 8));
      if (i >= 8) {
        e.setAttribute('data-hollow', '');
      } else {
        e.removeAttribute('data-hollow');
      }
    }
  }

  function clearColour(e) {
    e.style.removeProperty('--np-fill');
    e.style.removeProperty('--np-ink');
    e.removeAttribute('data-shape');
    e.removeAttribute('data-hollow');
  }

  /* ---------- the game ---------- */

  function createGame(root, pz) {
    var w = pz.width;
    var h = pz.height;
    var n = w * h;
    var multi = pz.palette.length > 2;
    var storageKey = pz.id ? STORAGE_PREFIX + pz.id : '';

    var state = new Array(n);
    for (var s = 0; s < n; s++) {
      state[s] = EMPTY;
    }
    var rowDone = new Array(h);
    var colDone = new Array(w);
    var doneLines = 0;
    var solved = false;
    var tool = 1; // a colour index, or CROSS
    var focusIndex = 0;
    var stroke = null;
    var undoStack = [];
    var redoStack = [];
    var lastKeyTarget = null;
    var zoom = w <= 10 ? 5 : w <= 20 ? 4 : w <= 30 ? 3 : 2;

    var cells = new Array(n);
    var rowHeads = new Array(h);
    var colHeads = new Array(w);
    var toolButtons = [];

    /* --- building the UI --- */

    while (root.firstChild) {
      root.removeChild(root.firstChild);
    }
    root.classList.add('np-play');
    root.classList.toggle('np-multi', multi);

    var toolbar = el('div', 'np-toolbar');
    var tools = el('div', 'np-tools');
    tools.setAttribute('role', 'group');
    tools.setAttribute('aria-label', multi ? 'Colour (legend) and tools' : 'Tools');
    for (var c = 1; c < pz.palette.length; c++) {
      var colour = pz.palette[c];
      var b = el('button', 'np-tool');
      b.type = 'button';
      b.setAttribute('data-tool', String(c));
      var sw = el('span', 'np-tool-swatch');
      sw.setAttribute('aria-hidden', 'true');
      setColour(sw, colour, c, multi);
      b.appendChild(sw);
      b.appendChild(el('span', 'np-tool-name', multi ? colour.name : 'Fill'));
      if (c <= 9) {
        b.appendChild(el('kbd', 'np-key', String(c)));
        b.setAttribute('aria-keyshortcuts', String(c));
      }
      tools.appendChild(b);
      toolButtons.push(b);
    }
    var crossButton = el('button', 'np-tool');
    crossButton.type = 'button';
    crossButton.setAttribute('data-tool', String(CROSS));
    var crossMark = el('span', 'np-tool-swatch np-tool-cross');
    crossMark.setAttribute('aria-hidden', 'true');
    crossButton.appendChild(crossMark);
    crossButton.appendChild(el('span', 'np-tool-name', 'Cross out'));
    crossButton.appendChild(el('kbd', 'np-key', 'X'));
    tools.appendChild(crossButton);
    toolButtons.push(crossButton);
    toolbar.appendChild(tools);

    var actions = el('div', 'np-actions');
    var button = function (cls, label, text, keys) {
      var b = el('button', 'np-action ' + cls, text);
      b.type = 'button';
      if (label) {
        b.setAttribute('aria-label', label);
      }
      if (keys) {
        b.setAttribute('aria-keyshortcuts', keys);
      }
      actions.appendChild(b);
      return b;
    };
    var undoButton = button('np-undo', '', 'Undo', 'Control+Z');
    var redoButton = button('np-redo', '', 'Redo', 'Control+Y');
    var resetButton = button('np-reset', '', 'Reset', '');
    var zoomOutButton = button('np-zoom-out', 'Zoom out', '\u2212', '');
    var zoomInButton = button('np-zoom-in', 'Zoom in', '+', '');
    toolbar.appendChild(actions);
    root.appendChild(toolbar);

    var status = el('p', 'np-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    root.appendChild(status);

    var scroller = el('div', 'np-scroll');
    var table = el('table', 'np-grid');
    table.setAttribute('role', 'grid');
    table.setAttribute('aria-label', (pz.title ? pz.title + ': ' : '') + 'puzzle grid, ' + w + ' columns by ' + h + ' rows');

    var thead = el('thead');
    var headRow = el('tr');
    var corner = el('td', 'np-corner');
    headRow.appendChild(corner);
    for (var x = 0; x < w; x++) {
      var th = el('th', 'np-colclue');
      th.scope = 'col';
      if (x % 5 === 4 && x !== w - 1) {
        th.classList.add('np-r5');
      }
      fillClue(th, pz.cols[x]);
      colHeads[x] = th;
      headRow.appendChild(th);
    }
    thead.appendChild(headRow);
    table.appendChild(thead);

    var tbody = el('tbody');
    for (var y = 0; y < h; y++) {
      var tr = el('tr');
      var rh = el('th', 'np-rowclue');
      rh.scope = 'row';
      if (y % 5 === 4 && y !== h - 1) {
        rh.classList.add('np-b5');
      }
      fillClue(rh, pz.rows[y]);
      rowHeads[y] = rh;
      tr.appendChild(rh);
      for (x = 0; x < w; x++) {
        var td = el('td', 'np-cell');
        td.setAttribute('role', 'gridcell');
        td.setAttribute('data-x', String(x));
        td.setAttribute('data-y', String(y));
        td.tabIndex = -1;
        if (x % 5 === 4 && x !== w - 1) {
          td.classList.add('np-r5');
        }
        if (y % 5 === 4 && y !== h - 1) {
          td.classList.add('np-b5');
        }
        cells[y * w + x] = td;
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    scroller.appendChild(table);
    root.appendChild(scroller);
    root.appendChild(buildHelp());

    // fillClue writes a line's blocks into its header cell.
    function fillClue(head, line) {
      var box = el('span', 'np-clues');
      box.setAttribute('aria-hidden', 'true');
      if (line.length === 0) {
        box.appendChild(el('span', 'np-clue np-clue-zero', '0'));
      }
      line.forEach(function (block) {
        var span = el('span', 'np-clue', String(block[0]));
        if (multi) {
          span.classList.add('np-clue-colour');
          setColour(span, pz.palette[block[1]], block[1], false);
          var g = el('span', 'np-glyph');
          setColour(g, pz.palette[block[1]], block[1], true);
          span.appendChild(g);
        }
        box.appendChild(span);
      });
      head.appendChild(box);
    }

    function clueWords(line) {
      if (line.length === 0) {
        return 'empty';
      }
      return line.map(function (block) {
        return multi ? block[0] + ' ' + pz.palette[block[1]].name : String(block[0]);
      }).join(', ');
    }

    function buildHelp() {
      var d = el('details', 'np-help');
      d.appendChild(el('summary', '', 'How to play'));
      var ul = el('ul');
      [
        'Click or tap a cell to fill it with the chosen ' + (multi ? 'colour' : 'tool') + '; click it again to clear it.',
        'Right-click, or choose \u201cCross out\u201d, to mark a cell as empty.',
        'Drag along a row or column to do the same to a whole run.',
        'Keyboard: arrow keys move; Space or Enter uses the chosen tool; X crosses out; Delete clears; ' +
          'Shift+arrow moves and repeats the last change; Home and End go to the ends of the row.',
        (multi ? 'Keys 1 to 9 choose a colour. ' : '') + 'Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes.',
        'On a touch screen, scroll the grid by dragging the clues, and pinch to zoom.',
        'Your progress is kept in this browser. Reset clears it (Undo brings it back).'
      ].forEach(function (t) {
        ul.appendChild(el('li', '', t));
      });
      d.appendChild(ul);
      return d;
    }

    /* --- showing state --- */

    function stateWords(v) {
      if (v === EMPTY) {
        return 'empty';
      }
      if (v === CROSS) {
        return 'crossed out';
      }
      return multi ? 'filled ' + pz.palette[v].name : 'filled';
    }

    function paint(i) {
      var td = cells[i];
      var v = state[i];
      td.classList.toggle('np-filled', v > 0);
      td.classList.toggle('np-crossed', v === CROSS);
      td.setAttribute('data-state', v === EMPTY ? 'empty' : v === CROSS ? 'crossed' : 'filled');
      if (v > 0) {
        td.setAttribute('data-colour', String(v));
        setColour(td, pz.palette[v], v, multi);
      } else {
        td.removeAttribute('data-colour');
        clearColour(td);
      }
      var x = i % w;
      var y = (i - x) / w;
      td.setAttribute('aria-label', 'Row ' + (y + 1) + ', column ' + (x + 1) + ': ' + stateWords(v));
    }

    function labelHead(head, kind, k, line, done) {
      head.classList.toggle('np-done', done);
      head.setAttribute('aria-label', kind + ' ' + (k + 1) + ' clue: ' + clueWords(line) + (done ? ', complete' : ''));
    }

    // lineMatches reports whether the cells at start, start+step, ... (count
    // of them) produce exactly the clue: crosses and empty cells both count
    // as background.
    function lineMatches(start, step, count, clue) {
      var k = 0;
      var i = 0;
      while (i < count) {
        var v = state[start + i * step];
        if (v <= 0) {
          i++;
          continue;
        }
        var j = i + 1;
        while (j < count && state[start + j * step] === v) {
          j++;
        }
        if (k >= clue.length || clue[k][0] !== j - i || clue[k][1] !== v) {
          return false;
        }
        k++;
        i = j;
      }
      return k === clue.length;
    }

    function checkRow(y) {
      var done = lineMatches(y * w, 1, w, pz.rows[y]);
      if (done !== rowDone[y]) {
        doneLines += done ? 1 : rowDone[y] === undefined ? 0 : -1;
        rowDone[y] = done;
        labelHead(rowHeads[y], 'Row', y, pz.rows[y], done);
      }
    }

    function checkCol(x) {
      var done = lineMatches(x, w, h, pz.cols[x]);
      if (done !== colDone[x]) {
        doneLines += done ? 1 : colDone[x] === undefined ? 0 : -1;
        colDone[x] = done;
        labelHead(colHeads[x], 'Column', x, pz.cols[x], done);
      }
    }

    // settle rechecks the given lines and says when the grid becomes solved
    // or stops being solved.
    function settle(rows, cols) {
      rows.forEach(checkRow);
      cols.forEach(checkCol);
      var now = doneLines === w + h;
      if (now !== solved) {
        solved = now;
        root.classList.toggle('np-solved', solved);
        say(solved ? SOLVED_TEXT : '');
      }
    }

    function say(text) {
      status.textContent = text;
    }

    /* --- changing cells --- */

    // setCell changes one cell within the current stroke.
    function setCell(i, v) {
      if (state[i] === v) {
        return;
      }
      if (!stroke.before.has(i)) {
        stroke.before.set(i, state[i]);
      }
      state[i] = v;
      paint(i);
      var x = i % w;
      stroke.rows.add((i - x) / w);
      stroke.cols.add(x);
    }

    // beginStroke starts a change at cell i with tool t: the cell toggles
    // between t and empty, and a drag spreads the same change along the row
    // or column to cells that were as the first cell was.
    function beginStroke(i, t, pointerId) {
      var target = state[i] === t ? EMPTY : t;
      beginStrokeTo(i, target, pointerId);
    }

    function beginStrokeTo(i, target, pointerId) {
      if (stroke) {
        endStroke();
      }
      stroke = {
        start: i,
        origin: state[i],
        target: target,
        pointerId: pointerId,
        axis: '',
        before: new Map(),
        rows: new Set(),
        cols: new Set(),
        covered: []
      };
      extendStroke(i);
    }

    // extendStroke makes the stroke cover the straight run from its first
    // cell towards cell i, undoing cells it no longer covers.
    function extendStroke(i) {
      var sx = stroke.start % w;
      var sy = (stroke.start - sx) / w;
      var x = i % w;
      var y = (i - x) / w;
      if (!stroke.axis && i !== stroke.start) {
        stroke.axis = Math.abs(x - sx) >= Math.abs(y - sy) ? 'row' : 'col';
      }
      var run = [];
      if (stroke.axis === 'row') {
        var step = x >= sx ? 1 : -1;
        for (var cx = sx; ; cx += step) {
          run.push(sy * w + cx);
          if (cx === x) {
            break;
          }
        }
      } else if (stroke.axis === 'col') {
        var ystep = y >= sy ? 1 : -1;
        for (var cy = sy; ; cy += ystep) {
          run.push(cy * w + sx);
          if (cy === y) {
            break;
          }
        }
      } else {
        run.push(stroke.start);
      }
      var inRun = new Set(run);
      stroke.covered.forEach(function (j) {
        if (!inRun.has(j) && stroke.before.has(j)) {
          setCell(j, stroke.before.get(j));
        }
      });
      run.forEach(function (j) {
        var was = stroke.before.has(j) ? stroke.before.get(j) : state[j];
        if (was === stroke.origin) {
          setCell(j, stroke.target);
        }
      });
      stroke.covered = run;
      settle(stroke.rows, stroke.cols);
    }

    // endStroke records the stroke's changes as one undoable step.
    function endStroke() {
      if (!stroke) {
        return;
      }
      var changes = [];
      stroke.before.forEach(function (was, i) {
        if (was !== state[i]) {
          changes.push({ i: i, before: was, after: state[i] });
        }
      });
      settle(stroke.rows, stroke.cols);
      stroke = null;
      if (changes.length > 0) {
        record(changes);
      }
    }

    function record(changes) {
      undoStack.push(changes);
      if (undoStack.length > HISTORY_LIMIT) {
        undoStack.shift();
      }
      redoStack = [];
      afterChange();
    }

    function afterChange() {
      undoButton.disabled = undoStack.length === 0;
      redoButton.disabled = redoStack.length === 0;
      save();
    }

    // applyChanges sets cells to their before or after values (undo, redo).
    function applyChanges(changes, useBefore) {
      var rows = new Set();
      var cols = new Set();
      changes.forEach(function (ch) {
        state[ch.i] = useBefore ? ch.before : ch.after;
        paint(ch.i);
        var x = ch.i % w;
        rows.add((ch.i - x) / w);
        cols.add(x);
      });
      settle(rows, cols);
    }

    function undo() {
      endStroke();
      var changes = undoStack.pop();
      if (!changes) {
        return;
      }
      applyChanges(changes, true);
      redoStack.push(changes);
      afterChange();
      if (!solved) {
        say('Undone.');
      }
    }

    function redo() {
      endStroke();
      var changes = redoStack.pop();
      if (!changes) {
        return;
      }
      applyChanges(changes, false);
      undoStack.push(changes);
      afterChange();
      if (!solved) {
        say('Redone.');
      }
    }

    function reset() {
      endStroke();
      var changes = [];
      for (var i = 0; i < n; i++) {
        if (state[i] !== EMPTY) {
          changes.push({ i: i, before: state[i], after: EMPTY });
        }
      }
      if (changes.length === 0) {
        say('The grid is already empty.');
        return;
      }
      applyChanges(changes, false);
      record(changes);
      say('Grid cleared. Undo brings it back.');
    }

    /* --- saving progress --- */

    // Each cell is stored as one character: '0' empty, '1' crossed, '2' the
    // first colour, and so on.
    function encode() {
      var out = '';
      for (var i = 0; i < n; i++) {
        out += String.fromCharCode(49 + state[i]);
      }
      return out;
    }

    function save() {
      if (!storageKey) {
        return;
      }
      try {
        var any = state.some(function (v) {
          return v !== EMPTY;
        });
        if (any) {
          window.localStorage.setItem(storageKey, JSON.stringify({
            v: STORAGE_VERSION, width: w, height: h, cells: encode()
          }));
        } else {
          window.localStorage.removeItem(storageKey);
        }
      } catch (e) {
        // No storage (file:// in some browsers, private mode, quota): play on.
      }
    }

    // restore reads saved progress; anything that does not fit this puzzle
    // exactly is ignored.
    function restore() {
      if (!storageKey) {
        return false;
      }
      var saved;
      try {
        saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      } catch (e) {
        return false;
      }
      if (!saved || saved.v !== STORAGE_VERSION || saved.width !== w || saved.height !== h ||
          typeof saved.cells !== 'string' || saved.cells.length !== n) {
        return false;
      }
      var vals = new Array(n);
      for (var i = 0; i < n; i++) {
        var v = saved.cells.charCodeAt(i) - 49;
        if (v < EMPTY || v >= pz.palette.length) {
          return false;
        }
        vals[i] = v;
      }
      state = vals;
      return true;
    }

    /* --- tools, focus and zoom --- */

    function chooseTool(t) {
      if (t !== CROSS && (t < 1 || t >= pz.palette.length)) {
        return;
      }
      tool = t;
      toolButtons.forEach(function (b) {
        b.setAttribute('aria-pressed', b.getAttribute('data-tool') === String(t) ? 'true' : 'false');
      });
    }

    function focusCell(i, fromPointer) {
      i = Math.max(0, Math.min(n - 1, i));
      cells[focusIndex].tabIndex = -1;
      focusIndex = i;
      cells[i].tabIndex = 0;
      cells[i].focus({ preventScroll: true });
      if (!fromPointer) {
        revealCell(i);
      }
    }

    // revealCell scrolls the grid so that cell i is in view and not hidden
    // under the sticky clue headers, then scrolls the page if need be.
    function revealCell(i) {
      var sr = scroller.getBoundingClientRect();
      var cr = cells[i].getBoundingClientRect();
      var top = sr.top + scroller.clientTop + thead.offsetHeight;
      var left = sr.left + scroller.clientLeft + rowHeads[0].offsetWidth;
      var bottom = sr.top + scroller.clientTop + scroller.clientHeight;
      var right = sr.left + scroller.clientLeft + scroller.clientWidth;
      if (cr.top < top) {
        scroller.scrollTop -= top - cr.top;
      } else if (cr.bottom > bottom) {
        scroller.scrollTop += cr.bottom - bottom;
      }
      if (cr.left < left) {
        scroller.scrollLeft -= left - cr.left;
      } else if (cr.right > right) {
        scroller.scrollLeft += cr.right - right;
      }
      cr = cells[i].getBoundingClientRect();
      if (cr.top < 0 || cr.left < 0 || cr.bottom > window.innerHeight || cr.right > window.innerWidth) {
        cells[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
    }

    var currentHeads = [];
    function highlight(i) {
      currentHeads.forEach(function (head) {
        head.classList.remove('np-current');
      });
      var x = i % w;
      currentHeads = [rowHeads[(i - x) / w], colHeads[x]];
      currentHeads.forEach(function (head) {
        head.classList.add('np-current');
      });
    }

    function setZoom(z) {
      zoom = Math.max(0, Math.min(ZOOM_STEPS.length - 1, z));
      root.style.setProperty('--np-cell', ZOOM_STEPS[zoom] + 'px');
      zoomOutButton.disabled = zoom === 0;
      zoomInButton.disabled = zoom === ZOOM_STEPS.length - 1;
    }

    // fitWidth zooms out, not below AUTO_MIN_ZOOM, until the grid and its
    // clues fit the width the page gives them (a phone, a narrow column).
    // Everything in the grid scales with the cell size, so one measure tells
    // how far to go.
    function fitWidth() {
      var room = root.clientWidth;
      var need = table.offsetWidth;
      if (room <= 0 || need <= room) {
        return;
      }
      var want = ZOOM_STEPS[zoom] * room / need;
      var z = zoom;
      while (z > AUTO_MIN_ZOOM && ZOOM_STEPS[z] > want) {
        z--;
      }
      setZoom(z);
    }

    function cellIndex(target) {
      var td = target && target.closest ? target.closest('td.np-cell') : null;
      if (!td || !table.contains(td)) {
        return -1;
      }
      return Number(td.getAttribute('data-y')) * w + Number(td.getAttribute('data-x'));
    }

    /* --- events --- */

    tools.addEventListener('click', function (e) {
      var b = e.target.closest('button[data-tool]');
      if (b) {
        chooseTool(Number(b.getAttribute('data-tool')));
      }
    });
    undoButton.addEventListener('click', undo);
    redoButton.addEventListener('click', redo);
    resetButton.addEventListener('click', reset);
    zoomOutButton.addEventListener('click', function () {
      setZoom(zoom - 1);
    });
    zoomInButton.addEventListener('click', function () {
      setZoom(zoom + 1);
    });

    table.addEventListener('pointerdown', function (e) {
      var i = cellIndex(e.target);
      if (i < 0 || (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 2)) {
        return;
      }
      e.preventDefault();
      focusCell(i, true);
      beginStroke(i, e.button === 2 ? CROSS : tool, e.pointerId);
    });
    var onPointerMove = function (e) {
      if (!stroke || stroke.pointerId !== e.pointerId) {
        return;
      }
      if (e.pointerType === 'mouse' && e.buttons === 0) {
        endStroke(); // the button was released outside the window
        return;
      }
      var i = cellIndex(document.elementFromPoint(e.clientX, e.clientY));
      if (i >= 0) {
        extendStroke(i);
      }
    };
    var onPointerEnd = function (e) {
      if (stroke && stroke.pointerId === e.pointerId) {
        endStroke();
      }
    };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerEnd);
    window.addEventListener('pointercancel', onPointerEnd);
    table.addEventListener('contextmenu', function (e) {
      if (cellIndex(e.target) >= 0) {
        e.preventDefault();
      }
    });
    table.addEventListener('focusin', function (e) {
      var i = cellIndex(e.target);
      if (i >= 0) {
        if (i !== focusIndex) {
          cells[focusIndex].tabIndex = -1;
          focusIndex = i;
          cells[i].tabIndex = 0;
        }
        highlight(i);
      }
    });

    // keyAct applies a key's change to the focused cell as one step.
    function keyAct(target) {
      beginStrokeTo(focusIndex, target, null);
      lastKeyTarget = target;
      endStroke();
    }

    table.addEventListener('keydown', function (e) {
      var i = cellIndex(e.target);
      if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) {
        return;
      }
      var x = i % w;
      var y = (i - x) / w;
      var to = -1;
      switch (e.key) {
        case 'ArrowLeft': to = x > 0 ? i - 1 : i; break;
        case 'ArrowRight': to = x < w - 1 ? i + 1 : i; break;
        case 'ArrowUp': to = y > 0 ? i - w : i; break;
        case 'ArrowDown': to = y < h - 1 ? i + w : i; break;
        case 'Home': to = y * w; break;
        case 'End': to = y * w + w - 1; break;
        case ' ':
        case 'Enter':
        case 'f':
        case 'F':
          keyAct(state[i] === tool ? EMPTY : tool);
          break;
        case 'x':
        case 'X':
          keyAct(state[i] === CROSS ? EMPTY : CROSS);
          break;
        case 'Delete':
        case 'Backspace':
          keyAct(EMPTY);
          break;
        default:
          if (/^[1-9]$/.test(e.key) && Number(e.key) < pz.palette.length) {
            chooseTool(Number(e.key));
            say('Tool: ' + pz.palette[Number(e.key)].name + '.');
            break;
          }
          return;
      }
      e.preventDefault();
      if (to >= 0) {
        focusCell(to, false);
        if (e.shiftKey && lastKeyTarget !== null && to !== i) {
          keyAct(lastKeyTarget);
        }
      }
    });

    root.addEventListener('keydown', function (e) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) {
        return;
      }
      var k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        undo();
      } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
        redo();
      } else {
        return;
      }
      e.preventDefault();
    });

    /* --- start --- */

    var restored = restore();
    var all = [];
    for (var i = 0; i < n; i++) {
      paint(i);
    }
    for (y = 0; y < h; y++) {
      all.push(y);
    }
    var allCols = [];
    for (x = 0; x < w; x++) {
      allCols.push(x);
    }
    doneLines = 0;
    settle(all, allCols);
    if (restored && !solved) {
      say('Progress restored.');
    }
    chooseTool(1);
    setZoom(zoom);
    fitWidth();
    undoButton.disabled = true;
    redoButton.disabled = true;
    cells[0].tabIndex = 0;
    root.setAttribute('data-ready', 'true');
  }

  function showError(root, message) {
    while (root.firstChild) {
      root.removeChild(root.firstChild);
    }
    root.classList.add('np-play', 'np-error');
    var p = el('p', 'np-status', 'Play mode is unavailable: ' + message + '.');
    p.setAttribute('role', 'status');
    root.appendChild(p);
  }

  function start() {
    var root = document.getElementById('np-play');
    var data = document.getElementById('np-puzzle');
    if (!root || !data) {
      return;
    }
    var pz;
    try {
      pz = parsePuzzle(data.textContent);
    } catch (e) {
      showError(root, e.message);
      return;
    }
    createGame(root, pz);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
