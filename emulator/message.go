package emulator

// A message as the emulator holds it (msgRec), and what every method that
// creates one shares: sending by a bot (out, sendLocked, post), text and
// caption formatting, service messages, media of an album, retention.

import (
	"context"
	"strings"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// msgRec is a stored message with what the API does not show.
type msgRec struct {
	m        botapi.Message
	byBot    int64 // the bot that sent it; 0: a user
	keyboard bool  // sent with a reply keyboard, keyboard removal or force reply: not editable
	// markup is that reply keyboard, removal or force reply (the Message
	// itself carries inline keyboards only): what the user's window shows.
	markup botapi.ReplyMarkup
	// Live locations.
	liveUntil   time.Time
	liveStopped bool
	poll        string // poll id
	service     bool
	// At another version: content the core's Message cannot hold (a
	// sticker sent by a method the core lacks), carried by forwards and
	// copies, and the send parameters named like fields of the version's
	// Message (message_thread_id), kept on this message only; both under
	// the version's names, merged into its answers (version.go).
	content, kept map[string]any
}

// live checks that r is a live location that can still change.
func (r *msgRec) live(now time.Time) error {
	if r.m.Location == nil || r.liveUntil.IsZero() {
		return bad("message can't be edited: it is not a live location")
	}
	if r.liveStopped || !now.Before(r.liveUntil) {
		return errCantEdit
	}
	return nil
}

// out is what every send method shares (SEND_OPTS).
type out struct {
	method       string
	chat         botapi.ChatRef
	replyTo      int64
	allowNoReply bool
	markup       botapi.ReplyMarkup
}

func sendOpts(method string, chat botapi.ChatRef, replyTo botapi.Opt[int64], allow botapi.Opt[bool], markup botapi.ReplyMarkup) out {
	return out{method: method, chat: chat, replyTo: replyTo.Value(), allowNoReply: allow.Value(), markup: markup}
}

// newMessage allocates the next message id of c and stores the message,
// dated now.
func (c *chat) newMessage(now time.Time) *msgRec {
	c.nextID++
	rec := &msgRec{}
	rec.m.MessageID = c.nextID
	rec.m.Date = unix(now)
	rec.m.Chat = c.c
	c.msgs[c.nextID] = rec
	c.order = append(c.order, c.nextID)
	return rec
}

// forgetOldLocked drops messages older than the message retention.
func (e *Emulator) forgetOldLocked(c *chat, old time.Time) {
	n := 0
	for n < len(c.order) {
		r := c.msgs[c.order[n]]
		if r != nil && int64(r.m.Date) > old.Unix() { // kept for less than the retention
			break
		}
		if r != nil && r.poll != "" {
			delete(e.polls, r.poll)
			delete(e.timed, r.poll)
		}
		delete(c.msgs, c.order[n])
		n++
	}
	if n > 0 {
		clear(c.order[:n])
		c.order = c.order[n:]
		if len(c.order) == 0 {
			c.order = nil
		}
		if len(c.msgs) == 0 {
			c.msgs = map[int64]*msgRec{} // a Go map never shrinks: let the old buckets go
		}
	}
}

// stripReply copies m without its reply_to_message (a replied-to or pinned
// message does not carry a further one).
func stripReply(m *botapi.Message) *botapi.Message {
	c := *m
	c.ReplyToMessage = nil
	c.PinnedMessage = nil
	return &c
}

// sendLocked posts a message of bot b: chat access (sendMessages), flood
// control, reply, markup; fill sets the content.
func (e *Emulator) sendLocked(b *bot, o out, fill func(r *msgRec) error) (*botapi.Message, error) {
	c, err := e.reachLocked(b, o.chat, sendMessages)
	if err != nil {
		return nil, err
	}
	if m, s := c.status(b.user.ID, e.now()); s == botapi.ChatMemberStatusRestricted && !m.cm.CanSendMessages.Value() {
		return nil, bad("have no rights to send a message")
	}
	var reply *msgRec
	if o.replyTo != 0 {
		reply = c.msgs[o.replyTo]
		if reply == nil && !o.allowNoReply {
			return nil, bad("reply message not found")
		}
	}
	if err := b.flood(e.cfg.FloodLimit, e.now()); err != nil {
		return nil, err
	}
	rec := &msgRec{}
	if err := fill(rec); err != nil { // before the id is taken: a refused message uses none
		return nil, err
	}
	content, more := rec.m, rec.content
	rec = c.newMessage(e.now())
	id, date, ch := rec.m.MessageID, rec.m.Date, rec.m.Chat
	rec.m, rec.content = content, more
	rec.m.MessageID, rec.m.Date, rec.m.Chat = id, date, ch
	rec.byBot = b.user.ID
	if c.isChannel() {
		rec.m.SenderChat = &c.c
	} else {
		rec.m.From = b.user
	}
	if reply != nil {
		rec.m.ReplyToMessage = stripReply(&reply.m)
	}
	e.files.scopeMessage(&rec.m, b.user.ID) // a forward or copy of another bot's file
	rec.content = e.files.scopeContent(rec.content, b.user.ID)
	switch mk := o.markup.(type) {
	case nil:
	case *botapi.InlineKeyboardMarkup:
		rec.m.ReplyMarkup = mk
	default:
		rec.keyboard, rec.markup = true, mk
	}
	if rec.m.Location != nil && rec.m.Venue == nil {
		if lp, ok := rec.m.Location.LivePeriod.Get(); ok {
			rec.liveUntil = e.now().Add(time.Duration(lp) * time.Second)
		}
	}
	if rec.m.Poll != nil {
		e.registerPollLocked(b, c, rec)
	}
	delete(b.actions, c.c.ID) // a message from the bot clears its chat action
	e.recordLocked(b, o.method, &rec.m, o.markup)
	m := rec.m
	return &m, nil
}

// post runs sendLocked for the request's bot.
func (e *Emulator) post(ctx context.Context, o out, fill func(r *msgRec) error) (m *botapi.Message, err error) {
	err = e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		m, err = e.sendLocked(b, o, fill)
		return err
	})
	return m, err
}

