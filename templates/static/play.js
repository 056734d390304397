/*
 * nonopress play mode: solve a puzzle in the page.
 *
 * Reads the puzzle from <script type="application/json" id="np-puzzle"> and
 * builds the whole game inside <div id="np-play">. Plain script, no modules and
 * no network, so that it works from a static host and from file:// pages.
 *
 * The parts, top to bottom:
 *   parsePuzzle    checks the page's JSON;
 *   createBoard    the cells, the clue checks, strokes and undo (no DOM);
 *   progressStore  saved progress, kept by progress.js by puzzle id;
 *   buildView      the DOM: legend and tools, grid with clues, status;
 *   createGame     ties them together and handles mouse, touch and keys.
 *
 * Cell values: EMPTY (-1, undecided), CROSS (0, marked as background) or a
 * palette index from 1 (filled with that colour). The grid is checked against
 * the clues, never against a stored solution.
 */
(function () {
  'use strict';

  var EMPTY = -1;
  var CROSS = 0;
  var MAX_SIDE = 1024;
  var HISTORY_LIMIT = 500;
  var ZOOM_STEPS = [12, 16, 20, 24, 28, 32, 40, 48];
  var AUTO_MIN_ZOOM = 1; // fitting the width never goes below 16 px cells
  var SOLVED_TEXT = 'Solved! Every row and column matches its clue.';
  var CLEARED_TEXT = 'Grid cleared. Undo brings it back.';

  /* ---------- parsePuzzle: the page's JSON ---------- */

  function isInt(v) {
    return typeof v === 'number' && isFinite(v) && Math.floor(v) === v;
  }

  function isRGB(v) {
    return typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);
  }

  // parseLines checks one clue set: n lines of [length, colour] blocks whose
  // minimum length fits in size cells. A length of 0 is a blot (webpbn's
  // hidden clue number): a block of any length from 1.
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
            block[0] < 0 || block[1] < 1 || block[1] >= colours) {
          throw new Error(what + ' line ' + (i + 1) + ' block ' + (j + 1) + ' is not [length, colour]');
        }
        need += Math.max(block[0], 1);
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
      return {
        char: typeof c.char === 'string' ? c.char : '',
        name: typeof c.name === 'string' && c.name !== '' ? c.name : (i === 0 ? 'background' : 'colour ' + i),
        rgb: isRGB(c.rgb) ? c.rgb.toLowerCase() : (i === 0 ? '#ffffff' : '#808080')
      };
    });
    return {
      id: typeof p.id === 'string' && /^[0-9A-Za-z_-]{1,128}$/.test(p.id) ? p.id : '',
      title: typeof p.title === 'string' ? p.title : '',
      width: w,
      height: h,
      rows: parseLines(p.rows, h, 'rows', palette.length, w),
      cols: parseLines(p.cols, w, 'cols', palette.length, h),
      palette: palette,
      check: p.check && typeof p.check === 'object' ? p.check : null,
      onDemand: p.onDemand === true
    };
  }

  /* ---------- createBoard: cells, clue checks, strokes, history ---------- */

  // createBoard holds the cell values and tells on (an object of callbacks)
  // what changed: on.cell(i, value), on.line(isRow, k, done),
  // on.rechecked(rows, cols) (the sets of lines whose cells changed) and
  // on.solved(solved). It knows nothing of the DOM.
  function createBoard(pz, on) {
    var w = pz.width;
    var h = pz.height;
    var n = w * h;
    var state = [];
    for (var s = 0; s < n; s++) {
      state.push(EMPTY);
    }
    var rowDone = [];
    var colDone = [];
    var doneLines = 0;
    var solved = false;
    var stroke = null;
    var undoStack = [];
    var redoStack = [];

    // lineMatches reports whether the count cells at start, start+step, ...
    // give exactly the clue: crosses and empty cells both count as background.
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
        if (k >= clue.length || (clue[k][0] !== 0 && clue[k][0] !== j - i) || clue[k][1] !== v) {
          return false;
        }
        k++;
        i = j;
      }
      return k === clue.length;
    }

    // checkLine rechecks one line and reports it when its state changes (or
    // on the first check, when done[k] is still undefined).
    function checkLine(isRow, k) {
      var done = isRow ? lineMatches(k * w, 1, w, pz.rows[k]) : lineMatches(k, w, h, pz.cols[k]);
      var marks = isRow ? rowDone : colDone;
      if (done !== marks[k]) {
        doneLines += done ? 1 : marks[k] === undefined ? 0 : -1;
        marks[k] = done;
        on.line(isRow, k, done);
      }
    }

    // settle rechecks the lines of the given cells and reports a change of
    // the solved state.
    function settle(indices) {
      var rows = new Set();
      var cols = new Set();
      indices.forEach(function (i) {
        var x = i % w;
        rows.add((i - x) / w);
        cols.add(x);
      });
      rows.forEach(function (y) {
        checkLine(true, y);
      });
      cols.forEach(function (x) {
        checkLine(false, x);
      });
      if (on.rechecked) {
        on.rechecked(rows, cols);
      }
      var now = doneLines === w + h;
      if (now !== solved) {
        solved = now;
        on.solved(solved);
      }
    }

    function put(i, v) {
      state[i] = v;
      on.cell(i, v);
    }

    // strokeSet changes one cell within the current stroke.
    function strokeSet(i, v) {
      if (state[i] === v) {
        return;
      }
      if (!stroke.before.has(i)) {
        stroke.before.set(i, state[i]);
      }
      put(i, v);
    }

    // runTowards lists the cells of the stroke's line from its first cell to
    // the one nearest i; the first move away from the first cell chooses the
    // line (its row or its column).
    function runTowards(i) {
      var sx = stroke.start % w;
      var sy = (stroke.start - sx) / w;
      var x = i % w;
      var y = (i - x) / w;
      if (!stroke.axis && i !== stroke.start) {
        stroke.axis = Math.abs(x - sx) >= Math.abs(y - sy) ? 'row' : 'col';
      }
      var run = [];
      var c;
      var step;
      if (stroke.axis === 'row') {
        step = x >= sx ? 1 : -1;
        for (c = sx; ; c += step) {
          run.push(sy * w + c);
          if (c === x) {
            break;
          }
        }
      } else if (stroke.axis === 'col') {
        step = y >= sy ? 1 : -1;
        for (c = sy; ; c += step) {
          run.push(c * w + sx);
          if (c === y) {
            break;
          }
        }
      } else {
        run.push(stroke.start);
      }
      return run;
    }

    function record(changes) {
      undoStack.push(changes);
      if (undoStack.length > HISTORY_LIMIT) {
        undoStack.shift();
      }
      redoStack = [];
    }

    // replay sets the cells of a recorded step to their values before or
    // after it.
    function replay(changes, before) {
      changes.forEach(function (ch) {
        put(ch.i, before ? ch.before : ch.after);
      });
      settle(changes.map(function (ch) {
        return ch.i;
      }));
    }

    var board = {
      width: w,
      height: h,
      size: n,

      value: function (i) {
        return state[i];
      },

      values: function () {
        return state.slice();
      },

      isSolved: function () {
        return solved;
      },

      // lineDone reports whether row (or column) k gives its clue.
      lineDone: function (isRow, k) {
        return (isRow ? rowDone : colDone)[k] === true;
      },

      canUndo: function () {
        return undoStack.length > 0;
      },

      canRedo: function () {
        return redoStack.length > 0;
      },

      // load sets every cell (saved progress) without history, and checks
      // every line. Only cells whose value changes are drawn again: the
      // view always shows state, so a large grid loaded empty costs no
      // drawing.
      load: function (values) {
        var all = [];
        for (var i = 0; i < n; i++) {
          var v = values ? values[i] : EMPTY;
          if (v !== state[i]) {
            put(i, v);
          }
          all.push(i);
        }
        settle(all);
      },

      // begin starts a stroke at cell i that sets it to target. tag tells
      // which pointer drives the stroke (see strokeTag).
      begin: function (i, target, tag) {
        board.end();
        stroke = { start: i, origin: state[i], target: target, tag: tag, axis: '', before: new Map(), covered: [] };
        board.extend(i);
      },

      // toggle begins a stroke that sets cell i to value, or back to empty if
      // it holds value already.
      toggle: function (i, value, tag) {
        board.begin(i, state[i] === value ? EMPTY : value, tag);
      },

      // extend makes the stroke cover the straight run from its first cell
      // towards cell i. Cells of the run that were as the first cell was take
      // the stroke's value; cells it no longer covers get theirs back.
      extend: function (i) {
        if (!stroke) {
          return;
        }
        var run = runTowards(i);
        var inRun = new Set(run);
        stroke.covered.forEach(function (j) {
          if (!inRun.has(j) && stroke.before.has(j)) {
            strokeSet(j, stroke.before.get(j));
          }
        });
        run.forEach(function (j) {
          var was = stroke.before.has(j) ? stroke.before.get(j) : state[j];
          if (was === stroke.origin) {
            strokeSet(j, stroke.target);
          }
        });
        stroke.covered = run;
        settle(Array.from(stroke.before.keys()));
      },

      // strokeTag is the tag of the stroke under way, or undefined.
      strokeTag: function () {
        return stroke ? stroke.tag : undefined;
      },

      // end records the stroke as one step to undo; it returns whether any
      // cell changed.
      end: function () {
        if (!stroke) {
          return false;
        }
        var changes = [];
        stroke.before.forEach(function (was, i) {
          if (was !== state[i]) {
            changes.push({ i: i, before: was, after: state[i] });
          }
        });
        stroke = null;
        if (changes.length === 0) {
          return false;
        }
        record(changes);
        return true;
      },

      undo: function () {
        board.end();
        var changes = undoStack.pop();
        if (!changes) {
          return false;
        }
        replay(changes, true);
        redoStack.push(changes);
        return true;
      },

      redo: function () {
        board.end();
        var changes = redoStack.pop();
        if (!changes) {
          return false;
        }
        replay(changes, false);
        undoStack.push(changes);
        return true;
      },

      // apply sets cells (a list of {i, v}) as one step to undo; false if
      // none changed.
      apply: function (list) {
        board.end();
        var changes = [];
        list.forEach(function (c) {
          if (state[c.i] !== c.v) {
            changes.push({ i: c.i, before: state[c.i], after: c.v });
          }
        });
        if (changes.length === 0) {
          return false;
        }
        replay(changes, false);
        record(changes);
        return true;
      },

      // cleared returns the cells a clear emptied when it is the last step
      // to undo (the grid is empty since), or null.
      cleared: function () {
        var last = undoStack[undoStack.length - 1];
        if (!last || !last.reset) {
          return null;
        }
        var values = state.slice();
        last.forEach(function (ch) {
          values[ch.i] = ch.before;
        });
        return values;
      },

      // unclear records, on an empty grid, the clear that emptied values as
      // the step to undo, without drawing them (a reload after a Reset);
      // false, doing nothing, if the grid is not empty.
      unclear: function (values) {
        var changes = [];
        for (var i = 0; i < n; i++) {
          if (state[i] !== EMPTY) {
            return false;
          }
          if (values[i] !== EMPTY) {
            changes.push({ i: i, before: values[i], after: EMPTY });
          }
        }
        if (changes.length === 0) {
          return false;
        }
        changes.reset = true;
        record(changes);
        return true;
      },

      // clear empties the grid as one step to undo; false if it was empty.
      clear: function () {
        board.end();
        var changes = [];
        for (var i = 0; i < n; i++) {
          if (state[i] !== EMPTY) {
            changes.push({ i: i, before: state[i], after: EMPTY });
          }
        }
        if (changes.length === 0) {
          return false;
        }
        changes.reset = true;
        replay(changes, false);
        record(changes);
        return true;
      }
    };
    return board;
  }

  /* ---------- progressStore: saved progress ---------- */

  // progressStore keeps a board's cells by puzzle id (progress.js says
  // how), and that the grid was solved once solved, kept when the cells
  // are emptied again (Reset), as the puzzle cards show it (cards.js).
  function progressStore(pz) {
    var n = pz.width * pz.height;
    // How an entry is read and kept is progress.js's (as the puzzle cards
    // read it); without it, play goes on with nothing kept.
    var store = window.NonopressProgress ? window.NonopressProgress.grid : null;
    var shape = { width: pz.width, height: pz.height, colours: pz.palette.length - 1 };
    // The entry as the page found it, when it fits this puzzle exactly:
    // load, cleared and timer are asked once each, at start-up, and read
    // it rather than the storage again.
    var found = store ? store.read(pz.id, shape) : null;
    var solvedOnce = (found || {}).solved === true;

    // decode reads cells saved as text (progress.js checked that they fit).
    function decode(text) {
      var values = [];
      for (var i = 0; i < n; i++) {
        values.push(text.charCodeAt(i) - 49);
      }
      return values;
    }

    function encode(values) {
      var text = '';
      for (var i = 0; i < values.length; i++) {
        text += String.fromCharCode(49 + values[i]);
      }
      return text;
    }

    return {
      // load returns the saved cells, or null when there are none that fit
      // this puzzle exactly.
      load: function () {
        var saved = found;
        return saved && saved.cells !== undefined ? decode(saved.cells) : null;
      },

      // cleared returns the cells the player's Reset cleared, when the
      // grid has stayed empty since (see save), or null.
      cleared: function () {
        var saved = found;
        return saved && saved.reset !== undefined ? decode(saved.reset) : null;
      },

      // timer returns the coach's saved timer (see coach.js), or null.
      timer: function () {
        var saved = found;
        return saved && saved.timer && typeof saved.timer === 'object' ? saved.timer : null;
      },

      // save stores the cells, and the coach's timer when it was started
      // (timer is then an object), or forgets them when the grid is empty,
      // unless Reset emptied it: then the cells it cleared (cleared) are
      // kept, so that Undo brings them back after a reload too. Once
      // solved (now or before), the entry says so for good.
      save: function (values, timer, cleared, solved) {
        if (!store) {
          return;
        }
        var any = values.some(function (v) {
          return v !== EMPTY;
        });
        solvedOnce = solvedOnce || solved;
        var entry = null;
        if (any || cleared || solvedOnce) {
          entry = {};
          if (any || cleared) {
            entry.cells = encode(values);
          }
          if (solvedOnce) {
            entry.solved = true;
          }
          if (timer) {
            entry.timer = timer;
          }
          if (cleared && !any) {
            entry.reset = encode(cleared);
          }
        }
        store.write(pz.id, shape, entry);
      }
    };
  }

  /* ---------- buildView: the DOM ---------- */

  // el makes an element with a class and text; it never parses HTML, so
  // titles and colour names from puzzle files stay text.
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

  // setColour gives e palette colour c as CSS variables and, when withGlyph,
  // the mono-safe glyph of c, as on the printed sheet: eight shapes, filled
  // for the first eight colours and hollow for the next eight.
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

  // words says cells and clues in words, for screen readers.
  function words(pz) {
    var multi = pz.palette.length > 2;
    var state = function (v) {
      return v === EMPTY ? 'empty' : v === CROSS ? 'crossed out' : multi ? 'filled ' + pz.palette[v].name : 'filled';
    };
    return {
      state: state,
      cell: function (i, v) {
        var x = i % pz.width;
        var y = (i - x) / pz.width;
        return 'Row ' + (y + 1) + ', column ' + (x + 1) + ': ' + state(v);
      },
      clue: function (isRow, k, done) {
        var line = isRow ? pz.rows[k] : pz.cols[k];
        var blocks = line.length === 0 ? 'empty' : line.map(function (b) {
          var n = b[0] === 0 ? 'blotted' : String(b[0]);
          return multi ? n + ' ' + pz.palette[b[1]].name : n;
        }).join(', ');
        return (isRow ? 'Row ' : 'Column ') + (k + 1) + ' clue: ' + blocks + (done ? ', complete' : '');
      }
    };
  }

  function button(className, text, label, keys) {
    var b = el('button', className, text);
    b.type = 'button';
    if (label) {
      b.setAttribute('aria-label', label);
    }
    if (keys) {
      b.setAttribute('aria-keyshortcuts', keys);
    }
    return b;
  }

  // buildTools makes the legend, which is also the colour picker, and the
  // cross-out tool.
  function buildTools(pz, multi) {
    var tools = el('div', 'np-tools');
    tools.setAttribute('role', 'group');
    tools.setAttribute('aria-label', multi ? 'Colour (legend) and tools' : 'Tools');
    var add = function (tool, name, key, swatch) {
      var b = button('np-tool', undefined, '', key);
      b.setAttribute('data-tool', String(tool));
      swatch.setAttribute('aria-hidden', 'true');
      b.appendChild(swatch);
      b.appendChild(el('span', 'np-tool-name', name));
      if (key) {
        b.appendChild(el('kbd', 'np-key', key));
      }
      tools.appendChild(b);
    };
    for (var c = 1; c < pz.palette.length; c++) {
      var swatch = el('span', 'np-tool-swatch');
      setColour(swatch, pz.palette[c], c, multi);
      add(c, multi ? pz.palette[c].name : 'Fill', c <= 9 ? String(c) : '', swatch);
    }
    add(CROSS, 'Cross out', 'X', el('span', 'np-tool-swatch np-tool-cross'));
    return tools;
  }

  // fillClue writes a line's blocks into its header cell (for the eye; the
  // header's aria-label says them for screen readers). A line without
  // blocks (a clue of 0) is shown as the seed format writes it: empty.
  function fillClue(head, line, pz, multi) {
    var box = el('span', 'np-clues');
    box.setAttribute('aria-hidden', 'true');
    line.forEach(function (block) {
      var blot = block[0] === 0; // a blot: the length is hidden
      var span = el('span', (multi ? 'np-clue np-clue-colour' : 'np-clue') + (blot ? ' np-clue-blot' : ''),
        blot ? '?' : String(block[0]));
      if (multi) {
        setColour(span, pz.palette[block[1]], block[1], false);
        var glyph = el('span', 'np-glyph');
        setColour(glyph, pz.palette[block[1]], block[1], true);
        span.appendChild(glyph);
      }
      box.appendChild(span);
    });
    head.appendChild(box);
  }

  // buildGrid makes the table: column clues in a sticky header row, row clues
  // in a sticky first column, and one gridcell per cell, drawn empty as
  // createGame's cell hook draws an empty cell (so that loading an empty
  // grid redraws nothing). Every fifth line is thicker, as on the printed
  // sheet. A large grid has thousands of cells: each is a copy of a
  // prototype, and the table is built detached and added once.
  function buildGrid(pz, multi, view, say) {
    var w = pz.width;
    var h = pz.height;
    var table = el('table', 'np-grid');
    table.setAttribute('role', 'grid');
    table.setAttribute('aria-label', (pz.title ? pz.title + ': ' : '') + 'puzzle grid, ' + w + ' columns by ' + h + ' rows');
    var fifth = function (k, size) {
      return k % 5 === 4 && k !== size - 1;
    };

    var thead = el('thead');
    var headRow = el('tr');
    headRow.appendChild(el('td', 'np-corner'));
    for (var x = 0; x < w; x++) {
      var th = el('th', fifth(x, w) ? 'np-colclue np-r5' : 'np-colclue');
      th.scope = 'col';
      fillClue(th, pz.cols[x], pz, multi);
      view.colHeads.push(th);
      headRow.appendChild(th);
    }
    thead.appendChild(headRow);
    table.appendChild(thead);

    var proto = el('td', 'np-cell');
    proto.setAttribute('role', 'gridcell');
    proto.setAttribute('data-state', 'empty');
    proto.tabIndex = -1;
    var tbody = el('tbody');
    for (var y = 0; y < h; y++) {
      var tr = el('tr');
      var b5 = fifth(y, h);
      var rh = el('th', b5 ? 'np-rowclue np-b5' : 'np-rowclue');
      rh.scope = 'row';
      fillClue(rh, pz.rows[y], pz, multi);
      view.rowHeads.push(rh);
      tr.appendChild(rh);
      for (x = 0; x < w; x++) {
        var td = proto.cloneNode(false);
        var r5 = fifth(x, w);
        if (r5 || b5) {
          td.className = 'np-cell' + (r5 ? ' np-r5' : '') + (b5 ? ' np-b5' : '');
        }
        td.setAttribute('data-x', String(x));
        td.setAttribute('data-y', String(y));
        td.setAttribute('aria-label', say.cell(y * w + x, EMPTY));
        view.cells.push(td);
        tr.appendChild(td);
      }
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    view.table = table;
    view.thead = thead;
  }

  function buildHelp(multi) {
    var details = el('details', 'np-help');
    details.appendChild(el('summary', '', 'How to play'));
    var list = el('ul');
    [
      'Click or tap a cell to fill it with the chosen ' + (multi ? 'colour' : 'tool') + '; click it again to clear it.',
      'Right-click, or choose \u201cCross out\u201d, to mark a cell as empty.',
      'Drag along a row or column to do the same to a whole run.',
      'Keyboard: arrow keys move; Space or Enter uses the chosen tool; X crosses out; Delete clears; ' +
        'Shift+arrow moves and repeats the last change; Home and End go to the ends of the row.',
      (multi ? 'Keys 1 to 9 choose a colour. ' : '') + 'Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes.',
      'Hint (or H) shows the next step and why; press it again to fill in or cross out the cells it names. ' +
        'Check tells whether your marks are right so far. A clue turns red when your marks cannot give it.',
      'On a touch screen, scroll the grid by dragging the clues, and pinch to zoom.',
      'Your progress is kept in this browser. Reset clears it (Undo brings it back).'
    ].forEach(function (t) {
      list.appendChild(el('li', '', t));
    });
    details.appendChild(list);
    return details;
  }

  // buildView replaces root's content with the game's elements and returns
  // them; say words cells for screen readers.
  function buildView(root, pz, say) {
    var multi = pz.palette.length > 2;
    var view = { root: root, multi: multi, cells: [], rowHeads: [], colHeads: [] };
    while (root.firstChild) {
      root.removeChild(root.firstChild);
    }
    root.classList.add('np-play');
    root.classList.toggle('np-multi', multi);

    var toolbar = el('div', 'np-toolbar');
    view.toolbar = toolbar;
    view.tools = buildTools(pz, multi);
    toolbar.appendChild(view.tools);
    var actions = el('div', 'np-actions');
    view.undo = button('np-action np-undo', 'Undo', '', 'Control+Z');
    view.redo = button('np-action np-redo', 'Redo', '', 'Control+Y');
    view.reset = button('np-action np-reset', 'Reset');
    view.zoomOut = button('np-action np-zoom-out', '\u2212', 'Zoom out');
    view.zoomIn = button('np-action np-zoom-in', '+', 'Zoom in');
    [view.undo, view.redo, view.reset, view.zoomOut, view.zoomIn].forEach(function (b) {
      actions.appendChild(b);
    });
    toolbar.appendChild(actions);
    root.appendChild(toolbar);

    // The game's status and the coach's line (coach-panel.js) share the
    // room of one line kept above the grid, so that a message never
    // comes alone to push the grid down under the pointer.
    view.says = el('div', 'np-says');
    view.status = el('p', 'np-status');
    view.status.setAttribute('role', 'status');
    view.status.setAttribute('aria-live', 'polite');
    view.says.appendChild(view.status);
    root.appendChild(view.says);
    // What a key did to the focused cell, for screen readers only: most
    // do not say a change of the focused cell's name.
    view.echo = el('p', 'np-echo');
    view.echo.setAttribute('aria-live', 'polite');
    root.appendChild(view.echo);

    view.scroller = el('div', 'np-scroll');
    buildGrid(pz, multi, view, say);
    view.scroller.appendChild(view.table);
    root.appendChild(view.scroller);
    root.appendChild(buildHelp(multi));
    return view;
  }

  /* ---------- createGame: wiring and input ---------- */

  function createGame(root, pz) {
    var w = pz.width;
    var h = pz.height;
    var say = words(pz);
    var room = gridRoom(root); // read before the grid is there: cheap
    var view = buildView(root, pz, say);
    var store = progressStore(pz);
    var cells = view.cells;
    var tool = 1; // a colour index, or CROSS
    var focusIndex = 0;
    var lastKeyTarget = null;
    var currentHeads = [];
    var zoom = w <= 10 ? 5 : w <= 20 ? 4 : w <= 30 ? 3 : 2;
    var coach = null; // the coach panel (coach.js), when that script is loaded
    var loading = true; // until the first load of the board is drawn

    function tell(text) {
      view.status.textContent = text;
    }

    var board = createBoard(pz, {
      cell: function (i, v) {
        var td = cells[i];
        td.classList.toggle('np-filled', v > 0);
        td.classList.toggle('np-crossed', v === CROSS);
        td.setAttribute('data-state', v === EMPTY ? 'empty' : v === CROSS ? 'crossed' : 'filled');
        if (v > 0) {
          td.setAttribute('data-colour', String(v));
          setColour(td, pz.palette[v], v, view.multi);
        } else if (td.hasAttribute('data-colour')) {
          td.removeAttribute('data-colour');
          clearColour(td);
        }
        td.setAttribute('aria-label', say.cell(i, v));
      },
      line: function (isRow, k, done) {
        var head = isRow ? view.rowHeads[k] : view.colHeads[k];
        head.classList.toggle('np-done', done);
        head.setAttribute('aria-label', say.clue(isRow, k, done));
      },
      rechecked: function (rows, cols) {
        if (!coach) {
          return;
        }
        if (loading) {
          // The coach's first check of every line (a line solve each) is
          // not needed for the first paint: it runs when the page is idle,
          // and the game is ready after it.
          whenIdle(function () {
            coach.rechecked(rows, cols);
            root.setAttribute('data-ready', 'true');
          });
          return;
        }
        coach.rechecked(rows, cols);
      },
      solved: function (solved) {
        root.classList.toggle('np-solved', solved);
        tell(solved ? SOLVED_TEXT : '');
        if (coach) {
          coach.solved(solved);
        }
      }
    });

    // changed saves progress and updates the undo and redo buttons after a
    // step; message is said unless the grid is solved.
    function changed(message) {
      var held = document.activeElement;
      view.undo.disabled = !board.canUndo();
      view.redo.disabled = !board.canRedo();
      // A keyboard player who undid (or redid) the last step held the
      // focus on a button that is now disabled, which drops it to the
      // page's start: it goes back to the grid, to the cell last played.
      if ((held === view.undo || held === view.redo) && held.disabled) {
        focusCell(focusIndex, false);
      }
      if (coach) {
        coach.changed();
      }
      saveProgress();
      if (message && !board.isSolved()) {
        tell(message);
      }
    }

    function saveProgress() {
      store.save(board.values(), coach ? coach.timer() : null, board.cleared(), board.isSolved());
    }

    function endStroke() {
      if (board.end()) {
        changed();
      }
    }

    /* --- tools, focus and zoom --- */

    function chooseTool(t) {
      if (t !== CROSS && (t < 1 || t >= pz.palette.length)) {
        return;
      }
      tool = t;
      Array.prototype.forEach.call(view.tools.querySelectorAll('button[data-tool]'), function (b) {
        b.setAttribute('aria-pressed', b.getAttribute('data-tool') === String(t) ? 'true' : 'false');
      });
    }

    function focusCell(i, fromPointer) {
      cells[focusIndex].tabIndex = -1;
      focusIndex = i;
      cells[i].tabIndex = 0;
      cells[i].focus({ preventScroll: true });
      if (!fromPointer) {
        revealCell(i);
      }
    }

    // revealCell scrolls the grid so that cell i is in view and not hidden
    // under the sticky clues, then scrolls the page if need be (unless
    // gridOnly).
    function revealCell(i, gridOnly) {
      var box = view.scroller;
      var sr = box.getBoundingClientRect();
      var cr = cells[i].getBoundingClientRect();
      var top = sr.top + box.clientTop + view.thead.offsetHeight;
      var left = sr.left + box.clientLeft + view.rowHeads[0].offsetWidth;
      var bottom = sr.top + box.clientTop + box.clientHeight;
      var right = sr.left + box.clientLeft + box.clientWidth;
      if (cr.top < top) {
        box.scrollTop -= top - cr.top;
      } else if (cr.bottom > bottom) {
        box.scrollTop += cr.bottom - bottom;
      }
      if (cr.left < left) {
        box.scrollLeft -= left - cr.left;
      } else if (cr.right > right) {
        box.scrollLeft += cr.right - right;
      }
      if (gridOnly) {
        return;
      }
      cr = cells[i].getBoundingClientRect();
      if (cr.top < 0 || cr.left < 0 || cr.bottom > window.innerHeight || cr.right > window.innerWidth) {
        cells[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
        cr = cells[i].getBoundingClientRect();
      }
      // Not under the toolbar where it sticks to the top of the window.
      var under = view.toolbar.getBoundingClientRect().bottom;
      if (cr.top < under) {
        window.scrollBy(0, cr.top - under);
      }
    }

    // keepGridStill keeps the cells where they are on the screen when the
    // lines above the grid (the status, the coach's words) grow or shrink
    // and the grid's box scrolls: the box gives up as much of its height
    // (--np-says-grown) and scrolls by as much. A phone player holds the
    // page with the box's foot at the foot of the screen; a hint's words,
    // often several lines there, would push it, and the cells the hint
    // shows, off the screen. A box that does not scroll (a small grid)
    // moves instead.
    function keepGridStill() {
      if (!window.ResizeObserver) {
        return;
      }
      var box = view.scroller;
      var last = view.says.offsetHeight;
      var grown = 0;
      new window.ResizeObserver(function () {
        var now = view.says.offsetHeight;
        var d = now - last;
        last = now;
        if (d > 0 && box.scrollHeight <= box.clientHeight) {
          return;
        }
        d = Math.max(0, grown + d) - grown;
        if (d === 0) {
          return;
        }
        grown += d;
        box.style.setProperty('--np-says-grown', grown + 'px');
        box.scrollTop += d;
      }).observe(view.says);
    }

    // keepToolbarHeight gives the grid's box the toolbar's height
    // (--np-toolbar-h, not inherited: the cells are not restyled), which
    // the box leaves free on the screen, whenever it changes (its buttons
    // wrap to more rows on a narrower screen). The page's scroll padding
    // is as high, so that what the browser scrolls into view (a cell it
    // focuses, a search match) does not end under the toolbar.
    function keepToolbarHeight() {
      var set = function () {
        var px = view.toolbar.offsetHeight + 'px';
        if (view.scroller.style.getPropertyValue('--np-toolbar-h') !== px) {
          view.scroller.style.setProperty('--np-toolbar-h', px);
          document.documentElement.style.scrollPaddingTop = px;
        }
      };
      set();
      if (window.ResizeObserver) {
        new window.ResizeObserver(set).observe(view.toolbar);
      }
    }

    // highlight marks the clues of the focused cell's row and column.
    function highlight(i) {
      currentHeads.forEach(function (head) {
        head.classList.remove('np-current');
      });
      var x = i % w;
      currentHeads = [view.rowHeads[(i - x) / w], view.colHeads[x]];
      currentHeads.forEach(function (head) {
        head.classList.add('np-current');
      });
    }

    function setZoom(z) {
      zoom = Math.max(0, Math.min(ZOOM_STEPS.length - 1, z));
      var size = ZOOM_STEPS[zoom] + 'px';
      if (root.style.getPropertyValue('--np-cell') !== size) {
        root.style.setProperty('--np-cell', size);
      }
      view.zoomOut.disabled = zoom === 0;
      view.zoomIn.disabled = zoom === ZOOM_STEPS.length - 1;
    }

    // fitWidth zooms out, not below AUTO_MIN_ZOOM, until the grid and its
    // clues fit the width the page gives them (a phone, a narrow column).
    // Everything in the grid scales with the cell size, so one measure tells
    // how far to go. The room for the rows' marks is not counted: fitMarks
    // gives it from what is left over.
    function fitWidth() {
      var room = gridRoom(root);
      var need = view.table.offsetWidth;
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

    // fitMarks gives every row 1em before its clues for the clue's mark
    // (a tick, a "!"), from what the width leaves over, so that the widest
    // row's mark shows without smaller cells. Where the grid all but fits,
    // its box reaches into the room around the game (keeping 4 px to the
    // window's edge) for the rest; where it scrolls sideways anyway, the
    // room costs nothing.
    function fitMarks() {
      var em = ZOOM_STEPS[zoom] * 0.55; // the grid's font size (play.css)
      var had = parseFloat(root.style.getPropertyValue('--np-mark-room')) || 0;
      var left = gridRoom(root) - (view.table.getBoundingClientRect().width - had);
      var mark = em;
      var bleed = 0;
      if (left >= 0 && left < em) {
        var cs = window.getComputedStyle(root);
        var around = root.getBoundingClientRect().left + parseFloat(cs.paddingLeft) - 4;
        bleed = Math.max(0, Math.min(em - left, around));
        mark = left + bleed;
      }
      root.style.setProperty('--np-mark-room', mark.toFixed(2) + 'px');
      root.style.setProperty('--np-bleed', bleed.toFixed(2) + 'px');
    }

    function cellIndex(target) {
      var td = target && target.closest ? target.closest('td.np-cell') : null;
      if (!td || !view.table.contains(td)) {
        return -1;
      }
      return Number(td.getAttribute('data-y')) * w + Number(td.getAttribute('data-x'));
    }

    /* --- buttons --- */

    view.tools.addEventListener('click', function (e) {
      var b = e.target.closest('button[data-tool]');
      if (b) {
        chooseTool(Number(b.getAttribute('data-tool')));
      }
    });
    var undo = function () {
      if (board.undo()) {
        changed('Undone.');
      }
    };
    var redo = function () {
      if (board.redo()) {
        changed('Redone.');
      }
    };
    view.undo.addEventListener('click', undo);
    view.redo.addEventListener('click', redo);
    view.reset.addEventListener('click', function () {
      if (board.clear()) {
        changed(CLEARED_TEXT);
      } else {
        tell('The grid is already empty.');
      }
    });
    view.zoomOut.addEventListener('click', function () {
      setZoom(zoom - 1);
      fitMarks();
    });
    view.zoomIn.addEventListener('click', function () {
      setZoom(zoom + 1);
      fitMarks();
    });

    /* --- mouse, pen and touch --- */

    view.table.addEventListener('pointerdown', function (e) {
      var i = cellIndex(e.target);
      if (i < 0 || (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 2)) {
        return;
      }
      e.preventDefault();
      focusCell(i, true);
      endStroke();
      board.toggle(i, e.button === 2 ? CROSS : tool, e.pointerId);
    });
    window.addEventListener('pointermove', function (e) {
      if (board.strokeTag() !== e.pointerId) {
        return;
      }
      if (e.pointerType === 'mouse' && e.buttons === 0) {
        endStroke(); // the button was released outside the window
        return;
      }
      var i = cellIndex(document.elementFromPoint(e.clientX, e.clientY));
      if (i >= 0) {
        board.extend(i);
      }
    });
    var pointerEnd = function (e) {
      if (board.strokeTag() === e.pointerId) {
        endStroke();
      }
    };
    window.addEventListener('pointerup', pointerEnd);
    window.addEventListener('pointercancel', pointerEnd);
    view.table.addEventListener('contextmenu', function (e) {
      if (cellIndex(e.target) >= 0) {
        e.preventDefault();
      }
    });
    view.table.addEventListener('focusin', function (e) {
      var i = cellIndex(e.target);
      if (i < 0) {
        return;
      }
      if (i !== focusIndex) {
        cells[focusIndex].tabIndex = -1;
        focusIndex = i;
        cells[i].tabIndex = 0;
      }
      highlight(i);
    });

    /* --- keyboard --- */

    // keyAct sets the focused cell to target as one step, and says when
    // that completes its row or column: keyboard users may not see the clues.
    function keyAct(target) {
      var x = focusIndex % w;
      var y = (focusIndex - x) / w;
      var rowBefore = board.lineDone(true, y);
      var colBefore = board.lineDone(false, x);
      endStroke();
      board.begin(focusIndex, target, 'key');
      lastKeyTarget = target;
      endStroke();
      // The same words twice are said twice: a no-break space tells them
      // apart.
      var said = say.state(board.value(focusIndex));
      view.echo.textContent = view.echo.textContent === said ? said + '\u00a0' : said;
      var news = [];
      if (!rowBefore && board.lineDone(true, y)) {
        news.push('row ' + (y + 1));
      }
      if (!colBefore && board.lineDone(false, x)) {
        news.push('column ' + (x + 1));
      }
      if (news.length > 0 && !board.isSolved()) {
        var text = news.join(' and ') + ' complete.';
        tell(text.charAt(0).toUpperCase() + text.slice(1));
      }
    }

    // keyMove is where a movement key goes from cell i, or -1.
    function keyMove(key, i) {
      var x = i % w;
      var y = (i - x) / w;
      switch (key) {
        case 'ArrowLeft': return x > 0 ? i - 1 : i;
        case 'ArrowRight': return x < w - 1 ? i + 1 : i;
        case 'ArrowUp': return y > 0 ? i - w : i;
        case 'ArrowDown': return y < h - 1 ? i + w : i;
        case 'Home': return y * w;
        case 'End': return y * w + w - 1;
      }
      return -1;
    }

    view.table.addEventListener('keydown', function (e) {
      var i = cellIndex(e.target);
      if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) {
        return;
      }
      var to = keyMove(e.key, i);
      if (to >= 0) {
        focusCell(to, false);
        if (e.shiftKey && lastKeyTarget !== null && to !== i) {
          keyAct(lastKeyTarget);
        }
      } else if (e.key === ' ' || e.key === 'Enter' || e.key === 'f' || e.key === 'F') {
        keyAct(board.value(i) === tool ? EMPTY : tool);
      } else if (e.key === 'x' || e.key === 'X') {
        keyAct(board.value(i) === CROSS ? EMPTY : CROSS);
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        keyAct(EMPTY);
      } else if ((e.key === 'h' || e.key === 'H') && coach) {
        coach.hint();
      } else if (/^[1-9]$/.test(e.key) && Number(e.key) < pz.palette.length) {
        chooseTool(Number(e.key));
        tell('Tool: ' + pz.palette[Number(e.key)].name + '.');
      } else {
        return;
      }
      e.preventDefault();
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

    if (window.NonopressCoach) {
      coach = window.NonopressCoach.attach({
        root: root, pz: pz, board: board, says: view.says,
        cells: cells, rowHeads: view.rowHeads, colHeads: view.colHeads,
        apply: function (list) {
          if (board.apply(list)) {
            changed();
          }
        },
        save: saveProgress,
        // reveal scrolls the grid, not the page, to the first of the cells
        // (indices) the coach marks, and as many of the rest as fit: a
        // hint or a wrong mark on a large grid is often out of view, on a
        // phone nearly always.
        reveal: function (list) {
          if (list.length > 0) {
            revealCell(list[list.length - 1], true);
            revealCell(list[0], true);
          }
        },
        el: el,
        button: button
      });
    }
    var saved = store.load();
    if (coach) {
      coach.loadTimer(store.timer());
    }
    board.load(saved);
    // A grid Reset emptied comes back empty with the Reset to undo, so
    // that Undo still brings its cells back; it is not drawn on the way,
    // where it would be taken for the player's (a solve stops the timer).
    var cleared = store.cleared();
    loading = false;
    if (cleared && board.unclear(cleared)) {
      tell(CLEARED_TEXT);
    } else if (saved && !board.isSolved()) {
      tell('Progress restored.');
    }
    chooseTool(1);
    setZoom(firstZoom(pz, zoom, room));
    fitWidth();
    fitMarks();
    keepToolbarHeight();
    keepGridStill();
    view.undo.disabled = !board.canUndo();
    view.redo.disabled = true;
    cells[0].tabIndex = 0;
    if (!coach) {
      root.setAttribute('data-ready', 'true');
    }
  }

  // gridRoom is the width the grid's box may take in the game root: its
  // content box, less the box's border (1px a side, play.css).
  function gridRoom(root) {
    var cs = window.getComputedStyle(root);
    return root.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 2;
  }

  // narrowWidth is a lower bound, in cells, of the grid's width with its row
  // clues (at least the widths play.css gives them, with digits taken as
  // half an em and the font .55 of a cell).
  function narrowWidth(pz) {
    var multi = pz.palette.length > 2;
    var widest = 0;
    pz.rows.forEach(function (line) {
      var em = 0.65; // padding (a row keeps no room for its clue's mark)
      line.forEach(function (block) {
        var text = String(block[0]).length * 0.5;
        em += 0.25 + (multi ? Math.max(1.3, text + 0.3 + 0.7) : text);
      });
      widest = Math.max(widest, em);
    });
    return pz.width + 0.55 * widest;
  }

  // firstZoom is the zoom the grid starts at: the one asked for, or less
  // when even narrowWidth cells of it would not fit room (the width the page
  // gives the game, read before the grid was added). Choosing it before the
  // first layout spares a large grid a second one; fitWidth still measures
  // and zooms out further where the estimate was short.
  function firstZoom(pz, zoom, room) {
    var cells = narrowWidth(pz);
    var z = zoom;
    while (room > 0 && z > AUTO_MIN_ZOOM && ZOOM_STEPS[z] * cells > room) {
      z--;
    }
    return z;
  }

  // whenIdle runs f when the browser is idle (within a second), or soon
  // where it cannot say.
  function whenIdle(f) {
    if (window.requestIdleCallback) {
      window.requestIdleCallback(f, { timeout: 1000 });
    } else {
      window.setTimeout(f, 0);
    }
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

  // offer shows, instead of a large grid (pz.onDemand), a button that
  // builds it: thousands of cells are a long first layout on a phone, for
  // a visitor who may only look or print. The panel stays within the room
  // the page kept for it (site.css), so nothing below it moves.
  function offer(root, pz) {
    root.classList.add('np-play');
    var panel = el('div', 'np-play-offer');
    var cells = pz.width * pz.height;
    panel.appendChild(el('p', '', pz.width + ' \u00d7 ' + pz.height + ', ' + cells.toLocaleString('en') +
      ' cells: the grid is built when you start. Progress is kept in this browser.'));
    var go = button('np-action np-play-start', 'Play in the browser');
    panel.appendChild(go);
    root.appendChild(panel);
    go.addEventListener('click', function () {
      root.removeChild(panel);
      createGame(root, pz);
      var first = root.querySelector('td.np-cell');
      if (first) {
        first.focus({ preventScroll: true });
      }
    });
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
    // A player who has begun a large grid gets it at once.
    if (pz.onDemand && !progressStore(pz).load()) {
      offer(root, pz);
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
