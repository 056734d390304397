/*
 * nonopress coach: the play mode's line solver, error checking, hints and
 * check, with no DOM. coach-panel.js puts it in the page and play.js, loaded
 * last, calls the panel.
 *
 * It sets window.NonopressCoach to { solveLine, solveBlotLine, createCoach,
 * checkKey, formatTime }; triddler.js uses its line solvers too. Plain
 * script, no modules and no network, as play.js.
 *
 * Cell sets: a cell the solver works on is a bitmask of the palette colours
 * it may still take (bit c for palette index c, bit 0 the background), as in
 * Go's solve package; solveLine has exactly the semantics of solve.SolveLine
 * (a clue with a blot, a block of length 0, goes to solveBlotLine, as Go's
 * goes to solve.SolveLineBlotted) and the tests
 * TestCoachLineSolverAgreesWithGo and TestBlotLineSolverAgreesWithGo hold
 * them together.
 *
 * Player values (from play.js): -1 undecided, 0 crossed out, c >= 1 filled
 * with palette colour c.
 */
(function () {
  'use strict';

  var EMPTY = -1;
  var CROSS = 0;
  var PROBE_BUDGET = 12000; // line solves a hint may spend probing

  /* ---------- solveLine: the line solver ---------- */

  // hasBlot reports whether a clue has a blot (a length of 0).
  function hasBlot(clue) {
    for (var j = 0; j < clue.length; j++) {
      if (clue[j][0] === 0) {
        return true;
      }
    }
    return false;
  }

  // solveLine narrows cells to what clue allows, as solveFixedLine for a
  // clue of known lengths and solveBlotLine for one with a blot.
  function solveLine(clue, cells, detail) {
    return hasBlot(clue) ? solveBlotLine(clue, cells, detail) : solveFixedLine(clue, cells, detail);
  }

  // solveFixedLine narrows cells (an array of colour sets) to the colours some
  // placement of clue ([[length, colour], ...]) that agrees with every cell
  // allows. It returns the new sets, or null when no placement fits. With
  // detail (an object), it also sets detail.blocks: per cell the indices of
  // the blocks some valid placement covers it with.
  //
  // As in Go's solve/line.go: fwd[j][i] holds when the first j blocks fit in
  // cells [0,i) with the others there background, bwd[j][i] when blocks
  // j..k-1 fit in [i,n). Block j can only start in [lo[j], hi[j]] (the clue
  // packed left and right), so row j of both tables is only computed over
  // its band [E_j, U_j], from the earliest end of block j-1 to the latest
  // start of block j; outside it the tables are false or unused.
  function solveFixedLine(clue, cells, detail) {
    var n = cells.length;
    var k = clue.length;
    var w = n + 1;
    var i, j, b, s, v;
    var bg = new Uint8Array(n);
    for (i = 0; i < n; i++) {
      bg[i] = cells[i] & 1;
    }
    var bad = {};
    for (j = 0; j < k; j++) {
      var c = clue[j][1];
      if (bad[c] === undefined) {
        var p = new Int32Array(w);
        var bit = (1 << c) >>> 0;
        for (i = 0; i < n; i++) {
          p[i + 1] = p[i] + ((cells[i] & bit) === 0 ? 1 : 0);
        }
        bad[c] = p;
      }
    }
    var lo = new Int32Array(k);
    var hi = new Int32Array(k);
    for (j = 1; j < k; j++) {
      lo[j] = lo[j - 1] + clue[j - 1][0] + (clue[j - 1][1] === clue[j][1] ? 1 : 0);
    }
    for (j = k - 1; j >= 0; j--) {
      hi[j] = j === k - 1 ? n - clue[j][0] : hi[j + 1] - clue[j][0] - (clue[j + 1][1] === clue[j][1] ? 1 : 0);
    }
    if (k > 0 && lo[k - 1] > hi[k - 1]) {
      return null;
    }
    var bandE = function (j) {
      return j > 0 ? lo[j - 1] + clue[j - 1][0] : 0;
    };
    var bandU = function (j) {
      return j < k ? hi[j] : n;
    };
    var fwd = new Uint8Array((k + 1) * w);
    var bwd = new Uint8Array((k + 1) * w);
    // prefixOK: the blocks before one starting at s fit, from fwd row r.
    var prefixOK = function (r, same, s) {
      return same ? s >= 1 && bg[s - 1] === 1 && fwd[r + s - 1] === 1 : fwd[r + s] === 1;
    };
    // suffixOK: the blocks after one ending at e fit, from bwd row r.
    var suffixOK = function (r, same, e) {
      return same ? e < n && bg[e] === 1 && bwd[r + e + 1] === 1 : bwd[r + e] === 1;
    };

    fwd[0] = 1;
    var u0 = bandU(0);
    for (i = 1; i <= u0; i++) {
      fwd[i] = fwd[i - 1] & bg[i - 1];
    }
    for (j = 1; j <= k; j++) {
      b = clue[j - 1];
      var sameAsPrev = j > 1 && clue[j - 2][1] === b[1];
      var pb = bad[b[1]];
      var row = j * w;
      var e0 = bandE(j);
      var u = bandU(j);
      for (i = e0; i <= u; i++) {
        v = i > e0 && fwd[row + i - 1] === 1 && bg[i - 1] === 1;
        s = i - b[0];
        if (!v && s <= hi[j - 1] && pb[i] === pb[s]) {
          v = prefixOK(row - w, sameAsPrev, s);
        }
        fwd[row + i] = v ? 1 : 0;
      }
    }
    if (!fwd[k * w + n]) {
      return null;
    }

    var last = k * w;
    bwd[last + n] = 1;
    for (i = n - 1; i >= bandE(k); i--) {
      bwd[last + i] = bwd[last + i + 1] & bg[i];
    }
    for (j = k - 1; j >= 0; j--) {
      b = clue[j];
      var sameAsNext = j + 1 < k && clue[j + 1][1] === b[1];
      var nb = bad[b[1]];
      var rj = j * w;
      var e1 = bandE(j);
      var u1 = bandU(j);
      for (i = u1; i >= e1; i--) {
        v = i < u1 && bwd[rj + i + 1] === 1 && bg[i] === 1;
        if (!v && i >= lo[j] && nb[i + b[0]] === nb[i]) {
          v = suffixOK(rj + w, sameAsNext, i + b[0]);
        }
        bwd[rj + i] = v ? 1 : 0;
      }
    }

    var out = new Array(n).fill(0);
    for (j = 0; j <= k; j++) {
      var e2 = bandE(j);
      var u2 = bandU(j);
      for (i = e2; i < u2; i++) {
        if (fwd[j * w + i] && bwd[j * w + i + 1] && bg[i]) {
          out[i] = 1;
        }
      }
    }
    var blocks = null;
    if (detail) {
      blocks = [];
      for (i = 0; i < n; i++) {
        blocks.push([]);
      }
    }
    var diff = new Int32Array(w);
    for (j = 0; j < k; j++) {
      b = clue[j];
      var same1 = j > 0 && clue[j - 1][1] === b[1];
      var same2 = j + 1 < k && clue[j + 1][1] === b[1];
      var cb = bad[b[1]];
      diff.fill(0);
      var any = false;
      for (s = lo[j]; s <= hi[j]; s++) {
        var end = s + b[0];
        if (cb[end] === cb[s] && prefixOK(j * w, same1, s) && suffixOK((j + 1) * w, same2, end)) {
          diff[s]++;
          diff[end]--;
          any = true;
        }
      }
      if (!any) {
        continue;
      }
      var cbit = (1 << b[1]) >>> 0;
      var run = 0;
      var stop = hi[j] + b[0];
      for (i = lo[j]; i < stop; i++) {
        run += diff[i];
        if (run > 0) {
          out[i] = (out[i] | cbit) >>> 0;
          if (blocks) {
            blocks[i].push(j);
          }
        }
      }
    }
    if (detail) {
      detail.blocks = blocks;
    }
    return out;
  }

  /* ---------- solveBlotLine: the line solver with blots ---------- */

  // solveBlotLine is solveLine for a clue with blots (a length of 0: any
  // length from 1), with the semantics of Go's solve.SolveLineBlotted
  // (solve/blot.go), whose dynamic program it follows: bg[j][i] when blocks
  // 0..j-1 fit in cells [0,i) and cell i-1 is background (or i is 0),
  // end[j][i] when block j-1 ends at cell i-1; sbg and start likewise from
  // the right. It returns the narrowed sets, or null when nothing fits; with
  // detail, detail.blocks as solveFixedLine sets it.
  function solveBlotLine(clue, cells, detail) {
    var n = cells.length;
    var k = clue.length;
    var i, j, s;
    var allows = function (i, c) {
      return (cells[i] & ((1 << c) >>> 0)) !== 0;
    };
    var table = function () {
      var t = [];
      for (var j = 0; j <= k; j++) {
        t.push(new Uint8Array(n + 1));
      }
      return t;
    };
    var bg = table();
    var end = table();
    var sbg = table();
    var start = table();
    // run[j][i]: how many cells from i on may take block j's colour.
    var run = clue.map(function (b) {
      var r = new Int32Array(n + 1);
      for (var i = n - 1; i >= 0; i--) {
        r[i] = allows(i, b[1]) ? r[i + 1] + 1 : 0;
      }
      return r;
    });
    // pred: blocks 0..j-1 fit before a block j starting at s.
    var pred = function (j, s) {
      return bg[j][s] || (j > 0 && end[j][s] && clue[j - 1][1] !== clue[j][1]);
    };
    // succ: blocks j+1.. fit after a block j ending at e.
    var succ = function (j, e) {
      return sbg[j + 1][e] || (j + 1 < k && start[j + 1][e] && clue[j + 1][1] !== clue[j][1]);
    };

    bg[0][0] = 1;
    for (j = 0; j <= k; j++) {
      for (i = 0; i < n; i++) {
        if ((bg[j][i] || end[j][i]) && allows(i, 0)) {
          bg[j][i + 1] = 1;
        }
      }
      if (j === k) {
        break;
      }
      if (clue[j][0] === 0) {
        var open = false;
        for (var e = 1; e <= n; e++) {
          open = allows(e - 1, clue[j][1]) && (open || pred(j, e - 1));
          end[j + 1][e] = open ? 1 : 0;
        }
        continue;
      }
      for (s = 0; s + clue[j][0] <= n; s++) {
        if (pred(j, s) && run[j][s] >= clue[j][0]) {
          end[j + 1][s + clue[j][0]] = 1;
        }
      }
    }
    sbg[k][n] = 1;
    for (j = k; j >= 0; j--) {
      if (j < k && clue[j][0] === 0) {
        var closes = false;
        for (s = n - 1; s >= 0; s--) {
          closes = allows(s, clue[j][1]) && (closes || succ(j, s + 1));
          start[j][s] = closes ? 1 : 0;
        }
      } else if (j < k) {
        for (s = 0; s + clue[j][0] <= n; s++) {
          if (run[j][s] >= clue[j][0] && succ(j, s + clue[j][0])) {
            start[j][s] = 1;
          }
        }
      }
      for (i = n - 1; i >= 0; i--) {
        if (allows(i, 0) && (sbg[j][i + 1] || start[j][i + 1])) {
          sbg[j][i] = 1;
        }
      }
    }
    if (!bg[k][n] && !end[k][n]) {
      return null;
    }

    var out = new Array(n).fill(0);
    var blocks = [];
    for (i = 0; i < n; i++) {
      blocks.push([]);
      for (j = 0; j <= k; j++) {
        if ((bg[j][i] || end[j][i]) && allows(i, 0) && (sbg[j][i + 1] || start[j][i + 1])) {
          out[i] = 1;
          break;
        }
      }
    }
    // cover notes that some placement of block j covers cell i.
    var cover = function (i, j) {
      out[i] = (out[i] | ((1 << clue[j][1]) >>> 0)) >>> 0;
      if (blocks[i][blocks[i].length - 1] !== j) {
        blocks[i].push(j);
      }
    };
    for (j = 0; j < k; j++) {
      var len = clue[j][0];
      if (len === 0) {
        // Cell i is covered when a run of the blot's colour reaches it from
        // a valid start on the left and to a valid end on the right.
        var from = new Uint8Array(n);
        var on = false;
        for (i = 0; i < n; i++) {
          on = allows(i, clue[j][1]) && (on || pred(j, i));
          from[i] = on ? 1 : 0;
        }
        var cl = false;
        for (i = n - 1; i >= 0; i--) {
          cl = allows(i, clue[j][1]) && (cl || succ(j, i + 1));
          if (cl && from[i]) {
            cover(i, j);
          }
        }
        continue;
      }
      for (s = 0; s + len <= n; s++) {
        if (pred(j, s) && run[j][s] >= len && succ(j, s + len)) {
          for (i = s; i < s + len; i++) {
            cover(i, j);
          }
        }
      }
    }
    for (i = 0; i < n; i++) {
      if (out[i] === 0) {
        return null;
      }
    }
    if (detail) {
      detail.blocks = blocks;
    }
    return out;
  }

  /* ---------- the grid as sets ---------- */

  function popcount(x) {
    var c = 0;
    while (x) {
      x &= x - 1;
      c++;
    }
    return c;
  }

  function lowestColour(x) {
    var c = 0;
    while (c < 32 && ((x >>> c) & 1) === 0) {
      c++;
    }
    return c;
  }

  // setOf is the colour set of a player's value; all is every colour.
  function setOf(v, all) {
    return v === EMPTY ? all : v === CROSS ? 1 : (1 << v) >>> 0;
  }

  // valueOf is the player's value for a solved set.
  function valueOf(set) {
    return set === 1 ? CROSS : lowestColour(set);
  }

  /* ---------- words ---------- */

  var ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

  function ordinal(k) {
    return k < ORDINALS.length ? ORDINALS[k] : (k + 1) + 'th';
  }

  // ranges says a sorted list of numbers (from 1) as "4–6, 9".
  function ranges(list) {
    var parts = [];
    for (var a = 0; a < list.length;) {
      var z = a;
      while (z + 1 < list.length && list[z + 1] === list[z] + 1) {
        z++;
      }
      parts.push(z === a ? String(list[a]) : list[a] + '\u2013' + list[z]);
      a = z + 1;
    }
    return parts.join(', ');
  }

  // formatTime says seconds as m:ss (or h:mm:ss).
  function formatTime(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600);
    var m = Math.floor(seconds / 60) % 60;
    var s = seconds % 60;
    var ss = (s < 10 ? '0' : '') + s;
    if (h > 0) {
      return h + ':' + (m < 10 ? '0' : '') + m + ':' + ss;
    }
    return m + ':' + ss;
  }

  /* ---------- checkKey: the masked solution ---------- */

  // keyStream returns the masks that hide the solution's cells: xorshift32
  // seeded with the FNV-1a hash of the puzzle id (templates.PlayData makes
  // the same stream in Go).
  function keyStream(id, n) {
    var h = 0x811c9dc5;
    for (var i = 0; i < id.length; i++) {
      h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
    }
    var x = h || 1;
    var out = new Uint32Array(n);
    for (i = 0; i < n; i++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      out[i] = x;
    }
    return out;
  }

  // checkKey decodes the page's check data (see templates.PlayData.Check):
  // base64 of the cells' colours, bits bits each, packed from the low bit up,
  // each xored with the low bits of the key stream. It returns the solution's
  // values (0 background, c a colour), or null when the data does not fit.
  function checkKey(id, check, n, colours) {
    if (!check || typeof check.cells !== 'string' || !(check.bits >= 1 && check.bits <= 5)) {
      return null;
    }
    var bytes;
    try {
      bytes = window.atob(check.cells);
    } catch (e) {
      return null;
    }
    var bits = check.bits;
    if (bytes.length !== Math.ceil(n * bits / 8)) {
      return null;
    }
    var keys = keyStream(id, n);
    var mask = (1 << bits) - 1;
    var out = new Int8Array(n);
    for (var i = 0; i < n; i++) {
      var v = 0;
      for (var b = 0; b < bits; b++) {
        var at = i * bits + b;
        v |= ((bytes.charCodeAt(at >> 3) >> (at & 7)) & 1) << b;
      }
      v ^= keys[i] & mask;
      if (v >= colours) {
        return null;
      }
      out[i] = v;
    }
    return out;
  }

  /* ---------- createCoach ---------- */

  // createCoach returns the coach of puzzle pz (as play.js parses it).
  function createCoach(pz) {
    var w = pz.width;
    var h = pz.height;
    var multi = pz.palette.length > 2;
    var all = (pz.palette.length >= 32 ? 0xffffffff : (1 << pz.palette.length) - 1) >>> 0;
    var solves = 0; // line solves by propagate, which probing counts

    // line k: rows 0..h-1, then columns.
    function lineCells(k) {
      var out = [];
      var i;
      if (k < h) {
        for (i = 0; i < w; i++) {
          out.push(k * w + i);
        }
      } else {
        for (i = 0; i < h; i++) {
          out.push(i * w + (k - h));
        }
      }
      return out;
    }
    // Each line keeps its solver: solveBlotLine when its clue has a blot,
    // else solveFixedLine, chosen once rather than at every solve.
    var lines = [];
    for (var k = 0; k < w + h; k++) {
      var clue = k < h ? pz.rows[k] : pz.cols[k - h];
      lines.push({ isRow: k < h, index: k < h ? k : k - h, clue: clue, cells: lineCells(k),
        solve: hasBlot(clue) ? solveBlotLine : solveFixedLine });
    }

    // number says a block's length, "?" for a blot.
    function number(b) {
      return b[0] === 0 ? '?' : String(b[0]);
    }

    function clueText(line) {
      if (line.clue.length === 0) {
        return '0';
      }
      return line.clue.map(function (b) {
        return multi ? number(b) + ' ' + pz.palette[b[1]].name : number(b);
      }).join(multi ? ', ' : ' ');
    }

    function lineName(line) {
      return (line.isRow ? 'Row ' : 'Column ') + (line.index + 1) + ' (' + clueText(line) + ')';
    }

    // along names the cells at positions (from 0) of a line: "columns 4–6".
    function along(line, positions) {
      var nums = positions.map(function (p) {
        return p + 1;
      });
      return (line.isRow ? 'column' : 'row') + (nums.length > 1 ? 's ' : ' ') + ranges(nums);
    }

    function blockName(line, j) {
      var b = line.clue[j];
      var same = 0;
      var before = 0;
      line.clue.forEach(function (o, m) {
        if (o[0] === b[0] && o[1] === b[1]) {
          same++;
          if (m < j) {
            before++;
          }
        }
      });
      var name = b[0] === 0 ? (multi ? pz.palette[b[1]].name + ' ' : '') + 'blot' :
        String(b[0]) + (multi ? ' ' + pz.palette[b[1]].name : '');
      return 'the ' + (same > 1 ? ordinal(before) + ' ' : '') + name;
    }

    function colourName(v) {
      return v === CROSS ? 'empty' : multi ? pz.palette[v].name : 'filled';
    }

    // lineSets reads line from sets.
    function lineSets(line, sets) {
      return line.cells.map(function (i) {
        return sets[i];
      });
    }

    function setsOf(values) {
      var sets = new Uint32Array(values.length);
      for (var i = 0; i < values.length; i++) {
        sets[i] = setOf(values[i], all);
      }
      return sets;
    }

    // lineError reports whether the player's marks on row (or column) k can
    // no longer give its clue.
    function lineError(values, isRow, k) {
      var line = lines[isRow ? k : h + k];
      var cells = line.cells.map(function (i) {
        return setOf(values[i], all);
      });
      return line.solve(line.clue, cells) === null;
    }

    // explainLine words what line logic forces in line: forced is a list of
    // {pos, v}; blocks is solveLine's detail.
    function explainLine(line, forced, blocks) {
      var parts = [];
      var byBlock = {};
      var order = [];
      var other = {};
      var otherOrder = [];
      var empty = [];
      forced.forEach(function (f) {
        if (f.v === CROSS) {
          empty.push(f.pos);
          return;
        }
        var bs = blocks[f.pos];
        var key = bs.length === 1 ? String(bs[0]) : '';
        if (key !== '') {
          if (!byBlock[key]) {
            byBlock[key] = [];
            order.push(key);
          }
          byBlock[key].push(f.pos);
        } else {
          if (!other[f.v]) {
            other[f.v] = [];
            otherOrder.push(f.v);
          }
          other[f.v].push(f.pos);
        }
      });
      order.forEach(function (key) {
        parts.push(blockName(line, Number(key)) + ' must cover ' + along(line, byBlock[key]));
      });
      otherOrder.forEach(function (v) {
        parts.push(along(line, other[v]) + (other[v].length > 1 ? ' are ' : ' is ') + colourName(v) +
          ' in every way the clue fits');
      });
      if (empty.length > 0) {
        parts.push(along(line, empty) + ' must be empty: no block can cover ' + (empty.length > 1 ? 'them' : 'it'));
      }
      return lineName(line) + ': ' + parts.join('; ') + '.';
    }

    // lineHint solves every line from the marks and returns a hint for the
    // first line in contradiction, or for the line forcing most cells (which
    // it solves again for the words), or null.
    function lineHint(values) {
      var best = null;
      for (var k = 0; k < lines.length; k++) {
        var line = lines[k];
        var cells = line.cells.map(function (i) {
          return setOf(values[i], all);
        });
        var out = line.solve(line.clue, cells);
        if (out === null) {
          return { kind: 'error', isRow: line.isRow, index: line.index, cells: [],
            text: lineName(line) + ': your marks cannot give this clue. Undo or clear some of them.' };
        }
        var forced = [];
        for (var p = 0; p < out.length; p++) {
          if (values[line.cells[p]] === EMPTY && popcount(out[p]) === 1) {
            forced.push({ pos: p, v: valueOf(out[p]) });
          }
        }
        if (forced.length > 0 && (!best || forced.length > best.forced.length)) {
          best = { line: line, forced: forced, cells: cells };
        }
      }
      if (!best) {
        return null;
      }
      var detail = {};
      best.line.solve(best.line.clue, best.cells, detail);
      best.blocks = detail.blocks;
      return {
        kind: 'line', isRow: best.line.isRow, index: best.line.index,
        cells: best.forced.map(function (f) {
          return { i: best.line.cells[f.pos], v: f.v };
        }),
        text: explainLine(best.line, best.forced, best.blocks)
      };
    }

    // propagate runs line logic over the whole grid from the lines in queue
    // until nothing changes. It returns the index of a line in contradiction,
    // or -1. With decidedBy (an array per cell), it records which line
    // solved each cell it solved.
    function propagate(sets, queue, decidedBy) {
      var queued = new Uint8Array(lines.length);
      queue.forEach(function (k) {
        queued[k] = 1;
      });
      for (var head = 0; head < queue.length; head++) {
        var k = queue[head];
        queued[k] = 0;
        var line = lines[k];
        var before = lineSets(line, sets);
        var out = line.solve(line.clue, before);
        solves++;
        if (out === null) {
          return k;
        }
        for (var p = 0; p < out.length; p++) {
          if (out[p] !== before[p]) {
            var i = line.cells[p];
            sets[i] = out[p];
            if (decidedBy && popcount(out[p]) === 1) {
              decidedBy[i] = k;
            }
            var x = i % w;
            var cross = line.isRow ? h + x : (i - x) / w;
            if (!queued[cross]) {
              queued[cross] = 1;
              queue.push(cross);
            }
          }
        }
      }
      return -1;
    }

    function allLines() {
      var q = [];
      for (var k = 0; k < lines.length; k++) {
        q.push(k);
      }
      return q;
    }

    function cellName(i) {
      var x = i % w;
      return 'row ' + ((i - x) / w + 1) + ', column ' + (x + 1);
    }

    // probeOrder lists the undecided cells, those next to a decided cell
    // first, each group by index.
    function probeOrder(sets) {
      var near = [];
      var far = [];
      for (var i = 0; i < sets.length; i++) {
        if (popcount(sets[i]) < 2) {
          continue;
        }
        var x = i % w;
        var y = (i - x) / w;
        var nextTo = (x > 0 && popcount(sets[i - 1]) === 1) || (x < w - 1 && popcount(sets[i + 1]) === 1) ||
          (y > 0 && popcount(sets[i - w]) === 1) || (y < h - 1 && popcount(sets[i + w]) === 1);
        (nextTo ? near : far).push(i);
      }
      return near.concat(far);
    }

    // probeSearch tries each colour of each undecided cell on the
    // propagated sets, in probeOrder, looking for the first cell whose other
    // colours all lead to a contradiction. It works in slices: step(work)
    // probes until it has spent about work line solves more, and returns
    // undefined while it is not finished, then the hint, or null when no
    // cell is decided. The whole search spends at most PROBE_BUDGET line
    // solves (a count, not a time, so that hints do not depend on the
    // machine); past that it gives a hint of kind 'budget'.
    function probeSearch(sets, values) {
      var order = probeOrder(sets);
      var o = 0;
      var spent = 0;
      var trial = new Uint32Array(sets.length);
      return function step(work) {
        var until = spent + work;
        while (o < order.length) {
          if (spent >= PROBE_BUDGET) {
            return { kind: 'budget', cells: [],
              text: 'No single line forces a cell now, and no cell probed within the coach\'s budget (' +
                PROBE_BUDGET + ' line solves) decides: a guess may be needed.' };
          }
          if (spent >= until) {
            return undefined;
          }
          var i = order[o++];
          var left = sets[i];
          var reasons = [];
          for (var c = 0; c < 32 && popcount(left) > 1; c++) {
            var bit = (1 << c) >>> 0;
            if ((sets[i] & bit) === 0) {
              continue;
            }
            trial.set(sets);
            trial[i] = bit;
            var x = i % w;
            var before = solves;
            var bad = propagate(trial, [(i - x) / w, h + x]);
            spent += solves - before;
            if (bad >= 0) {
              left = (left & ~bit) >>> 0;
              reasons.push({ v: c === 0 ? CROSS : c, line: lines[bad] });
            }
          }
          if (popcount(left) === 1 && values[i] === EMPTY) {
            return probeHint(i, valueOf(left), reasons);
          }
        }
        return null;
      };
    }

    // probeHint words a cell that probing decided as v.
    function probeHint(i, v, reasons) {
      var why = reasons.map(function (r) {
        return 'if it were ' + colourName(r.v) + ', ' + lineName(r.line).replace(/^R/, 'r').replace(/^C/, 'c') +
          ' could not be completed';
      }).join('; ');
      return {
        kind: 'probe', isRow: true, index: -1, cells: [{ i: i, v: v }],
        reasonLines: reasons.map(function (r) {
          return { isRow: r.line.isRow, index: r.line.index };
        }),
        text: 'No single line forces a cell now. Try ' + cellName(i) + ': ' + why + ', so it must be ' +
          colourName(v) + '.'
      };
    }

    // chainHint is for a multicolour puzzle whose lines, from the marks,
    // only rule out colours: propagating those sets decides cells. It names
    // the line that decided the first such cell, with every unmarked cell
    // that line decided.
    function chainHint(values, sets, decidedBy) {
      for (var i = 0; i < sets.length; i++) {
        if (values[i] !== EMPTY || popcount(sets[i]) !== 1 || decidedBy[i] < 0) {
          continue;
        }
        var line = lines[decidedBy[i]];
        var cells = [];
        var forced = [];
        line.cells.forEach(function (c, p) {
          if (values[c] === EMPTY && decidedBy[c] === decidedBy[i]) {
            cells.push({ i: c, v: valueOf(sets[c]) });
            forced.push(p);
          }
        });
        var said = forced.map(function (p) {
          return along(line, [p]) + ' ' + colourName(valueOf(sets[line.cells[p]]));
        }).join(', ');
        return {
          kind: 'chain', isRow: line.isRow, index: line.index, cells: cells,
          text: 'No single line forces a cell from your marks alone: the crossing lines first rule out ' +
            'some colours. Then ' + lineName(line) + ' decides ' + said + '.'
        };
      }
      return null;
    }

    // begin starts looking for the next step from the player's values. It
    // returns a function step(work) that returns the hint, or undefined
    // while probing still has work to do (see probeSearch): line hints come
    // from the first call.
    function begin(values) {
      var search = null;
      return function step(work) {
        if (!search) {
          var first = hintWithoutProbes(values);
          if (first.hint) {
            return first.hint;
          }
          search = probeSearch(first.sets, values);
        }
        var found = search(work);
        if (found === null) {
          return { kind: 'search', cells: [],
            text: 'Line logic and probing single cells are exhausted: the next step needs a guess.' };
        }
        return found;
      };
    }

    // hintWithoutProbes returns {hint} for what needs no probing, else
    // {sets}: the colour sets line logic leaves from the marks.
    function hintWithoutProbes(values) {
      var hl = lineHint(values);
      if (hl) {
        return { hint: hl };
      }
      var undecided = 0;
      values.forEach(function (v) {
        if (v === EMPTY) {
          undecided++;
        }
      });
      if (undecided === 0) {
        return { hint: { kind: 'done', cells: [], text: 'Every cell is marked: nothing left to hint.' } };
      }
      var sets = setsOf(values);
      var decidedBy = new Int32Array(sets.length).fill(-1);
      var bad = propagate(sets, allLines(), decidedBy);
      if (bad >= 0) {
        return { hint: { kind: 'error', isRow: lines[bad].isRow, index: lines[bad].index, cells: [],
          text: 'Your marks cannot all be right: following them, ' + lineName(lines[bad]) +
            ' cannot be completed. Check your marks.' } };
      }
      var hc = chainHint(values, sets, decidedBy);
      if (hc) {
        return { hint: hc };
      }
      return { sets: sets };
    }

    return {
      lineError: lineError,
      begin: begin,
      // hint is the next step, found at once (probing up to its budget).
      hint: function (values) {
        return begin(values)(Infinity);
      }
    };
  }

  window.NonopressCoach = {
    solveLine: solveLine,
    solveBlotLine: solveBlotLine,
    createCoach: createCoach,
    checkKey: checkKey,
    formatTime: formatTime
  };
})();
