package emulator

// Spec: Methods the document leaves out (deleteMessage, stopPoll), served
// through botapiserver.WithMethod.

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// Methods the document leaves out that real client libraries' suites call
// (Bot API 5.0 has them): deleteMessage and stopPoll, served through the
// generated server's extension point botapiserver.WithMethod with the
// reference server's behaviour and wording. Other methods the document
// leaves out (sendSticker, ...) answer 404 "Not Found", as the reference
// server answers unknown methods.

// deleteWindow is how old a message may be and still be deleted.
const deleteWindow = 48 * time.Hour

func (e *Emulator) outsideMethods() []botapiserver.ServerOption {
	return []botapiserver.ServerOption{
		botapiserver.WithMethod(outsideNames[0], e.deleteMessage),
		botapiserver.WithMethod(outsideNames[1], e.stopPoll),
	}
}

// outsideNames are the methods outsideMethods adds, in its order.
var outsideNames = []string{"deleteMessage", "stopPoll"}

// servesOutside reports whether outsideMethods adds the method name.
func (e *Emulator) servesOutside(name string) bool {
	for _, n := range outsideNames {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// chatAndMessage reads chat_id (Integer or @username) and message_id.
func chatAndMessage(p *botapiserver.ExtraParams) (botapi.ChatRef, int64, error) {
	s, ok, err := p.Text("chat_id")
	if err != nil {
		return botapi.ChatRef{}, 0, err
	}
	if !ok {
		return botapi.ChatRef{}, 0, bad("chat_id is empty")
	}
	var ref botapi.ChatRef
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		ref = botapi.ChatRefFromInteger64(n)
	} else if strings.HasPrefix(s, "@") {
		ref = botapi.ChatRefFromString(s)
	} else {
		return botapi.ChatRef{}, 0, errChatNotFound
	}
	id, ok, err := p.Int64("message_id")
	if err != nil {
		return botapi.ChatRef{}, 0, err
	}
	if !ok {
		return botapi.ChatRef{}, 0, bad("message identifier is not specified")
	}
	return ref, id, nil
}

// deleteMessage deletes a message: the bot's own, or, with the
// can_delete_messages right (a creator has it), anyone's in a group,
// supergroup or channel; in a private chat both sides' messages. Messages
// older than 48 hours cannot be deleted. The message is gone for replies,
// edits and button presses; a pinned one is unpinned, a poll forgotten.
func (e *Emulator) deleteMessage(ctx context.Context, p *botapiserver.ExtraParams) (any, error) {
	ref, id, err := chatAndMessage(p)
	if err != nil {
		return nil, err
	}
	err = e.acting(ctx, ref, seeChat, func(b *bot, c *chat) error {
		r := c.msgs[id]
		if r == nil {
			return bad("message to delete not found")
		}
		if e.now().Sub(time.Unix(int64(r.m.Date), 0)) >= deleteWindow ||
			!c.private() && r.byBot != b.user.ID && !c.grants(b, canDelete, e.now()) {
			return bad("message can't be deleted")
		}
		delete(c.msgs, id)
		c.unpin(id)
		if r.poll != "" {
			delete(e.polls, r.poll)
			delete(e.timed, r.poll)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return true, nil
}

// stopPoll closes a poll the bot sent (the bot gets a poll update), with a
// new inline keyboard if given, and returns the final poll.
func (e *Emulator) stopPoll(ctx context.Context, p *botapiserver.ExtraParams) (any, error) {
	ref, id, err := chatAndMessage(p)
	if err != nil {
		return nil, err
	}
	var markup botapi.InlineKeyboardMarkup
	hasMarkup, err := p.JSON("reply_markup", &markup)
	if err != nil {
		return nil, err
	}
	if hasMarkup {
		if err := markup.Validate(); err != nil {
			return nil, bad(err.Error())
		}
	}
	var poll botapi.Poll
	err = e.acting(ctx, ref, editMessages, func(b *bot, c *chat) error {
		r := c.msgs[id]
		if r == nil || r.m.Poll == nil {
			return bad("message with poll to stop not found")
		}
		if r.byBot != b.user.ID {
			return bad("message can't be edited")
		}
		if r.m.Poll.IsClosed {
			return bad("poll has already been closed")
		}
		if hasMarkup {
			r.m.ReplyMarkup = &markup
		}
		if ps := e.polls[r.poll]; ps != nil {
			delete(e.timed, r.poll)
			e.closePollLocked(ps)
		} else {
			closed := *r.m.Poll
			closed.IsClosed = true
			r.m.Poll = &closed
		}
		poll = *r.m.Poll
		return nil
	})
	if err != nil {
		return nil, err
	}
	return poll, nil
}
