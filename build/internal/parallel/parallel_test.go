package parallel

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// Every step runs once, and the first error by index is returned.
func TestDo(t *testing.T) {
	var calls atomic.Int64
	seen := make([]bool, 100)
	if err := Do(context.Background(), len(seen), func(i int) error {
		calls.Add(1)
		seen[i] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("step %d not run", i)
		}
	}
	if calls.Load() != 100 {
		t.Errorf("%d calls, want 100", calls.Load())
	}
	errOdd := errors.New("odd")
	err := Do(context.Background(), 10, func(i int) error {
		if i == 3 {
			return errOdd
		}
		return nil
	})
	if !errors.Is(err, errOdd) {
		t.Errorf("err = %v, want %v", err, errOdd)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Do(ctx, 5, func(int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}