// formatted applies parse_mode (the runtime's formatting parser) or takes
// the explicit entities.
func (e *Emulator) formatted(text string, mode botapi.Opt[botapi.ParseMode], ents []botapi.MessageEntity) (string, []botapi.MessageEntity, error) {
	if ents != nil || !mode.IsSet() {
		return strings.ReplaceAll(text, "\r", ""), ents, nil
	}
	plain, tes, err := botapi.ParseFormatted(string(mode.Value()), text)
	if err != nil {
		return "", nil, bad(err.Error())
	}
	var out []botapi.MessageEntity
	for _, te := range tes {
		me := botapi.MessageEntity{Type: botapi.MessageEntityType(te.Type)}
		me.Offset = te.Offset
		me.Length = te.Length
		if te.URL != "" {
			me.URL = botapi.Some(te.URL)
		}
		if te.Language != "" {
			me.Language = botapi.Some(te.Language)
		}
		if te.UserID != 0 {
			u := e.user(te.UserID)
			if u == nil {
				u = &botapi.User{ID: te.UserID, FirstName: "?"}
			}
			cu := *u
			me.User = &cu
		}
		out = append(out, me)
	}
	return plain, out, nil
}

// caption sets caption and caption_entities.
func (e *Emulator) caption(m *botapi.Message, text botapi.Opt[string], mode botapi.Opt[botapi.ParseMode], ents []botapi.MessageEntity) error {
	s, ok := text.Get()
	if !ok {
		return nil
	}
	plain, es, err := e.formatted(s, mode, ents)
	if err != nil {
		return err
	}
	if plain != "" {
		m.Caption = botapi.Some(plain)
		m.CaptionEntities = es
	}
	return nil
}

