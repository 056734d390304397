package render

// scratchKept is how many of each kind of scratch value a scratchList keeps:
// enough for the workers of a 2- to 4-core build to each find one.
const scratchKept = 4

// maxScratch is the largest buffer kept for reuse, so that one big booklet or
// a 512x512 sheet does not pin its size for every later call.
const maxScratch = 1 << 20

// scratchList keeps a few scratch values (buffers, a compressor) for the
// next call. Unlike a sync.Pool it keeps them across garbage collections: a
// site build allocates so fast that it collects several times a second, and
// a pool lost most of its zlib writers (over 600 KB each) between two PDFs.
// The list holds at most scratchKept values; one more is dropped.
type scratchList[T any] struct{ kept chan *T }

func newScratchList[T any]() scratchList[T] {
	return scratchList[T]{kept: make(chan *T, scratchKept)}
}

// get returns a kept value, or a new one.
func (l scratchList[T]) get() *T {
	select {
	case v := <-l.kept:
		return v
	default:
		return new(T)
	}
}

// put keeps v for a later get, if there is room.
func (l scratchList[T]) put(v *T) {
	select {
	case l.kept <- v:
	default:
	}
}
