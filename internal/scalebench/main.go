// Command scalebench measures `nonopress build` on synthetic archives of
// several sizes against Hugo building the same number of trivial Markdown
// pages, in the same run, and prints the figures with their ratios.
//
//	go run ./internal/scalebench -n 2000,10000 -hugo $(go env GOPATH)/bin/hugo
//
// For each size it generates an archive (internal/archivegen, cached under
// -work), builds the nonopress binary, and times three builds: cold (no output,
// no solver cache), warm (nothing changed) and one file changed. Each build is
// a separate process, so wall time, CPU time (user+system) and peak resident
// memory come from the operating system.
//
// With -floor it also times writing a copy of the built output, with
// none of the build's work: the cost of creating those files on this disk.
// Point -work at a tmpfs (/dev/shm) to measure with the disk taken out.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nonopress/nonopress/internal/archivegen"
)

// run is one measured process.
type run struct {
	wall, cpu time.Duration
	rssMiB    float64
}

func measure(dir string, name string, args ...string) (run, error) {
	settle()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return run{}, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return run{wall: wall, cpu: cpu, rssMiB: float64(ru.Maxrss) / 1024}, nil
}

func main() {
	sizes := flag.String("n", "2000,10000", "archive sizes, comma-separated")
	work := flag.String("work", filepath.Join(os.TempDir(), "nonopress-scalebench"), "work folder (archives are cached here)")
	hugo := flag.String("hugo", "hugo", "the hugo binary for the baseline; empty to skip")
	skipInvalid := flag.Bool("skip-invalid", false, "build with -skip-invalid (an archive with puzzles the build rejects)")
	bin := flag.String("bin", "", "the nonopress binary to measure (default: built from the current folder), to compare two versions")
	floor := flag.Bool("floor", false, "also time writing a copy of the cold build's output (what creating its files costs, with no work)")
	flag.Parse()
	if err := os.MkdirAll(*work, 0o755); err != nil {
		fail(err)
	}
	if *bin == "" {
		*bin = filepath.Join(*work, "nonopress")
		if out, err := exec.Command("go", "build", "-o", *bin, ".").CombinedOutput(); err != nil {
			fail(fmt.Errorf("go build: %v\n%s", err, out))
		}
	}
	fmt.Printf("%-7s %-8s %10s %10s %9s | %10s %10s %9s | %7s %7s %7s\n",
		"puzzles", "build", "wall", "cpu", "peak MiB", "hugo wall", "hugo cpu", "hugo MiB", "wall×", "cpu×", "mem×")
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fail(err)
		}
		if err := bench(*bin, *work, *hugo, n, *skipInvalid, *floor); err != nil {
			fail(err)
		}
	}
}

