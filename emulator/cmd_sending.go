package emulator

// Spec: Endpoints › Sending messages (sendMessage, forwardMessage,
// copyMessage, the send<Media> methods, sendMediaGroup, sendLocation,
// sendVenue, sendContact, sendDice, sendChatAction).

import (
	"context"
	"strings"

	"github.com/apigen/apigen/generated/botapi"
)

// SendMessage implements sendMessage.
func (e *Emulator) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	text, ents, err := e.formatted(p.Text, p.ParseMode, p.Entities)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(text) == "" {
		return nil, bad("message text is empty")
	}
	return e.post(ctx, sendOpts("sendMessage", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
		r.m.Text = botapi.Some(text)
		r.m.Entities = ents
		return nil
	})
}

// content copies the content fields of a message (what copyMessage and
// forwardMessage carry over).
func content(m *botapi.Message) botapi.Message {
	return botapi.Message{
		Text: m.Text, Entities: m.Entities, Animation: m.Animation, Audio: m.Audio, Document: m.Document,
		Photo: m.Photo, Sticker: m.Sticker, Video: m.Video, VideoNote: m.VideoNote, Voice: m.Voice,
		Caption: m.Caption, CaptionEntities: m.CaptionEntities, Contact: m.Contact, Dice: m.Dice,
		Game: m.Game, Poll: m.Poll, Venue: m.Venue, Location: m.Location,
	}
}

// ForwardMessage implements forwardMessage.
func (e *Emulator) ForwardMessage(ctx context.Context, p *botapi.ForwardMessageParams) (*botapi.Message, error) {
	var m *botapi.Message
	err := e.acting(ctx, p.FromChatID, seeChat, func(b *bot, src *chat) (err error) {
		r, err := source(src, p.MessageID, "message can't be forwarded")
		if err != nil {
			return err
		}
		m, err = e.sendLocked(b, out{method: "forwardMessage", chat: p.ChatID}, func(n *msgRec) error {
			n.m, n.content = content(&r.m), r.content
			if n.m.Location != nil {
				loc := *n.m.Location
				loc.LivePeriod.Unset() // a forwarded location is not live
				loc.Heading.Unset()
				loc.ProximityAlertRadius.Unset()
				n.m.Location = &loc
			}
			switch {
			case r.m.ForwardDate.IsSet(): // a forward of a forward keeps the origin
				n.m.ForwardFrom, n.m.ForwardFromChat, n.m.ForwardFromMessageID = r.m.ForwardFrom, r.m.ForwardFromChat, r.m.ForwardFromMessageID
				n.m.ForwardSignature, n.m.ForwardSenderName, n.m.ForwardDate = r.m.ForwardSignature, r.m.ForwardSenderName, r.m.ForwardDate
				return nil
			case src.isChannel():
				ch := src.c
				n.m.ForwardFromChat = &ch
				n.m.ForwardFromMessageID.Set(r.m.MessageID)
			default:
				n.m.ForwardFrom = r.m.From
			}
			n.m.ForwardDate.Set(r.m.Date)
			return nil
		})
		return err
	})
	return m, err
}

// source finds the message to forward or copy in src; a service message
// is refused with refusal.
func source(src *chat, id int64, refusal string) (*msgRec, error) {
	r := src.msgs[id]
	if r == nil {
		return nil, bad("message to forward not found")
	}
	if r.service {
		return nil, bad(refusal)
	}
	return r, nil
}

