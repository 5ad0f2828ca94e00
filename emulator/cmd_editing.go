package emulator

// Spec: Endpoints › Editing messages (editMessageText, editMessageCaption,
// editMessageMedia, editMessageReplyMarkup) and the live-location edits of
// Endpoints › Sending messages (editMessageLiveLocation,
// stopMessageLiveLocation).

import (
	"context"
	"reflect"
	"strings"

	"github.com/apigen/apigen/generated/botapi"
)

// target is EDIT_TARGET: chat_id with message_id, or inline_message_id.
type target struct {
	chat   botapi.ChatRef
	id     int64  // 0: not given
	inline string // "": not given
}

// editing is the opening of the edit methods: the target checked (the
// emulator has no inline mode, so an inline_message_id never names a
// message), then, through acting, the bot's own message that can still be
// edited (not one sent with a reply keyboard); f changes it and answers.
func (e *Emulator) editing(ctx context.Context, t target, f func(b *bot, r *msgRec) (botapi.MessageOrTrue, error)) (botapi.MessageOrTrue, error) {
	if t.inline != "" {
		return botapi.MessageOrTrue{}, errInlineMessage
	}
	if !t.chat.IsSet() || t.id == 0 {
		return botapi.MessageOrTrue{}, bad("message identifier is not specified")
	}
	var res botapi.MessageOrTrue
	err := e.acting(ctx, t.chat, editMessages, func(b *bot, c *chat) (err error) {
		r := c.msgs[t.id]
		if r == nil {
			return errMessageNotFound
		}
		if r.byBot != b.user.ID || r.keyboard {
			return errCantEdit
		}
		res, err = f(b, r)
		return err
	})
	return res, err
}

// editedLocked finishes an edit: "message is not modified" when nothing
// changed, else edit_date and the Message result.
func (e *Emulator) editedLocked(b *bot, method string, r *msgRec, before botapi.Message) (botapi.MessageOrTrue, error) {
	if reflect.DeepEqual(before, r.m) {
		return botapi.MessageOrTrue{}, bad("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
	}
	r.m.EditDate.Set(unix(e.now()))
	e.recordLocked(b, method, &r.m, nil)
	m := r.m
	return botapi.MessageOrTrueFromMessage(&m), nil
}

// EditMessageText implements editMessageText.
func (e *Emulator) EditMessageText(ctx context.Context, p *botapi.EditMessageTextParams) (botapi.MessageOrTrue, error) {
	text, ents, err := e.formatted(p.Text, p.ParseMode, p.Entities)
	if err != nil {
		return botapi.MessageOrTrue{}, err
	}
	if strings.TrimSpace(text) == "" {
		return botapi.MessageOrTrue{}, bad("message text is empty")
	}
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		if !r.m.Text.IsSet() {
			return botapi.MessageOrTrue{}, bad("there is no text in the message to edit")
		}
		before := r.m
		r.m.Text, r.m.Entities, r.m.ReplyMarkup = botapi.Some(text), ents, p.ReplyMarkup
		return e.editedLocked(b, "editMessageText", r, before)
	})
}

// EditMessageCaption implements editMessageCaption.
func (e *Emulator) EditMessageCaption(ctx context.Context, p *botapi.EditMessageCaptionParams) (botapi.MessageOrTrue, error) {
	var cm botapi.Message
	if err := e.caption(&cm, p.Caption, p.ParseMode, p.CaptionEntities); err != nil {
		return botapi.MessageOrTrue{}, err
	}
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		if r.m.Text.IsSet() || r.m.Poll != nil || r.m.Location != nil || r.m.Contact != nil || r.m.Dice != nil {
			return botapi.MessageOrTrue{}, bad("there is no caption in the message to edit")
		}
		before := r.m
		r.m.Caption, r.m.CaptionEntities, r.m.ReplyMarkup = cm.Caption, cm.CaptionEntities, p.ReplyMarkup
		return e.editedLocked(b, "editMessageCaption", r, before)
	})
}

