/*
 * nonopress coach panel: the coach (coach.js) in the play mode's page. It
 * adds the Hint and Check buttons, the error switch and the timer, draws
 * hints, errors and checks on the grid, and says them in an aria-live line.
 *
 * It adds attach to window.NonopressCoach; play.js calls it when present.
 * Plain script, no modules and no network, as play.js.
 */
(function () {
  'use strict';

  var C = window.NonopressCoach;
  if (!C) {
    return;
  }
  var EMPTY = -1;
  var HINT_SLICE = 600; // line solves between two looks at the page's events

  var ERRORS_KEY = 'nonopress:coach:errors';
  var CLASH_SUFFIX = ', cannot be given by your marks';
  var MISLED_TEXT = 'The next step would build on a mistake: some of your marks are wrong. Check outlines them.';
  var STALE_CHECK_TEXT = 'Your marks have changed since the check.';

  function errorsWanted() {
    try {
      return window.localStorage.getItem(ERRORS_KEY) !== 'off';
    } catch (e) {
      return true;
    }
  }

  function rememberErrors(on) {
    try {
      if (on) {
        window.localStorage.removeItem(ERRORS_KEY);
      } else {
        window.localStorage.setItem(ERRORS_KEY, 'off');
      }
    } catch (e) {
      // No storage: the switch holds for this page.
    }
  }

  // buildPanel makes the coach's controls and its announcement line with
  // play.js's element makers (el(tag, class, text) and button(class, text,
  // label, keys)).
  function buildPanel(hasCheck, el, button) {
    var p = {};
    p.bar = el('div', 'np-coach');
    p.bar.setAttribute('role', 'group');
    p.bar.setAttribute('aria-label', 'Coach');
    p.hint = button('np-action np-hint-button', 'Hint', '', 'H');
    p.bar.appendChild(p.hint);
    if (hasCheck) {
      p.check = button('np-action np-check', 'Check');
      p.bar.appendChild(p.check);
    }
    var label = el('label', 'np-switch');
    p.errors = el('input');
    p.errors.type = 'checkbox';
    p.errors.setAttribute('role', 'switch');
    p.errors.className = 'np-errors';
    label.appendChild(p.errors);
    label.appendChild(document.createTextNode(' Show errors'));
    p.bar.appendChild(label);
    p.timerButton = button('np-action np-timer-button', 'Start timer');
    p.timerButton.setAttribute('aria-pressed', 'false');
    p.bar.appendChild(p.timerButton);
    p.clock = el('span', 'np-timer');
    p.clock.setAttribute('role', 'timer');
    p.clock.hidden = true;
    p.bar.appendChild(p.clock);
    p.say = el('p', 'np-coach-text');
    p.say.setAttribute('aria-live', 'polite');
    p.say.setAttribute('aria-atomic', 'true');
    return p;
  }

  // attach adds the coach to a game of play.js. g holds the game's parts:
  // root, pz, board, says (the box of the game's status line: the
  // panel's buttons go before it, its line first in it), cells, rowHeads,
  // colHeads, apply(list of {i, v}) to change cells as one step, save() to
  // store progress, reveal(list of cell indices) to scroll them into the
  // grid's view, and el and button, play.js's element makers. It returns the hooks play.js calls: rechecked(rows,
  // cols), changed(), solved(isSolved), hint(), timer() and
  // loadTimer(saved).
  function attach(g) {
    var pz = g.pz;
    var w = pz.width;
    var coach = C.createCoach(pz);
    var solution = pz.id ? C.checkKey(pz.id, pz.check, w * pz.height, pz.palette.length) : null;
    var p = buildPanel(solution !== null, g.el, g.button);
    g.says.parentNode.insertBefore(p.bar, g.says);
    g.says.insertBefore(p.say, g.says.firstChild);

    var showErrors = errorsWanted();
    p.errors.checked = showErrors;
    var version = 0; // counts changes of the grid
    var pending = null; // the hint shown, until the grid changes
    // What the coach line says stays true: a hint's offer to set its cells
    // is dropped once the grid changes (hintSaid, its reason hintReason),
    // and a line saying which clues the marks cannot give (newsSaid, about
    // newsLines, in newsWords) is followed by one saying they can again;
    // Check's verdict (checkSaid) gives way to one saying it is out of date.
    var hintSaid = '';
    var hintReason = '';
    var newsSaid = '';
    var newsLines = [];
    var newsWords = [];
    var checkSaid = '';
    var searching = null; // the hint being looked for: {version, step}
    var marked = []; // elements the hint or check decorated
    var clock = { on: false, base: 0, since: 0, solvedIn: -1, tick: null };

    function head(isRow, k) {
      return isRow ? g.rowHeads[k] : g.colHeads[k];
    }

    // setClash marks or unmarks a clue as in error; it returns whether the
    // clue is newly in error.
    function setClash(isRow, k, on) {
      var hd = head(isRow, k);
      var was = hd.classList.contains('np-clash');
      var label = hd.getAttribute('aria-label') || '';
      if (label.slice(-CLASH_SUFFIX.length) === CLASH_SUFFIX) {
        label = label.slice(0, -CLASH_SUFFIX.length);
      }
      hd.classList.toggle('np-clash', on);
      hd.setAttribute('aria-label', label + (on ? CLASH_SUFFIX : ''));
      return on && !was;
    }

    function recheck(isRow, k, values) {
      return setClash(isRow, k, showErrors && coach.lineError(values, isRow, k));
    }

    function recheckAll() {
      var values = g.board.values();
      for (var y = 0; y < pz.height; y++) {
        recheck(true, y, values);
      }
      for (var x = 0; x < w; x++) {
        recheck(false, x, values);
      }
    }

    function unmark() {
      marked.forEach(function (m) {
        m.classList.remove('np-hint-line', 'np-hint-cell', 'np-wrong');
        m.removeAttribute('aria-invalid');
      });
      marked = [];
    }

    function mark(e, className) {
      e.classList.add(className);
      marked.push(e);
    }

    function say(text) {
      p.say.textContent = text;
    }

    // sentence says "row 2 and column 3" + rest with a capital.
    function sentence(lines, rest) {
      var text = lines.join(' and ') + rest;
      return text.charAt(0).toUpperCase() + text.slice(1);
    }

    // showLine highlights a line's clue and cells.
    function showLine(isRow, k) {
      mark(head(isRow, k), 'np-hint-line');
      var n = isRow ? w : pz.height;
      for (var j = 0; j < n; j++) {
        mark(g.cells[isRow ? k * w + j : j * w + k], 'np-hint-line');
      }
    }

    // show draws a hint on the grid and says it.
    function show(h) {
      unmark();
      if (h.index >= 0 && h.kind !== 'probe') {
        showLine(h.isRow, h.index);
      }
      (h.reasonLines || []).forEach(function (r) {
        showLine(r.isRow, r.index);
      });
      h.cells.forEach(function (c) {
        mark(g.cells[c.i], 'np-hint-cell');
      });
      var shown = h.cells.map(function (c) {
        return c.i;
      });
      if (shown.length === 0 && h.index >= 0) {
        shown.push(h.isRow ? h.index * w : h.index); // the line the marks contradict
      }
      g.reveal(shown);
      pending = { version: version, cells: h.cells };
      // Marks that contradict a clue: Check, where there is one, says which.
      var which = h.kind === 'error' && solution !== null ? ' Check outlines the wrong ones.' : '';
      say(h.text + which + (h.cells.length > 0 ? ' Press Hint again to ' + marking(h.cells, false) + '.' : ''));
      hintSaid = p.say.textContent;
      hintReason = h.text;
    }

    // marking says what setting cells does: "fill it in", "cross them
    // out", "fill in 2 and cross out 7" (done: "filled in 2 cells and
    // crossed out 7"). A hint's cells that must be empty are crossed out,
    // not filled.
    function marking(cells, done) {
      var crosses = cells.filter(function (c) {
        return c.v === 0;
      }).length;
      var fills = cells.length - crosses;
      var fill = done ? 'filled in' : 'fill in';
      var cross = done ? 'crossed out' : 'cross out';
      if (done) {
        var count = function (k) {
          return k + (k > 1 ? ' cells' : ' cell');
        };
        return crosses === 0 ? fill + ' ' + count(fills) : fills === 0 ? cross + ' ' + count(crosses) :
          fill + ' ' + count(fills) + ' and ' + cross + ' ' + crosses;
      }
      var them = cells.length > 1 ? 'them' : 'it';
      return crosses === 0 ? 'fill ' + them + ' in' : fills === 0 ? 'cross ' + them + ' out' :
        fill + ' ' + fills + ' and ' + cross + ' ' + crosses;
    }

    // misled reports whether hint h would set a cell against the unique
    // solution: it follows from a wrong mark of the player's (line logic is
    // sound), and its second press would add to the mistake.
    function misled(h) {
      return solution !== null && h.cells.some(function (c) {
        return solution[c.i] !== c.v;
      });
    }

    // hint fills the cells of the hint shown, if the grid has not changed
    // since, or looks for the next one. Probing may take a while on a large
    // grid: it runs in slices of HINT_SLICE line solves between which the
    // page stays responsive, and stops if the grid changes.
    function hint() {
      if (pending && pending.version === version && pending.cells.length > 0) {
        var cells = pending.cells;
        pending = null;
        g.apply(cells);
        var done = marking(cells, true);
        say(done.charAt(0).toUpperCase() + done.slice(1) + '.');
        return;
      }
      if (searching && searching.version === version) {
        return; // still looking
      }
      unmark();
      pending = null;
      var job = { version: version, step: coach.begin(g.board.values()) };
      searching = job;
      var slice = function () {
        if (searching !== job) {
          return;
        }
        if (job.version !== version) {
          searching = null;
          p.say.removeAttribute('aria-busy');
          return;
        }
        var h = job.step(HINT_SLICE);
        if (h === undefined) {
          window.setTimeout(slice, 0);
          return;
        }
        searching = null;
        p.say.removeAttribute('aria-busy');
        if (misled(h)) {
          say(MISLED_TEXT);
          return;
        }
        show(h);
      };
      slice();
      if (searching === job) {
        p.say.setAttribute('aria-busy', 'true');
        say('No single line forces a cell now: probing cells\u2026');
      }
    }

    function check() {
      unmark();
      pending = null;
      var values = g.board.values();
      var marks = 0;
      var wrong = [];
      values.forEach(function (v, i) {
        if (v === EMPTY) {
          return;
        }
        marks++;
        if (v !== solution[i]) {
          wrong.push(i);
          mark(g.cells[i], 'np-wrong');
          // Told, not only outlined: a screen reader says "invalid" on it.
          g.cells[i].setAttribute('aria-invalid', 'true');
        }
      });
      g.reveal(wrong.slice(0, 1));
      if (marks === 0) {
        say('Nothing is marked yet.');
      } else if (marks === 1) {
        say(wrong.length === 0 ? 'Your one mark is right so far.' : 'Your one mark is wrong; it is outlined.');
      } else if (wrong.length === 0) {
        say('All ' + marks + ' of your marks are right so far.');
      } else {
        say(wrong.length + ' of your ' + marks + ' marks ' + (wrong.length > 1 ? 'are' : 'is') + ' wrong; ' +
          (wrong.length > 1 ? 'they are' : 'it is') + ' outlined.');
      }
      checkSaid = p.say.textContent;
    }

    /* --- timer --- */

    function elapsed() {
      return clock.base + (clock.on ? (Date.now() - clock.since) / 1000 : 0);
    }

    function showClock() {
      p.clock.hidden = !clock.on && clock.base === 0 && clock.solvedIn < 0;
      p.clock.textContent = clock.solvedIn >= 0 ? 'Solved in ' + C.formatTime(clock.solvedIn) : C.formatTime(elapsed());
      p.timerButton.textContent = clock.on ? 'Pause timer' : clock.base > 0 && clock.solvedIn < 0 ? 'Resume timer' : 'Start timer';
      p.timerButton.setAttribute('aria-pressed', clock.on ? 'true' : 'false');
      p.timerButton.disabled = clock.solvedIn >= 0;
    }

    function run(on) {
      if (on === clock.on) {
        return;
      }
      if (on) {
        clock.since = Date.now();
        clock.tick = window.setInterval(showClock, 1000);
      } else {
        clock.base = elapsed();
        window.clearInterval(clock.tick);
      }
      clock.on = on;
      showClock();
    }

    p.hint.addEventListener('click', hint);
    if (p.check) {
      p.check.addEventListener('click', check);
    }
    p.errors.addEventListener('change', function () {
      showErrors = p.errors.checked;
      rememberErrors(showErrors);
      recheckAll();
    });
    p.timerButton.addEventListener('click', function () {
      run(!clock.on);
      g.save();
    });
    window.addEventListener('pagehide', function () {
      if (clock.on) {
        g.save();
      }
    });

    return {
      // rechecked rechecks lines whose cells changed and says which clues
      // the change put in error (for players who do not see the clues).
      rechecked: function (rows, cols) {
        var values = g.board.values();
        var news = [];
        var lines = [];
        rows.forEach(function (y) {
          if (recheck(true, y, values)) {
            news.push('row ' + (y + 1));
            lines.push({ isRow: true, k: y });
          }
        });
        cols.forEach(function (x) {
          if (recheck(false, x, values)) {
            news.push('column ' + (x + 1));
            lines.push({ isRow: false, k: x });
          }
        });
        if (news.length > 0 && news.length <= 4) {
          say(sentence(news, ': your marks cannot give ' + (news.length > 1 ? 'these clues.' : 'this clue.')));
          newsSaid = p.say.textContent;
          newsLines = lines;
          newsWords = news;
        } else if (newsSaid !== '' && p.say.textContent === newsSaid && !newsLines.some(function (l) {
          return head(l.isRow, l.k).classList.contains('np-clash');
        })) {
          // Said in as many words, so that the grid below does not move.
          say(sentence(newsWords, ': your marks can give ' + (newsWords.length > 1 ? 'these clues' : 'this clue') + ' again.'));
          newsSaid = '';
        }
      },
      changed: function () {
        version++;
        pending = null;
        unmark();
        if (hintSaid !== '' && p.say.textContent === hintSaid) {
          say(hintReason);
        }
        hintSaid = '';
        // Its outlines are gone, and its count may be wrong now.
        if (checkSaid !== '' && p.say.textContent === checkSaid) {
          say(STALE_CHECK_TEXT);
        }
        checkSaid = '';
        if (searching) {
          searching = null; // its next slice sees it is no longer wanted
          p.say.removeAttribute('aria-busy');
          say('');
        }
      },
      solved: function (isSolved) {
        if (isSolved && clock.on) {
          run(false);
          clock.solvedIn = Math.floor(clock.base);
          showClock();
          g.save();
        }
      },
      hint: hint,
      // timer is what progress keeps of the timer: null until it is started.
      timer: function () {
        if (!clock.on && clock.base === 0 && clock.solvedIn < 0) {
          return null;
        }
        var t = { seconds: Math.floor(elapsed()), running: clock.on };
        if (clock.solvedIn >= 0) {
          t.solvedIn = clock.solvedIn;
        }
        return t;
      },
      loadTimer: function (saved) {
        if (saved && typeof saved.seconds === 'number' && saved.seconds >= 0) {
          clock.base = Math.floor(saved.seconds);
          if (typeof saved.solvedIn === 'number' && saved.solvedIn >= 0) {
            clock.solvedIn = Math.floor(saved.solvedIn);
          } else if (saved.running === true) {
            run(true);
          }
        }
        showClock();
      }
    };
  }

  C.attach = attach;
})();
