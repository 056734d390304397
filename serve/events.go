package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// event is one Server-Sent Event for the browsers.
type event struct {
	Name string // "reload", "builderror", "ok" or "run"
	Data any    // JSON-encoded into the data field
}

// hub fans events out to the connected browsers and remembers the site's
// state (in error or not), which every newly connected browser is told first,
// after the server's run.
type hub struct {
	mu      sync.Mutex
	clients map[chan event]bool
	state   event // the last "builderror" or "ok"
	// run tells this server's run from the one before: a page still open
	// from that one, whose stream reconnects to this one, reloads (the
	// site may have changed while serve was stopped).
	run string
}

func newHub() *hub {
	return &hub{clients: map[chan event]bool{}, state: event{Name: "ok", Data: struct{}{}},
		run: strconv.FormatInt(time.Now().UnixNano(), 36)}
}

// reconnectMillis is how soon a browser whose stream broke tries again
// (EventSource's own wait is 3 s): a page open while serve restarts
// reloads about a second after it is back.
const reconnectMillis = 1000

// publish sends ev to every browser; a browser too slow to take it is dropped
// (its EventSource reconnects by itself).
func (h *hub) publish(ev event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ev.Name == "ok" || ev.Name == "builderror" {
		h.state = ev
	}
	for c := range h.clients {
		select {
		case c <- ev:
		default:
			delete(h.clients, c)
			close(c)
		}
	}
}

func (h *hub) subscribe() (chan event, event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := make(chan event, 16)
	h.clients[c] = true
	return c, h.state
}

func (h *hub) unsubscribe(c chan event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.clients[c] {
		delete(h.clients, c)
		close(c)
	}
}

// clientCount returns how many browsers are connected.
func (h *hub) clientCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// ServeHTTP streams events to one browser until it hangs up. It reads nothing
// from the request but its context, so it cannot be used to read files.
func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	c, state := h.subscribe()
	defer h.unsubscribe(c)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", reconnectMillis); err != nil {
		return
	}
	if writeEvent(w, event{Name: "run", Data: map[string]string{"run": h.run}}) != nil || writeEvent(w, state) != nil {
		return
	}
	flusher.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev, ok := <-c:
			if !ok {
				return
			}
			if writeEvent(w, ev) != nil {
				return
			}
		case <-keepAlive.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}

func writeEvent(w http.ResponseWriter, ev event) error {
	data, err := json.Marshal(ev.Data)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.Name, data)
	return err
}
