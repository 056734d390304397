package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// event is one Server-Sent Event for the browsers.
type event struct {
	Name string // "reload", "builderror", "ok" or "run"
	Data any    // JSON-encoded into the data field
	// gen numbers a reload event (the hub's count of them), 0 for the
	// others: it is the event's id, with the run's.
	gen int
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
	// gen counts the reload events; recent keeps the last of them, so
	// that a page served before one of them but connected after it (a
	// page loading while the next build lands: two saves in quick
	// succession, a git checkout), or whose stream broke and reconnects,
	// is told what it missed.
	gen    int
	recent []event
}

// recentReloads is how many reload events a hub keeps for pages that
// connect late; one that missed more reloads whatever it shows.
const recentReloads = 64

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
	h.send(ev)
}

// publishChanged publishes ev, a state event ("builderror" or "ok"),
// unless it says what the site's state says already: the pages show that,
// and would draw it again for nothing.
func (h *hub) publishChanged(ev event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if ev.Name == h.state.Name && sameData(ev.Data, h.state.Data) {
		return
	}
	h.send(ev)
}

// sameData reports whether two events' data read the same to a page.
func sameData(a, b any) bool {
	ja, erra := json.Marshal(a)
	jb, errb := json.Marshal(b)
	return erra == nil && errb == nil && string(ja) == string(jb)
}

// send is publish, h.mu held.
func (h *hub) send(ev event) {
	if ev.Name == "ok" || ev.Name == "builderror" {
		h.state = ev
	}
	if ev.Name == "reload" {
		h.gen++
		ev.gen = h.gen
		// The oldest is let go by slicing it off: append moves the kept
		// ones to a new array once it is full, not at every reload.
		h.recent = append(h.recent, ev)
		if len(h.recent) > recentReloads {
			h.recent = h.recent[len(h.recent)-recentReloads:]
		}
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

// generation is the number of the last reload event: a page served now
// has seen every reload up to it.
func (h *hub) generation() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gen
}

// subscribe adds a browser, and returns its channel, the site's state,
// and the reload events after the one numbered since (none when since is
// negative: a page that does not say), or one reloading every page when
// they are no longer all kept.
func (h *hub) subscribe(since int) (chan event, event, []event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := make(chan event, 16)
	h.clients[c] = true
	var missed []event
	switch {
	case since < 0 || since >= h.gen:
	case len(h.recent) == 0 || since < h.recent[0].gen-1:
		missed = []event{{Name: "reload", Data: map[string]any{"all": true}, gen: h.gen}}
	default:
		for _, r := range h.recent {
			if r.gen > since {
				missed = append(missed, r)
			}
		}
	}
	return c, h.state, missed
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

// ServeHTTP streams events to one browser until it hangs up: the server's
// run, the site's state, the reloads the page missed (after the one its
// stream last had, or the one its query's since numbers), then each event
// as it comes. It reads nothing from the request but that number and its
// context, so it cannot be used to read files.
func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	c, state, missed := h.subscribe(h.since(r))
	defer h.unsubscribe(c)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", reconnectMillis); err != nil {
		return
	}
	for _, ev := range append([]event{{Name: "run", Data: map[string]string{"run": h.run}}, state}, missed...) {
		if h.writeEvent(w, ev) != nil {
			return
		}
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
			if h.writeEvent(w, ev) != nil {
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

// since is the number of the last reload a stream's page has seen: the id
// of the last event its stream had, which EventSource sends when it
// reconnects (serve restarted, a network blip), or else the number the
// page was served with (its query's since, which its stream asks for
// again each time it reconnects: that replayed every reload since the
// page loaded). -1 when it says neither, or names another run of serve
// (whose run event reloads the page).
func (h *hub) since(r *http.Request) int {
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		run, gen, _ := strings.Cut(id, "-")
		n, err := strconv.Atoi(gen)
		if run != h.run || err != nil {
			return -1
		}
		return n
	}
	n, err := strconv.Atoi(r.URL.Query().Get("since"))
	if err != nil {
		return -1
	}
	return n
}

// writeEvent sends ev; a reload goes with its id, "run-gen".
func (h *hub) writeEvent(w http.ResponseWriter, ev event) error {
	data, err := json.Marshal(ev.Data)
	if err != nil {
		return err
	}
	id := ""
	if ev.gen > 0 {
		id = fmt.Sprintf("id: %s-%d\n", h.run, ev.gen)
	}
	_, err = fmt.Fprintf(w, "%sevent: %s\ndata: %s\n\n", id, ev.Name, data)
	return err
}
