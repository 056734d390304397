package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// stopGrace is how long a command has, after SIGINT or SIGTERM cancelled its
// context, to return by itself before the process exits anyway. Builds are
// safe to stop at any instant (the output folder is swapped in atomically,
// caches are written by rename), so no work is lost that a finished
// command would have kept.
const stopGrace = 1500 * time.Millisecond

// stopOnSignal cancels the command's context at the first signal, and calls
// exit with the conventional status (130 for SIGINT, 143 for SIGTERM) if
// the command has not returned stopGrace later, or at once on a second
// signal: a command blocked where no context reaches (a read, a dependency's
// long computation) still stops within a second or two. It returns when
// done is closed (the command returned) or after calling exit.
func stopOnSignal(sigs <-chan os.Signal, cancel context.CancelFunc, done <-chan struct{}, grace time.Duration, stderr io.Writer, exit func(int)) {
	var sig os.Signal
	select {
	case sig = <-sigs:
	case <-done:
		return
	}
	cancel()
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case <-done:
		return
	case <-sigs:
	case <-timer.C:
	}
	fmt.Fprintf(stderr, "nonopress: stopped by %v\n", sig)
	exit(signalStatus(sig))
}

// signalStatus is the shell's exit status for a process ended by sig.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}
