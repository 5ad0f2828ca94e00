package emulator

import (
	"bytes"
	"image"
	"io"
	"os"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/apigen/apigen/generated/botapi"
)

// The control API's view from a user's side, what a messenger's window
// shows (the chat window reads it): the chats a user has, a chat's
// messages, the users and bots, a bot's commands, stored files; and the
// user's actions a window offers beyond writing text: sending a photo or a
// document, deleting their own message.

// ChatEntry is a chat in a user's chat list.
type ChatEntry struct {
	// Chat is the chat as the user sees it: for a private chat, the bot
	// (its id, name and username).
	Chat botapi.Chat `json:"chat"`
	// BotID (a private chat) or ChatID (a group, supergroup or channel)
	// names it in the other control actions.
	BotID  int64 `json:"bot_id,omitempty"`
	ChatID int64 `json:"chat_id,omitempty"`
	// Status is the user's membership of a group, supergroup or channel
	// (creator, administrator, member, restricted, left, kicked).
	Status string `json:"status,omitempty"`
	// LastMessage is the chat's most recent message still kept.
	LastMessage *botapi.Message `json:"last_message,omitempty"`
}

// Chats lists the chats of user: the private chat with every bot (also one
// the user never wrote to) and every group, supergroup and channel (also
// those the user is not in, to join), the most recent first.
func (e *Emulator) Chats(userID int64) ([]ChatEntry, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	u := e.users[userID]
	if u == nil || u.IsBot {
		return nil, controlErr("no user " + itoa(userID))
	}
	var out []ChatEntry
	for id, b := range e.bots {
		ce := ChatEntry{BotID: id, Chat: botapi.Chat{ID: id, Type: botapi.ChatTypePrivate,
			FirstName: botapi.Some(b.user.FirstName), LastName: b.user.LastName, Username: b.user.Username}}
		if c := e.privates[privKey{id, userID}]; c != nil {
			ce.LastMessage = c.last()
		}
		out = append(out, ce)
	}
	now := e.now()
	for id, c := range e.chats {
		_, s := c.status(userID, now)
		out = append(out, ChatEntry{ChatID: id, Chat: c.c, Status: string(s), LastMessage: c.last()})
	}
	slices.SortFunc(out, func(a, b ChatEntry) int {
		da, db := int64(-1), int64(-1)
		if a.LastMessage != nil {
			da = int64(a.LastMessage.Date)
		}
		if b.LastMessage != nil {
			db = int64(b.LastMessage.Date)
		}
		switch {
		case da != db:
			return cmpInt(db, da)
		case a.LastMessage != nil && b.LastMessage != nil && a.LastMessage.MessageID != b.LastMessage.MessageID:
			return cmpInt(b.LastMessage.MessageID, a.LastMessage.MessageID)
		}
		return cmpInt(a.Chat.ID, b.Chat.ID)
	})
	return out, nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// last is the chat's most recent message still kept, a copy.
func (c *chat) last() *botapi.Message {
	for i := len(c.order) - 1; i >= 0; i-- {
		if r := c.msgs[c.order[i]]; r != nil {
			m := r.m
			return &m
		}
	}
	return nil
}

// ChatMessage is a message of a chat's history.
type ChatMessage struct {
	Message botapi.Message `json:"message"`
	// Keyboard is the reply keyboard, keyboard removal or force reply a
	// bot sent with the message (inline keyboards are the message's
	// reply_markup).
	Keyboard botapi.ReplyMarkup `json:"keyboard,omitempty"`
	// Voted is the options the user chose in the message's poll.
	Voted []int `json:"voted,omitempty"`
}

// maxHistory bounds what History returns: the most recent messages.
const maxHistory = 5000

// History returns the messages of a chat the user sees (still kept, not
// deleted), oldest first: the most recent limit of them (0 or more than
// 5000: 5000). Reading does not start a private chat.
func (e *Emulator) History(userID int64, w Where, limit int) ([]ChatMessage, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(false)
	u := e.users[userID]
	if u == nil || u.IsBot {
		return nil, controlErr("no user " + itoa(userID))
	}
	var c *chat
	switch {
	case w.Bot != 0:
		if e.bots[w.Bot] == nil {
			return nil, controlErr("no bot " + itoa(w.Bot))
		}
		c = e.privates[privKey{w.Bot, userID}]
	default:
		if c = e.chats[w.Chat]; c == nil {
			return nil, controlErr("no chat " + itoa(w.Chat))
		}
	}
	if c == nil {
		return []ChatMessage{}, nil
	}
	if limit <= 0 || limit > maxHistory {
		limit = maxHistory
	}
	out := []ChatMessage{}
	for i := len(c.order) - 1; i >= 0 && len(out) < limit; i-- {
		r := c.msgs[c.order[i]]
		if r == nil {
			continue
		}
		cm := ChatMessage{Message: r.m, Keyboard: r.markup}
		if ps := e.polls[r.poll]; r.poll != "" && ps != nil {
			cm.Voted = append([]int(nil), ps.votes[userID]...)
		}
		out = append(out, cm)
	}
	slices.Reverse(out)
	return out, nil
}

// Users lists the users and the bots, by id.
func (e *Emulator) Users() []botapi.User {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]botapi.User, 0, len(e.users))
	for _, u := range e.users {
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b botapi.User) int { return cmpInt(a.ID, b.ID) })
	return out
}

