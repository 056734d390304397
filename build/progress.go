package build

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress shows "n/total puzzle files" on one rewritten terminal line while
// a long build runs. It is silent unless the log is a terminal and the build
// not quiet, so logs and tests never see it.
type progress struct {
	w       io.Writer
	total   int
	mu      sync.Mutex
	n       int
	stopped chan struct{}
	ticker  *time.Ticker
	wg      sync.WaitGroup
	active  bool
}

func newProgress(w io.Writer, quiet bool, total int) *progress {
	p := &progress{w: w, total: total}
	if quiet || !isTerminal(w) {
		return p
	}
	p.active = true
	p.stopped = make(chan struct{})
	p.ticker = time.NewTicker(250 * time.Millisecond)
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case <-p.stopped:
				return
			case <-p.ticker.C:
				p.mu.Lock()
				fmt.Fprintf(p.w, "\rbuilding: %d/%d puzzle files", p.n, p.total)
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// done counts one file processed.
func (p *progress) done() {
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

// stop ends the progress line.
func (p *progress) stop() {
	if !p.active {
		return
	}
	p.ticker.Stop()
	close(p.stopped)
	p.wg.Wait()
	fmt.Fprint(p.w, "\r\033[K")
}
