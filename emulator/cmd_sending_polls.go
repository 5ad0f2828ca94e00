package emulator

// Spec: Endpoints › Sending messages: sendPoll; States and transitions:
// Poll.

import (
	"context"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// SendPoll implements sendPoll: a poll closes at open_period or close_date,
// or at once when created closed.
func (e *Emulator) SendPoll(ctx context.Context, p *botapi.SendPollParams) (*botapi.Message, error) {
	var expl botapi.Message
	if err := e.caption(&expl, p.Explanation, p.ExplanationParseMode, p.ExplanationEntities); err != nil {
		return nil, err
	}
	typ := p.Type.Or(botapi.PollTypeRegular)
	correct, hasCorrect := p.CorrectOptionID.Get()
	if typ == botapi.PollTypeQuiz && (!hasCorrect || correct < 0 || correct >= len(p.Options)) {
		return nil, bad("wrong correct option ID specified")
	}
	now := e.now()
	var closeAt time.Time
	if s, ok := p.OpenPeriod.Get(); ok {
		closeAt = now.Add(time.Duration(s) * time.Second)
	}
	if cd, ok := p.CloseDate.Get(); ok {
		d := time.Unix(int64(cd), 0).Sub(now)
		if d < 5*time.Second || d > 600*time.Second {
			return nil, bad("close_date must be 5-600 seconds ahead of now")
		}
		closeAt = time.Unix(int64(cd), 0)
	}
	var m *botapi.Message
	err := e.acting(ctx, p.ChatID, pollChat, func(b *bot, c *chat) (err error) {
		if c.isChannel() && !p.IsAnonymous.Or(true) {
			return bad("non-anonymous polls can't be sent to channel chats")
		}
		m, err = e.sendLocked(b, sendOpts("sendPoll", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
			poll := &botapi.Poll{
				ID:                    "P" + itoa(e.seq()),
				Question:              p.Question,
				IsClosed:              p.IsClosed.Value(),
				IsAnonymous:           p.IsAnonymous.Or(true),
				Type:                  typ,
				AllowsMultipleAnswers: typ == botapi.PollTypeRegular && p.AllowsMultipleAnswers.Value(),
				Explanation:           expl.Caption,
				ExplanationEntities:   expl.CaptionEntities,
				OpenPeriod:            p.OpenPeriod,
				CloseDate:             p.CloseDate,
			}
			for _, o := range p.Options {
				poll.Options = append(poll.Options, botapi.PollOption{Text: o})
			}
			if typ == botapi.PollTypeQuiz {
				poll.CorrectOptionID.Set(correct)
			}
			r.m.Poll = poll
			return nil
		})
		if err != nil {
			return err
		}
		if ps := e.polls[m.Poll.ID]; ps != nil && !m.Poll.IsClosed && !closeAt.IsZero() {
			ps.closeAt = closeAt
			e.timed[ps.id] = ps
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}
