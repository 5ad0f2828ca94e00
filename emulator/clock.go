package emulator

import (
	"sync"
	"time"
)

// Clock is the emulator's time: message dates, poll closing, live location
// expiry, update retention, the 10-minute rules of logOut and close, ban and
// restriction ends, flood-control windows. It is wall time plus an offset
// that only grows (Advance), or a frozen time that moves only by Advance, so
// tests can jump a day ahead without waiting. Network waits (the long-poll
// timeout of getUpdates, webhook retry delays) are wall time: they are what
// a client's HTTP timeout measures.
type Clock struct {
	mu     sync.Mutex
	frozen bool
	base   time.Time // frozen: the current time; running: unused
	offset time.Duration
}

// WallClock returns a clock that runs with the wall clock.
func WallClock() *Clock { return &Clock{} }

// ManualClock returns a clock frozen at start that moves only by Advance.
func ManualClock(start time.Time) *Clock { return &Clock{frozen: true, base: start} }

// Now returns the current time of the clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frozen {
		return c.base
	}
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward by d (negative d is ignored: time never
// runs backwards, or update retention and poll closing would undo).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d <= 0 {
		return
	}
	if c.frozen {
		c.base = c.base.Add(d)
	} else {
		c.offset += d
	}
}

// unix is the API's date format: seconds since the epoch.
func unix(t time.Time) int { return int(t.Unix()) }
