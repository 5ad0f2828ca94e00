package emulator

import (
	"net/http"
	"reflect"
	"sync/atomic"
	"time"
)

// BreakBot corrupts a bot's state so that its next getMe panics: tests use
// it to prove that a panic in one request answers 500 and leaves the lock
// free for every other bot.
func BreakBot(e *Emulator, id int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.bots[id].user = nil
}

// SetLongPollMax changes the long-poll cap for one test; the returned
// function restores it.
func SetLongPollMax(d time.Duration) func() {
	old := longPollMax
	longPollMax = d
	return func() { longPollMax = old }
}

// LiveChats counts the chats held in full (not dormant).
func LiveChats(e *Emulator) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.chats) + len(e.privates)
}

// Lenient runs the lenient front over one request for the methods of svc
// (an interface shaped like botapiserver.Service, of any version) and returns
// what the generated server would read.
func Lenient(svc reflect.Type, r *http.Request) *http.Request {
	var out *http.Request
	lenient(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { out = r }), 1<<20, shapesOf(svc)).ServeHTTP(nil, r)
	return out
}

// Synthesized wraps next (a generated server) with the emulator's answer
// for methods the service does not implement, from the seed's schema, and
// returns the minimal valid parameters of method.
func Synthesized(next http.Handler) http.Handler {
	return synthesized(next, seedSynth, new(atomic.Int64))
}

// SynthParams is a minimal valid JSON object of the seed method's
// parameters.
func SynthParams(method string) map[string]any {
	y, err := seedSynth()
	if err != nil {
		panic(err)
	}
	p, _ := y.params(method)
	return p
}

// CoreHTTPRequests counts the API method requests (/bot<token>/...) that
// reach the core's HTTP handler behind the version front from now on.
func CoreHTTPRequests(e *Emulator) *atomic.Int64 {
	n := new(atomic.Int64)
	next := e.front.coreH
	e.front.coreH = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.Path) > 4 && r.URL.Path[:4] == "/bot" {
			n.Add(1)
		}
		next.ServeHTTP(w, r)
	})
	return n
}

// SetFamiliesBound changes how many settings and resources the version
// front holds per bot for one test; the returned function restores it.
func SetFamiliesBound(n int) func() {
	old := familiesBound
	familiesBound = n
	return func() { familiesBound = old }
}

// FamiliesHeld counts the settings (with kept flags) and the resources
// the version front holds, and the invite links the core holds.
func FamiliesHeld(e *Emulator) (settings, resources, links int) {
	s := e.front.state
	s.mu.Lock()
	settings, resources = s.settings.len(), s.resources.len()
	s.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	return settings, resources, len(e.links)
}