// CopyMessage implements copyMessage: the content without a link to the
// original; the caption may be replaced.
func (e *Emulator) CopyMessage(ctx context.Context, p *botapi.CopyMessageParams) (*botapi.MessageID, error) {
	var capText string
	var capEnts []botapi.MessageEntity
	if s, ok := p.Caption.Get(); ok {
		var err error
		if capText, capEnts, err = e.formatted(s, p.ParseMode, p.CaptionEntities); err != nil {
			return nil, err
		}
	}
	var m *botapi.Message
	err := e.acting(ctx, p.FromChatID, seeChat, func(b *bot, src *chat) (err error) {
		r, err := source(src, p.MessageID, "message can't be copied")
		if err != nil {
			return err
		}
		m, err = e.sendLocked(b, sendOpts("copyMessage", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(n *msgRec) error {
			n.m, n.content = content(&r.m), r.content
			if n.m.Poll != nil {
				poll := *n.m.Poll
				n.m.Poll = &poll
			}
			if p.Caption.IsSet() {
				if n.m.Text.IsSet() {
					return bad("message can't be copied: a text message has no caption")
				}
				n.m.Caption, n.m.CaptionEntities = botapi.Opt[string]{}, nil
				if capText != "" {
					n.m.Caption, n.m.CaptionEntities = botapi.Some(capText), capEnts
				}
			}
			return nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return &botapi.MessageID{MessageID: m.MessageID}, nil
}

// media is the common path of the send<Media> methods: ingest the file
// first (outside the lock), then post.
func (e *Emulator) media(ctx context.Context, o out, f botapi.InputFile, kind fileKind, text botapi.Opt[string], mode botapi.Opt[botapi.ParseMode], ents []botapi.MessageEntity, set func(m *botapi.Message, sf *storedFile)) (*botapi.Message, error) {
	sf, err := e.files.ingest(ctx, f, kind)
	if err != nil {
		return nil, err
	}
	var cm botapi.Message
	if err := e.caption(&cm, text, mode, ents); err != nil {
		return nil, err
	}
	return e.post(ctx, o, func(r *msgRec) error {
		r.m.Caption, r.m.CaptionEntities = cm.Caption, cm.CaptionEntities
		set(&r.m, sf)
		return nil
	})
}

// SendPhoto implements sendPhoto.
func (e *Emulator) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	return e.media(ctx, sendOpts("sendPhoto", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Photo, kindPhoto, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			m.Photo = sf.photoSizes()
		})
}

// SendAudio implements sendAudio.
func (e *Emulator) SendAudio(ctx context.Context, p *botapi.SendAudioParams) (*botapi.Message, error) {
	th := e.files.thumb(ctx, p.Thumb)
	return e.media(ctx, sendOpts("sendAudio", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Audio, kindAudio, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			a := &botapi.Audio{FileID: sf.id, FileUniqueID: sf.unique, Performer: p.Performer, Title: p.Title, Thumb: th}
			a.Duration = p.Duration.Value()
			sf.named(&a.FileName, &a.MIMEType)
			a.FileSize.Set(sf.size)
			m.Audio = a
		})
}

// SendDocument implements sendDocument.
func (e *Emulator) SendDocument(ctx context.Context, p *botapi.SendDocumentParams) (*botapi.Message, error) {
	th := e.files.thumb(ctx, p.Thumb)
	return e.media(ctx, sendOpts("sendDocument", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Document, kindDocument, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			m.Document = sf.document(th)
		})
}

// SendVideo implements sendVideo.
func (e *Emulator) SendVideo(ctx context.Context, p *botapi.SendVideoParams) (*botapi.Message, error) {
	th := e.files.thumb(ctx, p.Thumb)
	return e.media(ctx, sendOpts("sendVideo", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Video, kindVideo, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			v := &botapi.Video{FileID: sf.id, FileUniqueID: sf.unique, Thumb: th}
			dims(&v.Width, &v.Height, &v.Duration, p.Width, p.Height, p.Duration)
			sf.named(&v.FileName, &v.MIMEType)
			v.FileSize.Set(sf.size)
			m.Video = v
		})
}

// dims copies width, height and duration (0 when not given).
func dims(w, h, d *int, pw, ph, pd botapi.Opt[int]) {
	*w, *h, *d = pw.Value(), ph.Value(), pd.Value()
}

// SendAnimation implements sendAnimation (the message also carries it as a
// document).
func (e *Emulator) SendAnimation(ctx context.Context, p *botapi.SendAnimationParams) (*botapi.Message, error) {
	th := e.files.thumb(ctx, p.Thumb)
	return e.media(ctx, sendOpts("sendAnimation", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Animation, kindAnimation, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			a := &botapi.Animation{FileID: sf.id, FileUniqueID: sf.unique, Thumb: th}
			dims(&a.Width, &a.Height, &a.Duration, p.Width, p.Height, p.Duration)
			sf.named(&a.FileName, &a.MIMEType)
			a.FileSize.Set(sf.size)
			m.Animation = a
			m.Document = sf.document(th)
		})
}

// SendVoice implements sendVoice: anything but OGG is sent as a document.
func (e *Emulator) SendVoice(ctx context.Context, p *botapi.SendVoiceParams) (*botapi.Message, error) {
	return e.media(ctx, sendOpts("sendVoice", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.Voice, kindVoice, p.Caption, p.ParseMode, p.CaptionEntities, func(m *botapi.Message, sf *storedFile) {
			if !strings.Contains(sf.mime, "ogg") {
				m.Document = sf.document(nil)
				return
			}
			v := &botapi.Voice{FileID: sf.id, FileUniqueID: sf.unique, MIMEType: botapi.Some(sf.mime)}
			v.Duration = p.Duration.Value()
			v.FileSize.Set(sf.size)
			m.Voice = v
		})
}

// SendVideoNote implements sendVideoNote (not by URL).
func (e *Emulator) SendVideoNote(ctx context.Context, p *botapi.SendVideoNoteParams) (*botapi.Message, error) {
	if p.VideoNote.IsURL() {
		return nil, bad("video notes can't be sent by URL")
	}
	th := e.files.thumb(ctx, p.Thumb)
	return e.media(ctx, sendOpts("sendVideoNote", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup),
		p.VideoNote, kindVideoNote, botapi.Opt[string]{}, botapi.Opt[botapi.ParseMode]{}, nil, func(m *botapi.Message, sf *storedFile) {
			v := &botapi.VideoNote{FileID: sf.id, FileUniqueID: sf.unique, Thumb: th}
			v.Length, v.Duration = p.Length.Value(), p.Duration.Value()
			v.FileSize.Set(sf.size)
			m.VideoNote = v
		})
}

// SendMediaGroup implements sendMediaGroup: 2-10 items sharing a
// media_group_id; documents and audios only with their own kind.
func (e *Emulator) SendMediaGroup(ctx context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	items := make([]groupItem, 0, len(p.Media))
	for _, im := range p.Media {
		it, err := e.inputMedia(ctx, im)
		if err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	if len(items) < 2 || len(items) > 10 {
		return nil, bad("wrong number of media in the album: 2-10 are allowed")
	}
	for _, it := range items[1:] {
		a, b := items[0].kind, it.kind
		if (a == kindAudio || a == kindDocument || b == kindAudio || b == kindDocument) && a != b {
			return nil, bad("documents and audios can be grouped only with items of the same type")
		}
		if it.kind == kindAnimation || items[0].kind == kindAnimation {
			return nil, bad("animations can't be part of an album")
		}
	}
	var msgs []botapi.Message
	err := e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		group := "g" + itoa(e.seq())
		for i, it := range items {
			o := sendOpts("sendMediaGroup", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, nil)
			if i > 0 {
				o.replyTo = 0
			}
			m, err := e.sendLocked(b, o, func(r *msgRec) error {
				r.m.Caption, r.m.CaptionEntities = it.cap.Caption, it.cap.CaptionEntities
				r.m.MediaGroupID = botapi.Some(group)
				it.set(&r.m, it.sf)
				return nil
			})
			if err != nil {
				return err
			}
			msgs = append(msgs, *m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return msgs, nil
}

// SendLocation implements sendLocation; a live_period makes it a live
// location, editable until it expires or is stopped.
func (e *Emulator) SendLocation(ctx context.Context, p *botapi.SendLocationParams) (*botapi.Message, error) {
	return e.post(ctx, sendOpts("sendLocation", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
		r.m.Location = &botapi.Location{Latitude: p.Latitude, Longitude: p.Longitude, HorizontalAccuracy: p.HorizontalAccuracy,
			LivePeriod: p.LivePeriod, Heading: p.Heading, ProximityAlertRadius: p.ProximityAlertRadius}
		if !p.LivePeriod.IsSet() {
			r.m.Location.Heading.Unset() // live locations only
			r.m.Location.ProximityAlertRadius.Unset()
		}
		return nil
	})
}

// SendVenue implements sendVenue.
func (e *Emulator) SendVenue(ctx context.Context, p *botapi.SendVenueParams) (*botapi.Message, error) {
	return e.post(ctx, sendOpts("sendVenue", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
		loc := botapi.Location{Latitude: p.Latitude, Longitude: p.Longitude}
		r.m.Venue = &botapi.Venue{Location: loc, Title: p.Title, Address: p.Address, VenueAID: p.VenueAID,
			VenueAType: p.VenueAType, VenueBPlaceID: p.VenueBPlaceID, VenueBPlaceType: p.VenueBPlaceType}
		r.m.Location = &loc
		return nil
	})
}

// SendContact implements sendContact.
func (e *Emulator) SendContact(ctx context.Context, p *botapi.SendContactParams) (*botapi.Message, error) {
	return e.post(ctx, sendOpts("sendContact", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
		r.m.Contact = &botapi.Contact{PhoneNumber: p.PhoneNumber, FirstName: p.FirstName, LastName: p.LastName, Vcard: p.Vcard}
		return nil
	})
}

// diceRange is the value range per emoji (Dice: 1-6 dice and darts, 1-5
// basketball and football, 1-64 slot machine).
func diceRange(emoji botapi.DiceEmoji) int {
	switch emoji {
	case "🏀", "⚽":
		return 5
	case "🎰":
		return 64
	}
	return 6
}

// SendDice implements sendDice.
func (e *Emulator) SendDice(ctx context.Context, p *botapi.SendDiceParams) (*botapi.Message, error) {
	emoji := p.Emoji.Or("🎲")
	return e.post(ctx, sendOpts("sendDice", p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), func(r *msgRec) error {
		d := &botapi.Dice{Emoji: emoji}
		d.Value = 1 + e.rnd.IntN(diceRange(emoji))
		r.m.Dice = d
		return nil
	})
}

// SendChatAction implements sendChatAction: the status lasts 5 seconds or
// until the bot's next message.
func (e *Emulator) SendChatAction(ctx context.Context, p *botapi.SendChatActionParams) error {
	return e.acting(ctx, p.ChatID, showAction, func(b *bot, c *chat) error {
		b.actions[c.c.ID] = chatAction{action: p.Action, until: e.now().Add(typingStatus)}
		return nil
	})
}