// EditMessageMedia implements editMessageMedia: inside an album an audio
// stays an audio and a document a document, anything else becomes a photo
// or a video.
func (e *Emulator) EditMessageMedia(ctx context.Context, p *botapi.EditMessageMediaParams) (botapi.MessageOrTrue, error) {
	if p.InlineMessageID != "" {
		return botapi.MessageOrTrue{}, errInlineMessage
	}
	it, err := e.inputMedia(ctx, p.Media)
	if err != nil {
		return botapi.MessageOrTrue{}, err
	}
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		old := mediaKind(&r.m)
		if old == "" {
			return botapi.MessageOrTrue{}, bad("there is no media in the message to edit")
		}
		if r.m.MediaGroupID.IsSet() {
			switch {
			case old == kindAudio || old == kindDocument:
				if it.kind != old {
					return botapi.MessageOrTrue{}, bad("in an album an audio can only be replaced by an audio and a document by a document")
				}
			case it.kind != kindPhoto && it.kind != kindVideo:
				return botapi.MessageOrTrue{}, bad("in an album a photo or video can only be replaced by a photo or a video")
			}
		}
		before := r.m
		r.m.Photo, r.m.Video, r.m.Animation, r.m.Audio, r.m.Document = nil, nil, nil, nil, nil
		r.m.Caption, r.m.CaptionEntities = it.cap.Caption, it.cap.CaptionEntities
		it.set(&r.m, it.sf)
		r.m.ReplyMarkup = p.ReplyMarkup
		return e.editedLocked(b, "editMessageMedia", r, before)
	})
}

func mediaKind(m *botapi.Message) fileKind {
	switch {
	case m.Animation != nil:
		return kindAnimation
	case m.Photo != nil:
		return kindPhoto
	case m.Video != nil:
		return kindVideo
	case m.Audio != nil:
		return kindAudio
	case m.Document != nil:
		return kindDocument
	}
	return ""
}

// EditMessageReplyMarkup implements editMessageReplyMarkup.
func (e *Emulator) EditMessageReplyMarkup(ctx context.Context, p *botapi.EditMessageReplyMarkupParams) (botapi.MessageOrTrue, error) {
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		before := r.m
		r.m.ReplyMarkup = p.ReplyMarkup
		return e.editedLocked(b, "editMessageReplyMarkup", r, before)
	})
}

// EditMessageLiveLocation implements editMessageLiveLocation: before expiry
// or stop, the location moves.
func (e *Emulator) EditMessageLiveLocation(ctx context.Context, p *botapi.EditMessageLiveLocationParams) (botapi.MessageOrTrue, error) {
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		if err := r.live(e.now()); err != nil {
			return botapi.MessageOrTrue{}, err
		}
		before := r.m
		loc := *r.m.Location
		loc.Latitude, loc.Longitude, loc.HorizontalAccuracy = p.Latitude, p.Longitude, p.HorizontalAccuracy
		if p.Heading.IsSet() {
			loc.Heading = p.Heading
		}
		if p.ProximityAlertRadius.IsSet() {
			loc.ProximityAlertRadius = p.ProximityAlertRadius
		}
		r.m.Location = &loc
		r.m.ReplyMarkup = p.ReplyMarkup
		return e.editedLocked(b, "editMessageLiveLocation", r, before)
	})
}

// StopMessageLiveLocation implements stopMessageLiveLocation: the location
// is not updated any more; the result is the Message (always sent by the
// bot here, since inline messages do not exist in the emulator).
func (e *Emulator) StopMessageLiveLocation(ctx context.Context, p *botapi.StopMessageLiveLocationParams) (botapi.MessageOrTrue, error) {
	return e.editing(ctx, target{p.ChatID, p.MessageID, p.InlineMessageID}, func(b *bot, r *msgRec) (botapi.MessageOrTrue, error) {
		if err := r.live(e.now()); err != nil {
			return botapi.MessageOrTrue{}, err
		}
		r.liveStopped = true
		r.m.ReplyMarkup = p.ReplyMarkup
		r.m.EditDate.Set(unix(e.now()))
		e.recordLocked(b, "stopMessageLiveLocation", &r.m, nil)
		m := r.m
		return botapi.MessageOrTrueFromMessage(&m), nil
	})
}
