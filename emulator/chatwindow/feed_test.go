package chatwindow

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
)

// Issue 43: the replay buffer is bounded (bufferSize events); a page
// that missed more than it holds is told to reload (a reset event), and
// one that missed less gets every event it missed.
func TestReplayBufferIsBounded(t *testing.T) {
	emu := emulator.New(emulator.Config{})
	defer emu.Shutdown()
	w := New(emu)
	defer w.Close()
	u := emu.NewUser("Alice", "")
	for i := 0; i < bufferSize+100; i++ {
		w.feed.emit(u.ID, "chats", map[string]int{"n": i})
	}
	if n := len(w.feed.buf); n != bufferSize {
		t.Fatalf("%d events kept, want %d", n, bufferSize)
	}
	w.sessions["s"] = time.Now()
	srv := httptest.NewServer(w.Handler(emu.Handler()))
	defer srv.Close()
	first := func(last int) string {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/chat/events?user_id="+strconv.FormatInt(u.ID, 10), nil)
		req.AddCookie(&http.Cookie{Name: cookieName, Value: "s"})
		req.Header.Set("Last-Event-ID", strconv.Itoa(last))
		resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		var id, kind string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			line = strings.TrimSpace(line)
			if v, ok := strings.CutPrefix(line, "id: "); ok {
				id = v
			}
			if v, ok := strings.CutPrefix(line, "event: "); ok {
				kind = v
			}
			if line == "" && kind != "" {
				return kind + " " + id
			}
		}
	}
	// The view must exist for a replay (a page that had one).
	w.feed.views[u.ID] = &view{msgs: map[string]map[int64]uint64{}}
	if got := first(50); got != "reset "+strconv.Itoa(bufferSize+100) {
		t.Errorf("Last-Event-ID before the buffer: %s, want a reset at the newest id", got)
	}
	if got, want := first(150), "chats 151"; got != want {
		t.Errorf("Last-Event-ID 150 (the buffer's first is 101): %s, want %s", got, want)
	}
}
