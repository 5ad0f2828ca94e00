package emulator

import (
	"net/http"
	"strings"
	"sync"
)

// changeFeed tells watchers (the chat window) that the state may have
// changed: after every request that may change it (the Bot API's, the
// control API's actions that are not reads) and after the clock ran what
// became due. It carries no content: a watcher reads what it shows
// through the control API, in the served version's shapes.
type changeFeed struct {
	mu sync.Mutex
	ch chan struct{} // closed at the next change
}

// Changed returns a channel that is closed at the next change of the
// emulator's state made over HTTP (a bot's request, a control action) or
// by the clock. Changes made through the Go control methods do not close
// it: a watcher also reads at its own pace.
func (e *Emulator) Changed() <-chan struct{} {
	e.changes.mu.Lock()
	defer e.changes.mu.Unlock()
	if e.changes.ch == nil {
		e.changes.ch = make(chan struct{})
	}
	return e.changes.ch
}

// changed wakes the watchers, if any.
func (e *Emulator) changed() {
	e.changes.mu.Lock()
	defer e.changes.mu.Unlock()
	if e.changes.ch != nil {
		close(e.changes.ch)
		e.changes.ch = nil
	}
}

// changesAfter serves h and then wakes the watchers, unless the request
// was a control action that only reads (a watcher's own reads must not
// wake it).
func (e *Emulator) changesAfter(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if name, ok := strings.CutPrefix(r.URL.Path, "/control/"); ok && controlActions[name].read {
			return
		}
		e.changed()
	})
}
