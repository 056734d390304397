// Package solve decides whether a grid nonogram has no solution, exactly one
// or several, and grades how hard it is for a person.
//
// # How it solves
//
// Each cell holds the set of palette colours it may still take (a bitset, bit
// 0 the background), so two-colour and multicolour puzzles are one case.
//
//   - Line logic (line.go): for one row or column, a dynamic program over
//     (blocks placed × cells covered), run from both ends, finds every cell
//     the clue and the current sets force: exactly those colours some full
//     placement of the line allows. Blocks of one colour need a gap, blocks of
//     different colours may touch. Each block is only tried within its band
//     (between the clue packed left and packed right) and solved ends of the
//     line are trimmed off, so the cost is about blocks × slack.
//   - Propagation (propagate.go): lines whose cells changed wait in a FIFO
//     queue and are solved until nothing changes, or a line has no placement
//     (a contradiction). While probing and searching, results are cached by
//     line and state (cache.go). A line with nothing known yet is solved
//     directly from the bands, without the tables.
//   - Probing (probe.go): each unknown cell, cells next to solved ones first,
//     is set to each of its colours in turn and propagated. A colour that
//     leads to a contradiction is removed; a cell that every surviving branch
//     narrows the same way is narrowed. Rounds repeat until one learns nothing.
//   - Search (search.go): depth-first, guessing on the cell whose probes
//     changed the most cells in their weakest branch, with probing at every
//     node, counting solutions up to two. After a few guesses (16) it hands
//     over to a SAT solver (satsearch.go): the state probing left at the root
//     is written as clauses, each block of each line's clue as a ladder of
//     variables "starts at or before p" over the starts some placement
//     agreeing with the cells uses (satorder.go: the order encoding, a few
//     short clauses per cell and block); a small CDCL solver (sat.go:
//     watched literals, first-UIP learning, activity-based branching on
//     cells and ladders, restarts, a pruned clause database whose arena is
//     compacted once half of it is garbage, satarena.go) finds a
//     solution, rules it out by a clause (some cell differs) and goes on,
//     until a second solution or none is left. Until it has a first
//     solution it aims: its decisions follow target phases, the values of
//     the longest assignment it has met without a conflict, kept across
//     restarts, and it restarts about five times less often; after it,
//     periods of Luby restarts and of glue restarts alternate
//     (satrestarts.go: a restart when the last learnt clauses' literal
//     block distance runs above its long-run average), the Luby ones first,
//     as a second solution most often lies near the first. (The older encoding, each
//     clue an automaton with a variable per reachable (cell, state) and per
//     step, satlines.go, propagates as strongly as the line solver but is
//     about five times bigger, and its proofs on n-Dom are ten times longer;
//     tests keep it as a cross-check.)
//     When the SAT solver spends 20,000 conflicts without a first solution,
//     a dive (dive.go) looks for one: belief
//     propagation between rows and columns (beliefs.go: each line weighs its
//     placements by what the crossing lines say of their cells) ranks the
//     cells, the surest is set to its likeliest colour and propagated, the
//     lines it changed are probed, and so on, backjumping at a dead end to
//     the latest decision the dead cell needs (divesearch.go); after 64
//     backjumps, prefixes of its decisions are asked of one SAT solver under
//     assumptions (sat_assume.go), and the latest decision of the shortest
//     prefix refuted, as its core names it, is refuted in turn (diverepair.go,
//     at most 6 repairs, 64 more backjumps after each); a solution it
//     reaches is recorded, and the SAT solver goes on
//     with the dive's colours as its phases (and its target forgotten),
//     branching first on the cells the beliefs are surest of. A puzzle
//     whose goal fits its clues needs no dive: the goal is taken as the
//     first solution there, and the solver looks for a second from it
//     (goal.go).
//     When probing at the root learns nothing at all (a wide-open puzzle:
//     many solutions, or n-Dom), depth-first search is skipped: it would
//     pay a whole probing round for each guess. A puzzle whose encoding
//     would pass about four million automaton states goes to the older
//     fallback instead, conflict-driven learning over the line solver
//     (learn.go, which explains each elimination by shrinking the line to
//     the few cells the line solver needs), and one too big for that too
//     (about a million cells × colours) is searched depth-first only.
//
// The context's deadline is the budget: it is checked every 256 line solves
// (and every 256 decisions or conflicts of the SAT solver), and a solve that
// runs out reports Unknown. Nothing depends on map order,
// randomness or the clock, so a puzzle gets the same result on every run.
//
// # Difficulty
//
// The difficulty of a unique puzzle is the first technique that solves it
// from the clues alone:
//
//   - Line: propagation of line logic solves every cell.
//   - Probe: line logic and probing solve every cell, without a guess.
//   - Search: a guess is needed (search, learning or the SAT solver found
//     the solution).
//
// Package grade says them in people's words ("easy", "solved line by line",
// "Easy – line logic"); a grade added here needs its words there (a test
// checks).
//
// # Effort
//
// Effort counts the steps of the solve in a person's terms, on one counter:
//
//   - 1 for every line solve that narrows at least one cell (a line step),
//     at any depth: in the main line of reasoning, inside a probe or under a
//     guess;
//   - 2 for every probe, that is every colour tried in a cell while probing,
//     on top of the line steps the probe leads to;
//   - 20 for every guess of the search or of the learner, and for every
//     decision of the SAT solver, on top of its steps.
//
// Effort is the counter's value when the solution is established: when line
// logic or probing has solved the last cell, for Line and Probe puzzles; when
// the first solution is found, for Search puzzles. The work of proving that
// no second solution exists is not counted (a person stops at the picture).
// Effort is 0 unless the verdict is Unique. It grows with the size of the
// puzzle and with the number of hypotheses it takes, so it orders puzzles of
// one difficulty; it depends only on the clues, never on time.
package solve
