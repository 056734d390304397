package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// measureWriteFloor times writing a copy of the built site at public into a
// fresh folder beside it: the same folders and bytes as the cold build, with
// none of its work (no parsing, solving, rendering or minifying). It is what
// creating the output costs on this disk, the part of a cold build that no
// speed-up of nonopress's own code can remove. Files are written by as many
// workers as the build has, and read from the page cache, where the build
// left them.
func measureWriteFloor(public string) (run, error) {
	var dirs, files []string
	err := filepath.WalkDir(public, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(public, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, rel)
		} else if d.Type().IsRegular() {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return run{}, err
	}
	dst := public + ".floor"
	os.RemoveAll(dst)
	defer os.RemoveAll(dst)
	settle()
	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	start := time.Now()
	for _, d := range dirs { // parents come first in a walk
		if err := os.Mkdir(filepath.Join(dst, d), 0o755); err != nil {
			return run{}, err
		}
	}
	names := make(chan string)
	errs := make(chan error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var first error
			for name := range names {
				data, err := os.ReadFile(filepath.Join(public, name))
				if err == nil {
					err = os.WriteFile(filepath.Join(dst, name), data, 0o644)
				}
				if err != nil && first == nil {
					first = err
				}
			}
			errs <- first
		}()
	}
	for _, f := range files {
		names <- f
	}
	close(names)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return run{}, err
		}
	}
	wall := time.Since(start)
	var after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	return run{wall: wall, cpu: cpu}, nil
}
