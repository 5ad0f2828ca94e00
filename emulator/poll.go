package emulator

// A poll a bot sent (pollState): votes, closing and the poll updates.
// Spec: States and transitions › Poll.

import (
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// pollState is a poll sent by a bot, with its votes.
type pollState struct {
	id      string
	bot     int64
	chat    *chat
	msg     int64
	closeAt time.Time // zero: no automatic closing
	votes   map[int64][]int
}

// registerPollLocked keeps the state of a poll a bot just sent.
func (e *Emulator) registerPollLocked(b *bot, c *chat, r *msgRec) {
	r.poll = r.m.Poll.ID
	e.polls[r.poll] = &pollState{id: r.poll, bot: b.user.ID, chat: c, msg: r.m.MessageID, votes: map[int64][]int{}}
}

// closePollLocked closes a poll and sends the bot a poll update.
func (e *Emulator) closePollLocked(ps *pollState) {
	r := ps.chat.msgs[ps.msg]
	if r == nil || r.m.Poll == nil || r.m.Poll.IsClosed {
		return
	}
	poll := *r.m.Poll
	poll.IsClosed = true
	r.m.Poll = &poll
	e.pollUpdateLocked(ps, &poll)
}

func (e *Emulator) pollUpdateLocked(ps *pollState, poll *botapi.Poll) {
	if b := e.bots[ps.bot]; b != nil {
		cp := *poll
		e.emitLocked(b, botapi.Update{Poll: &cp})
	}
}
