package emulator

// What the version front (version.go, families.go) asks of the core for
// the methods of a version the core does not implement: a message a newer
// send method creates, what such a message carries beyond the core's
// Message, and the invite links a newer method creates or revokes.

import (
	"maps"
	"strconv"

	"github.com/apigen/apigen/generated/botapi"
)

// chatRefOf is a chat_id parameter's text as a ChatRef.
func chatRefOf(s string) botapi.ChatRef {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return botapi.ChatRefFromInteger64(n)
	}
	return botapi.ChatRefFromString(s)
}

// postContent sends, for the bot of token, a message whose content the
// core's Message cannot hold (content, under the version's names): the
// core's rules of sending (the chat, rights, flood, reply, markup) apply
// and the message is held as any other.
func (e *Emulator) postContent(token string, o out, content map[string]any) (*botapi.Message, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := e.botByTokenLocked(token)
	if err != nil {
		return nil, err
	}
	if content != nil {
		e.additionsHeld.Add(1)
	}
	return e.sendLocked(b, o, func(r *msgRec) error {
		r.content = content
		return nil
	})
}

// heldRecLocked is the message id of chat chatID sent by from (a bot:
// only a bot's messages carry additions), nil when not held.
func (e *Emulator) heldRecLocked(chatID, id, from int64) *msgRec {
	c := e.chats[chatID]
	if c == nil {
		c = e.privates[privKey{bot: from, user: chatID}]
	}
	if c == nil {
		return nil
	}
	return c.msgs[id]
}

// additions is what the message id of chat chatID sent by from carries
// beyond the core's Message (content, then kept parameters), nil when
// nothing.
func (e *Emulator) additions(chatID, id, from int64) map[string]any {
	e.mu.Lock()
	defer e.mu.Unlock()
	r := e.heldRecLocked(chatID, id, from)
	if r == nil || r.content == nil && r.kept == nil {
		return nil
	}
	out := make(map[string]any, len(r.content)+len(r.kept))
	maps.Copy(out, r.content)
	maps.Copy(out, r.kept)
	return out
}

// keep records on the message id of chat chatID sent by from the send
// parameters named like fields of the version's Message.
func (e *Emulator) keep(chatID, id, from int64, kept map[string]any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if r := e.heldRecLocked(chatID, id, from); r != nil {
		r.kept = kept
		e.additionsHeld.Add(1)
	}
}

// mintInviteLink is a new invite link of the chat chatRef names, created
// by the bot of token, which needs the right to invite users; the core
// admits users through it until it is revoked.
func (e *Emulator) mintInviteLink(token, chatRef string) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := e.botByTokenLocked(token)
	if err != nil {
		return "", err
	}
	c, err := e.reachLocked(b, chatRefOf(chatRef), inviteUsers)
	if err != nil {
		return "", err
	}
	link := "https://emulator.invalid/joinchat/" + itoa(-c.c.ID) + "_" + itoa(e.seq()) + "_" + itoa(int64(e.rnd.Uint32()))
	e.links[link] = c.c.ID
	return link, nil
}

// revokeInviteLink stops the core admitting users through link.
func (e *Emulator) revokeInviteLink(link string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.links, link)
}
