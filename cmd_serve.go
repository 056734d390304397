package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"syscall"

	"github.com/nonopress/nonopress/serve"
)

// serveCommand is the authoring mode: `nonopress serve [-src content] [-addr
// 127.0.0.1:8080]`. It builds, serves on loopback, rebuilds on every change and
// reloads the browser, until Ctrl-C.
type serveCommand struct{ stdout, stderr io.Writer }

func (c *serveCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("serve")
	src := fs.String("src", defaultSrc, "the `FOLDER` of puzzles, notes and nonopress.toml to build and watch")
	out := fs.String("out", "public", "the `FOLDER` the site is written to and served from (kept correct when serve stops)")
	addr := fs.String("addr", serve.DefaultAddr, "`HOST:PORT` to listen on (a host other than loopback shows the site to the network)")
	poll := fs.Bool("poll", false, "watch by polling instead of inotify (for file systems without it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"serve takes no arguments"}
	}
	if err := checkFolderFlags(*src, *out); err != nil {
		return err
	}
	if err := checkAddr(*addr); err != nil {
		return err
	}
	if err := checkSrcExists(*src); err != nil {
		return err
	}
	s, err := serve.Start(ctx, serve.Config{Src: *src, Out: *out, Addr: *addr, Log: c.stderr, Poll: *poll})
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%w: another program has the port; pass -addr with another, such as 127.0.0.1:0 for any free one", err)
	}
	if err != nil {
		return err
	}
	return s.Wait()
}

// checkAddr refuses an -addr that is no host:port (a bare port such as
// 8080, a port out of range), which listening would only report after the
// flags were taken.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		if n, perr := strconv.Atoi(port); perr == nil && (n < 0 || n > 65535) {
			err = fmt.Errorf("port %d is out of range", n)
		}
	}
	if err != nil {
		return usageError{fmt.Sprintf("-addr %q: want HOST:PORT, such as %s (%v)", addr, serve.DefaultAddr, err)}
	}
	return nil
}
