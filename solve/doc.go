// Package solve decides whether a grid nonogram has no solution, exactly one
// or several, and grades how hard it is for a person.
package solve
