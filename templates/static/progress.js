// progress.js: what this browser keeps of a player's progress on a puzzle,
// in localStorage by puzzle id. The one place that knows an entry's key,
// format and version: the games (play.js, triddler.js) read and write
// their entries through it, and what a list shows of them (cards.js, the
// search results of search.js) asks it, so that a badge says "In
// progress" only of an entry the game would open. Every page loads it
// (base.html), before the scripts that use it.
//
// A grid's entry, under "nonopress:progress:<id>":
//   {v: 1, width, height, cells, solved, timer, reset}
// cells one character a cell ('0' empty, '1' crossed, '2' the first colour
// and so on), absent when a solved puzzle's grid was emptied; solved true
// once the grid was solved; timer the coach's; reset the cells Reset
// cleared while the grid stays empty (Undo brings them back).
//
// A triddler's, under "nonopress:triddler:<id>":
//   {v: 1, state, solved, reset}
// state and reset one number a triangle (-1 not marked, 0 marked empty, 1
// the first colour and so on). Before version 1 the entry was the marks
// alone, or {solved: true, state} once solved: both are still read.
//
// Storage may be missing or refuse (file:// in some browsers, private
// windows, a full quota): reads then find nothing and writes do nothing.
// It sets window.NonopressProgress to { grid, triddler, status, byPrefix }.
(function () {
  'use strict';

  var VERSION = 1;

  function get(key) {
    try {
      return JSON.parse(window.localStorage.getItem(key) || 'null');
    } catch (e) {
      return null;
    }
  }

  // put keeps entry under key after the fields of head (the version and
  // what it fits), or forgets the key when entry is null.
  function put(key, head, entry) {
    if (entry) {
      for (var k in entry) {
        if (Object.prototype.hasOwnProperty.call(entry, k)) head[k] = entry[k];
      }
    }
    try {
      if (entry) window.localStorage.setItem(key, JSON.stringify(head));
      else window.localStorage.removeItem(key);
    } catch (e) { /* no storage: play on */ }
  }

  // cellsFit says whether text is n cells of a grid of colours colours.
  function cellsFit(text, n, colours) {
    if (typeof text !== 'string' || text.length !== n) return false;
    for (var i = 0; i < n; i++) {
      var v = text.charCodeAt(i) - 49;
      if (v < -1 || v > colours) return false;
    }
    return true;
  }

  // marksFit says whether marks are n triangles' of colours colours.
  function marksFit(marks, n, colours) {
    return Array.isArray(marks) && marks.length === n && marks.every(function (v) {
      return typeof v === 'number' && Math.floor(v) === v && v >= -1 && v <= colours;
    });
  }

  // A kind's read(id, shape) returns its entry of the puzzle id when it
  // fits the puzzle's shape exactly ({width, height, colours} of a grid,
  // {triangles, colours} of a triddler: colours not counting the
  // background), in the current version's form, else null; its parts
  // that do not fit (a reset of another size) are left out. write(id,
  // entry) keeps an entry (in that form, without v), or forgets it (null).
  // marked(entry) says whether its grid has a mark.
  var grid = {
    key: function (id) { return 'nonopress:progress:' + id; },
    read: function (id, shape) {
      var saved = id ? get(grid.key(id)) : null;
      var n = shape.width * shape.height;
      if (!saved || saved.v !== VERSION || saved.width !== shape.width || saved.height !== shape.height) return null;
      if (saved.cells === undefined ? saved.solved !== true : !cellsFit(saved.cells, n, shape.colours)) return null;
      if (saved.reset !== undefined && !cellsFit(saved.reset, n, shape.colours)) delete saved.reset;
      return saved;
    },
    write: function (id, shape, entry) {
      if (id) put(grid.key(id), { v: VERSION, width: shape.width, height: shape.height }, entry);
    },
    marked: function (entry) { return typeof entry.cells === 'string' && /[^0]/.test(entry.cells); }
  };

  var triddler = {
    key: function (id) { return 'nonopress:triddler:' + id; },
    read: function (id, shape) {
      var saved = id ? get(triddler.key(id)) : null;
      if (Array.isArray(saved)) saved = { state: saved }; // before version 1: the marks
      else if (saved && saved.v === undefined && saved.solved === true) saved = { solved: true, state: saved.state };
      else if (!saved || saved.v !== VERSION) return null;
      var out = {};
      if (saved.solved === true) out.solved = true;
      if (marksFit(saved.state, shape.triangles, shape.colours)) out.state = saved.state;
      if (marksFit(saved.reset, shape.triangles, shape.colours)) out.reset = saved.reset;
      return out.solved || out.state || out.reset ? out : null;
    },
    write: function (id, shape, entry) {
      if (id) put(triddler.key(id), { v: VERSION }, entry);
    },
    marked: function (entry) {
      return Array.isArray(entry.state) && entry.state.some(function (m) { return m !== -1; });
    }
  };

  var kinds = { grid: grid, triddler: triddler };

  // status says what this browser keeps of puzzle id of kind "grid" or
  // "triddler" and shape (see read): "Solved", "In progress" (marks on
  // its grid) or "" (nothing the game would open, or no storage).
  function status(kind, id, shape) {
    var k = kind === 'triddler' ? triddler : grid;
    var saved = k.read(id, shape);
    if (!saved) return '';
    if (saved.solved === true) return 'Solved';
    return k.marked(saved) ? 'In progress' : '';
  }

  // byPrefix returns status for puzzles known by the first n characters
  // of their id (as the search index knows them): of the entries of its
  // kind whose id starts so, the first that fits its shape says it. The
  // entries are listed once, when byPrefix is called.
  function byPrefix(n) {
    var ids = Object.create(null);
    try {
      var ls = window.localStorage;
      for (var i = 0; i < ls.length; i++) {
        var key = ls.key(i);
        for (var kind in kinds) {
          var start = kinds[kind].key('');
          if (key && key.indexOf(start) === 0 && key.length - start.length > n) {
            var p = kind + ':' + key.substr(start.length, n);
            (ids[p] = ids[p] || []).push(key.slice(start.length));
          }
        }
      }
    } catch (e) { /* no storage */ }
    return function (kind, prefix, shape) {
      var of = ids[kind + ':' + prefix] || [];
      for (var i = 0; i < of.length; i++) {
        var said = status(kind, of[i], shape);
        if (said) return said;
      }
      return '';
    };
  }

  window.NonopressProgress = { grid: grid, triddler: triddler, status: status, byPrefix: byPrefix };
})();
