package main

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A command that does not return after a signal is ended with the
// conventional status; a second signal ends it at once; a command that
// returns in time, or is never signalled, is left alone.
func TestStopOnSignal(t *testing.T) {
	type outcome struct {
		code      int
		cancelled bool
	}
	start := func(grace time.Duration) (chan os.Signal, chan struct{}, chan outcome, *strings.Builder) {
		sigs, done, got := make(chan os.Signal, 2), make(chan struct{}), make(chan outcome, 1)
		var log strings.Builder
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			code := -1
			stopOnSignal(sigs, cancel, done, grace, &log, func(c int) { code = c })
			got <- outcome{code, ctx.Err() != nil}
		}()
		return sigs, done, got, &log
	}
	wait := func(got chan outcome) outcome {
		select {
		case o := <-got:
			return o
		case <-time.After(30 * time.Second):
			t.Fatal("stopOnSignal did not return")
			return outcome{}
		}
	}

	// Blocked past the grace: exit 130 for SIGINT, 143 for SIGTERM.
	for sig, want := range map[os.Signal]int{os.Interrupt: 130, syscall.SIGTERM: 143} {
		sigs, _, got, log := start(10 * time.Millisecond)
		sigs <- sig
		if o := wait(got); o.code != want || !o.cancelled || !strings.Contains(log.String(), "stopped by") {
			t.Errorf("%v: %+v, log %q; want exit %d", sig, o, log.String(), want)
		}
	}
	// A second signal does not wait for the grace.
	sigs, _, got, _ := start(time.Hour)
	sigs <- os.Interrupt
	sigs <- os.Interrupt
	if o := wait(got); o.code != 130 {
		t.Errorf("second signal: %+v", o)
	}
	// The command returns within the grace: no exit.
	sigs, done, got, _ := start(time.Hour)
	sigs <- os.Interrupt
	for len(sigs) > 0 {
		time.Sleep(time.Millisecond)
	}
	close(done)
	if o := wait(got); o.code != -1 || !o.cancelled {
		t.Errorf("returned in time: %+v", o)
	}
	// No signal at all.
	_, done, got, _ = start(time.Hour)
	close(done)
	if o := wait(got); o.code != -1 || o.cancelled {
		t.Errorf("no signal: %+v", o)
	}
}