func bench(bin, work, hugo string, n int, skipInvalid, floor bool) error {
	dir := filepath.Join(work, fmt.Sprint(n))
	content := filepath.Join(dir, "content")
	if _, err := os.Stat(filepath.Join(content, "nonopress.toml")); err != nil {
		os.RemoveAll(content)
		start := time.Now()
		if _, err := archivegen.Write(content, archivegen.Options{Puzzles: n, Seed: 1}); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "generated %d puzzles in %s\n", n, time.Since(start).Round(time.Millisecond))
	}
	var hugoRuns [3]run
	if hugo != "" {
		var err error
		if hugoRuns, err = benchHugo(hugo, dir, n); err != nil {
			return err
		}
	}
	public := filepath.Join(dir, "public")
	reset := func() {
		os.RemoveAll(public)
		os.RemoveAll(filepath.Join(dir, ".public.nonopress-next"))
		os.RemoveAll(filepath.Join(content, ".nonopress-cache")) // where older versions kept it
		os.RemoveAll(filepath.Join(dir, ".nonopress-cache"))
	}
	reset()
	args := []string{"build", "-src", content, "-out", public, "-quiet"}
	if skipInvalid {
		args = append(args, "-skip-invalid")
	}
	var ours [3]run
	var err error
	if ours[0], err = measure(dir, bin, args...); err != nil {
		return err
	}
	if ours[1], err = measure(dir, bin, args...); err != nil {
		return err
	}
	if err := touchOne(content); err != nil {
		return err
	}
	if ours[2], err = measure(dir, bin, args...); err != nil {
		return err
	}
	// Last, because removing the copy slows the disk down for a while.
	var writeOnly run
	if floor {
		if writeOnly, err = measureWriteFloor(public); err != nil {
			return err
		}
	}
	for i, phase := range []string{"cold", "warm", "1 change"} {
		o, h := ours[i], hugoRuns[i]
		fmt.Printf("%-7d %-8s %10s %10s %9.0f | %10s %10s %9.0f | %7s %7s %7s\n", n, phase,
			o.wall.Round(time.Millisecond), o.cpu.Round(time.Millisecond), o.rssMiB,
			h.wall.Round(time.Millisecond), h.cpu.Round(time.Millisecond), h.rssMiB,
			ratio(float64(o.wall), float64(h.wall)), ratio(float64(o.cpu), float64(h.cpu)), ratio(o.rssMiB, h.rssMiB))
	}
	if floor {
		h := hugoRuns[0]
		fmt.Printf("%-7d %-8s %10s %10s %9s | %10s %10s %9s | %7s %7s %7s\n", n, "floor",
			writeOnly.wall.Round(time.Millisecond), writeOnly.cpu.Round(time.Millisecond), "-",
			h.wall.Round(time.Millisecond), h.cpu.Round(time.Millisecond), "-",
			ratio(float64(writeOnly.wall), float64(h.wall)), ratio(float64(writeOnly.cpu), float64(h.cpu)), "-")
	}
	return nil
}

// settle lets the file system finish what came before a measured build
// (writing back, and on disks mounted with discard, trimming the blocks of
// the output just removed), which would otherwise be charged to the build:
// on the development machine, creating a file costs 2 to 4 times more right
// after thousands were deleted.
func settle() {
	syscall.Sync()
	time.Sleep(3 * time.Second)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// touchOne changes the title of the first single-puzzle file, so that its
// clues (and id) stay the same and only its pages change.
func touchOne(content string) error {
	target, err := archivegen.FirstNon(content)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	data = bytes.Replace(data, []byte(`title "`), []byte(`title "Changed `), 1)
	return os.WriteFile(target, data, 0o644)
}

// benchHugo builds n trivial Markdown pages with Hugo: cold, warm and after one
// page changed.
func benchHugo(hugo, dir string, n int) ([3]run, error) {
	var runs [3]run
	site := filepath.Join(dir, "hugo")
	if _, err := os.Stat(filepath.Join(site, "hugo.toml")); err != nil {
		files := map[string]string{
			"hugo.toml":                    "baseURL = 'https://example.org/'\ntitle = 'baseline'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n",
			"layouts/_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n",
			"layouts/_default/list.html":   "<!doctype html><html><body><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n",
		}
		for i := range n {
			files[fmt.Sprintf("content/s%02d/c%02d/p%05d.md", i/1000, (i/100)%10, i)] = fmt.Sprintf("---\ntitle: Page %d\n---\nA trivial page, number **%d**.\n", i, i)
		}
		for name, body := range files {
			p := filepath.Join(site, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return runs, err
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				return runs, err
			}
		}
	}
	os.RemoveAll(filepath.Join(site, "public"))
	os.RemoveAll(filepath.Join(site, "resources"))
	args := []string{"--quiet", "--source", site}
	var err error
	if runs[0], err = measure(site, hugo, args...); err != nil {
		return runs, err
	}
	if runs[1], err = measure(site, hugo, args...); err != nil {
		return runs, err
	}
	page := filepath.Join(site, "content", "s00", "c00", "p00000.md")
	if err := os.WriteFile(page, []byte("---\ntitle: Changed page\n---\nChanged.\n"), 0o644); err != nil {
		return runs, err
	}
	runs[2], err = measure(site, hugo, args...)
	return runs, err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scalebench:", err)
	os.Exit(1)
}