// groupItem is one album item, its file ingested.
type groupItem struct {
	kind fileKind
	sf   *storedFile
	cap  botapi.Message
	set  func(m *botapi.Message, sf *storedFile)
}

func (e *Emulator) inputMedia(ctx context.Context, im botapi.InputMedia) (groupItem, error) {
	var it groupItem
	var f botapi.InputFile
	var text botapi.Opt[string]
	var mode botapi.Opt[botapi.ParseMode]
	var ents []botapi.MessageEntity
	switch v := im.(type) {
	case *botapi.InputMediaPhoto:
		it.kind, f, text, mode, ents = kindPhoto, v.Media, v.Caption, v.ParseMode, v.CaptionEntities
		it.set = func(m *botapi.Message, sf *storedFile) { m.Photo = sf.photoSizes() }
	case *botapi.InputMediaVideo:
		it.kind, f, text, mode, ents = kindVideo, v.Media, v.Caption, v.ParseMode, v.CaptionEntities
		th := e.files.thumb(ctx, v.Thumb)
		it.set = func(m *botapi.Message, sf *storedFile) {
			x := &botapi.Video{FileID: sf.id, FileUniqueID: sf.unique, Thumb: th}
			dims(&x.Width, &x.Height, &x.Duration, v.Width, v.Height, v.Duration)
			sf.named(&x.FileName, &x.MIMEType)
			x.FileSize.Set(sf.size)
			m.Video = x
		}
	case *botapi.InputMediaAnimation:
		it.kind, f, text, mode, ents = kindAnimation, v.Media, v.Caption, v.ParseMode, v.CaptionEntities
		th := e.files.thumb(ctx, v.Thumb)
		it.set = func(m *botapi.Message, sf *storedFile) {
			x := &botapi.Animation{FileID: sf.id, FileUniqueID: sf.unique, Thumb: th}
			dims(&x.Width, &x.Height, &x.Duration, v.Width, v.Height, v.Duration)
			sf.named(&x.FileName, &x.MIMEType)
			x.FileSize.Set(sf.size)
			m.Animation = x
			m.Document = sf.document(th)
		}
	case *botapi.InputMediaAudio:
		it.kind, f, text, mode, ents = kindAudio, v.Media, v.Caption, v.ParseMode, v.CaptionEntities
		th := e.files.thumb(ctx, v.Thumb)
		it.set = func(m *botapi.Message, sf *storedFile) {
			x := &botapi.Audio{FileID: sf.id, FileUniqueID: sf.unique, Performer: v.Performer, Title: v.Title, Thumb: th}
			x.Duration = v.Duration.Value()
			sf.named(&x.FileName, &x.MIMEType)
			x.FileSize.Set(sf.size)
			m.Audio = x
		}
	case *botapi.InputMediaDocument:
		it.kind, f, text, mode, ents = kindDocument, v.Media, v.Caption, v.ParseMode, v.CaptionEntities
		th := e.files.thumb(ctx, v.Thumb)
		it.set = func(m *botapi.Message, sf *storedFile) { m.Document = sf.document(th) }
	default:
		return it, bad("unsupported media type")
	}
	sf, err := e.files.ingest(ctx, f, it.kind)
	if err != nil {
		return it, err
	}
	it.sf = sf
	if err := e.caption(&it.cap, text, mode, ents); err != nil {
		return it, err
	}
	return it, nil
}

// serviceLocked posts a service message in c caused by bot b. Bots do not
// receive messages of bots, so no update is queued; the message is kept
// for the chat's history and the control API.
func (e *Emulator) serviceLocked(b *bot, c *chat, fill func(m *botapi.Message)) {
	r := c.newMessage(e.now())
	r.service = true
	r.byBot = b.user.ID
	if c.isChannel() {
		r.m.SenderChat = &c.c
	} else {
		r.m.From = b.user
	}
	fill(&r.m)
	e.recordLocked(b, "service", &r.m, nil)
}
