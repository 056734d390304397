package solve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nonopress/nonopress/grade"
)

// difficultyConsts lists the Difficulty constants this package's source
// declares, in the order it declares them (file by file, by name).
func difficultyConsts(t *testing.T) []Difficulty {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []Difficulty
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					lit := difficultyLiteral(vs, i)
					if lit == nil {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatalf("%s: %s: %v", fset.Position(id.Pos()), id.Name, err)
					}
					out = append(out, Difficulty(s))
				}
			}
		}
	}
	return out
}

// difficultyLiteral is the string literal the i-th name of vs is declared
// Difficulty with (`Line Difficulty = "line"`, `Line = Difficulty("line")`);
// nil when it is no Difficulty.
func difficultyLiteral(vs *ast.ValueSpec, i int) *ast.BasicLit {
	if i >= len(vs.Values) {
		return nil
	}
	v := vs.Values[i]
	if !isIdent(vs.Type, "Difficulty") {
		call, ok := v.(*ast.CallExpr)
		if !ok || !isIdent(call.Fun, "Difficulty") || len(call.Args) != 1 {
			return nil
		}
		v = call.Args[0]
	}
	lit, ok := v.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return &ast.BasicLit{Kind: token.STRING, Value: "not a string literal"} // Unquote fails and says so
	}
	return lit
}

// isIdent says whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// TestEveryDifficultyHasWords: each grade this package declares is worded
// in package grade (check's verdict line, the printed sheet, the site and
// its search read it there), in the same order, easiest first, and grade
// words no grade the solver does not give.
func TestEveryDifficultyHasWords(t *testing.T) {
	declared := difficultyConsts(t)
	if !slices.Contains(declared, Probe) {
		t.Fatalf("found %q in the source, not probe: the test no longer reads it", declared)
	}
	var worded []Difficulty
	for _, w := range grade.All() {
		worded = append(worded, Difficulty(w.Key))
	}
	for _, d := range declared {
		if _, ok := grade.Of(string(d)); !ok {
			t.Errorf("grade %q has no words in package grade", d)
		}
	}
	if !slices.Equal(declared, worded) {
		t.Errorf("solve declares %q, package grade words %q: the same grades, easiest first", declared, worded)
	}
}