// Commands returns the bot's command list (setMyCommands), the menu a
// user's window offers.
func (e *Emulator) Commands(botID int64) ([]botapi.BotCommand, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b := e.bots[botID]
	if b == nil {
		return nil, controlErr("no bot " + itoa(botID))
	}
	return append([]botapi.BotCommand{}, b.commands...), nil
}

// Delete makes a user delete their own message (bots get no update: the
// Bot API has none for deletions); it is gone for replies, edits and
// button presses, a pinned one is unpinned and a poll forgotten.
func (e *Emulator) Delete(from int64, w Where, id int64) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, _, err := e.whereLocked(from, w)
	if err != nil {
		return err
	}
	r := c.msgs[id]
	if r == nil || r.byBot != 0 || r.m.From == nil || r.m.From.ID != from {
		return controlErr("no message " + itoa(id) + " of user " + itoa(from) + " in that chat")
	}
	delete(c.msgs, id)
	c.unpin(id)
	return nil
}

// Upload is a file a user sends (SendFile).
type Upload struct {
	Photo   bool   // a photo (the file must be a PNG, JPEG or GIF); else a document
	Name    string // the file's name
	Data    []byte
	Caption string // 0-1024 characters
	ReplyTo int64  // 0: not a reply
}

// Bounds of a user's upload: the document's upload limits of the cloud
// server (10 MB for a photo, 50 MB otherwise) are above what the control
// API's body takes, so that body is the bound (controlMaxUpload).
const maxCaption = 1024

// SendFile makes a user send a photo or a document, stored in the file
// store like a bot's upload; bots in the chat get a message update with
// file ids of their own.
func (e *Emulator) SendFile(from int64, w Where, up Upload) (botapi.Message, error) {
	if len(up.Data) == 0 {
		return botapi.Message{}, controlErr("the file is empty")
	}
	if utf8.RuneCountInString(up.Caption) > maxCaption {
		return botapi.Message{}, controlErr("caption is longer than 1024 characters")
	}
	kind := kindDocument
	if up.Photo {
		kind = kindPhoto
		if _, _, err := image.DecodeConfig(bytes.NewReader(up.Data)); err != nil {
			return botapi.Message{}, controlErr("the photo is not a PNG, JPEG or GIF image (IMAGE_PROCESS_FAILED)")
		}
	}
	return e.sendFile(from, w, up, kind)
}

func (e *Emulator) sendFile(from int64, w Where, up Upload, kind fileKind) (botapi.Message, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(false)
	c, u, err := e.whereLocked(from, w)
	if err != nil {
		return botapi.Message{}, err
	}
	sf, err := e.files.put(kind, up.Name, up.Data, from)
	if err != nil {
		return botapi.Message{}, err
	}
	return e.userPostLocked(c, u, up.ReplyTo, func(m *botapi.Message) {
		if up.Photo {
			m.Photo = sf.photoSizes()
		} else {
			m.Document = sf.document(nil)
		}
		if up.Caption != "" {
			m.Caption = botapi.Some(up.Caption)
			m.CaptionEntities = commandEntities(up.Caption)
		}
	})
}

// anyBot returns the file any bot's or user's id names, or nil.
func (s *fileStore) anyBot(id string) *storedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.byID[id].f
}

// StoredFile is a file of the file store, as File returns it.
type StoredFile struct {
	FileName string `json:"file_name,omitempty"`
	MIMEType string `json:"mime_type,omitempty"`
	Data     []byte `json:"data"` // base64 in JSON
}

// File returns the contents of the stored file any bot's or user's
// file_id names (a window shows the photos of every side).
func (e *Emulator) File(fileID string) (StoredFile, error) {
	f := e.files.anyBot(fileID)
	if f == nil {
		return StoredFile{}, controlErr("no file " + fileID)
	}
	data := f.data
	if data == nil {
		fh, err := os.Open(filepath.Join(e.files.dir, filepath.FromSlash(f.path)))
		if err != nil {
			return StoredFile{}, err
		}
		defer fh.Close()
		if data, err = io.ReadAll(fh); err != nil {
			return StoredFile{}, err
		}
	}
	return StoredFile{FileName: f.name, MIMEType: f.mime, Data: data}, nil
}
