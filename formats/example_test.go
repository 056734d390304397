package formats_test

import (
	"fmt"
	"os"

	"github.com/nonopress/nonopress/formats"
)

func ExampleRead() {
	src := `title "Tiny"
width 3
height 2
rows
3
1
columns
2
1
1
`
	ps, err := formats.Read("tiny.non", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ps[0]
	fmt.Println(p.Meta.Title, p.Width, p.Height, p.Origin.Format, p.ID())
	// Output: Tiny 3 2 non 3b76b379272b1e48c50c
}

func ExampleRead_error() {
	_, err := formats.Read("bad.non", []byte("width 2\nheight 1\nrows\n1\n1\ncolumns\n1\n1\n"))
	fmt.Println(err)
	// Output: bad.non:3: rows block has 2 clue lines, but height is 1 (set height 2 at line 2, or remove the row clue that is too many: lines 4 and 5 are the same, is one a copy?)
}

func ExampleWriteNon() {
	ps, _ := formats.Read("dancer.xml", []byte(`<puzzleset><puzzle>
<title>Two by one</title>
<solution><image>|X.|</image></solution>
</puzzle></puzzleset>`))
	formats.WriteNon(os.Stdout, ps[0])
	// Output:
	// title "Two by one"
	// width 2
	// height 1
	//
	// rows
	// 1
	//
	// columns
	// 1
	// 0
	//
	// goal "10"
}
