package serve

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nonopress/nonopress/internal/archivegen"
)

// BenchmarkEditToEvent measures how long an author waits between saving a
// puzzle and the browser being told to reload, on generated archives of 2,000
// and (with NONOPRESS_BENCH_LARGE=1) 10,000 puzzles. It reports the median and
// 95th percentile as p50-ms and p95-ms, and the same of the process's CPU
// time over the edit as p50-cpu-ms and p95-cpu-ms (on a loaded machine the
// wall time mostly measures the load). Each edit waits until the previous
// one's booklet is done, as an author's next save would.
//
//	go test -run '^$' -bench EditToEvent -benchtime 20x ./serve
func BenchmarkEditToEvent(b *testing.B) {
	sizes := []int{2000}
	if os.Getenv("NONOPRESS_BENCH_LARGE") == "1" {
		sizes = append(sizes, 10000)
	}
	for _, n := range sizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchEditToEvent(b, n) })
	}
}

func benchEditToEvent(b *testing.B, n int) {
	dir := b.TempDir()
	src, out := filepath.Join(dir, "content"), filepath.Join(dir, "public")
	if _, err := archivegen.Write(src, archivegen.Options{Puzzles: n, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	target, err := archivegen.FirstNon(src)
	if err != nil {
		b.Fatal(err)
	}
	original, err := os.ReadFile(target)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	s, err := Start(ctx, Config{Src: src, Out: out, Addr: "127.0.0.1:0"})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d puzzles: first build %s", n, time.Since(start).Round(time.Millisecond))
	sse := connect(b, ctx, s.URL())
	sse.await(b, "ok", nil)
	awaitPreparedBack(b, out)

	var lat, cpu []time.Duration
	b.ResetTimer()
	for i := range b.N {
		edited := bytes.Replace(original, []byte(`title "`), []byte(fmt.Sprintf(`title "Edit %d `, i)), 1)
		t0, c0 := time.Now(), cpuTime(b)
		if err := os.WriteFile(target, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		sse.await(b, "reload", nil)
		lat = append(lat, time.Since(t0))
		cpu = append(cpu, cpuTime(b)-c0)
		// An author saves again seconds later, once serve has brought the
		// collection's booklet up to date: wait for that, untimed.
		b.StopTimer()
		sse.await(b, "reload", hasPath("booklet.pdf"))
		b.StartTimer()
	}
	b.StopTimer()
	b.Logf("latencies: %v", lat)
	b.Logf("CPU: %v", cpu)
	slices.Sort(lat)
	slices.Sort(cpu)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[(len(lat)*95)/100].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "p50-cpu-ms")
	b.ReportMetric(float64(cpu[(len(cpu)*95)/100].Microseconds())/1000, "p95-cpu-ms")
	cancel()
	s.Wait()
}

// awaitPreparedBack waits until serve has linked the site into its back
// buffer (what build.Builder.Rebuild does when idle), as it has by the time an author who
// just started it saves a first edit: its marker is clean and lists files.
func awaitPreparedBack(tb testing.TB, out string) {
	tb.Helper()
	marker := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".nonopress-next", ".nonopress")
	deadline := time.Now().Add(time.Minute)
	for {
		data, _ := os.ReadFile(marker)
		if lines := strings.SplitN(string(data), "\n", 4); len(lines) == 4 && lines[1] == "state clean" && lines[2] != "" {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatal("the back buffer was never prepared")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cpuTime is the CPU time (user and system) the process has used: on a
// shared machine, what an edit costs, where its wall time mostly measures
// what else runs.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
