package emulator

// A chat: a private chat (one per bot and user), a group, a supergroup or
// a channel; its members, their status and rights, and what a bot may do
// there. Spec: States and transitions › Chat member.

import (
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// chat is a private chat (one per bot and user: the bot sees the user's id
// as the chat id), a group, a supergroup or a channel.
type chat struct {
	c           botapi.Chat // id, type, title, username, names
	description string
	photo       *botapi.ChatPhoto
	perms       botapi.ChatPermissions
	stickerSet  string
	inviteLinks map[int64]string // administrator (bot) id -> its current link

	members map[int64]*member

	msgs   map[int64]*msgRec
	order  []int64 // message ids in sending order, for retention
	nextID int64
	pinned []int64 // pinned message ids, in pinning order

	// Private chats only.
	bot, user int64
	started   bool // the user has written to the bot
	blocked   bool // the user has blocked the bot
}

type member struct {
	cm         botapi.ChatMember
	promotedBy int64
}

func (c *chat) private() bool { return c.c.Type == botapi.ChatTypePrivate }

func (c *chat) isChannel() bool { return c.c.Type == botapi.ChatTypeChannel }

// status returns the user's current status, ending bans and restrictions
// whose until_date has passed.
func (c *chat) status(id int64, now time.Time) (*member, botapi.ChatMemberStatus) {
	m := c.members[id]
	if m == nil {
		return nil, botapi.ChatMemberStatusLeft
	}
	if until, ok := m.cm.UntilDate.Get(); ok && until != 0 && now.Unix() >= int64(until) {
		switch m.cm.Status {
		case botapi.ChatMemberStatusKicked:
			m.cm = botapi.ChatMember{User: m.cm.User, Status: botapi.ChatMemberStatusLeft}
		case botapi.ChatMemberStatusRestricted:
			status := botapi.ChatMemberStatusMember
			if !m.cm.IsMember.Value() {
				status = botapi.ChatMemberStatusLeft
			}
			m.cm = botapi.ChatMember{User: m.cm.User, Status: status}
		}
	}
	return m, m.cm.Status
}

func isIn(s botapi.ChatMemberStatus) bool {
	switch s {
	case botapi.ChatMemberStatusCreator, botapi.ChatMemberStatusAdministrator, botapi.ChatMemberStatusMember:
		return true
	}
	return false
}

func (c *chat) isMember(id int64, now time.Time) bool {
	m, s := c.status(id, now)
	return isIn(s) || (s == botapi.ChatMemberStatusRestricted && m.cm.IsMember.Value())
}

func (c *chat) memberFor(u *botapi.User) *member {
	m := c.members[u.ID]
	if m == nil {
		m = &member{cm: botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusLeft}}
		c.members[u.ID] = m
	}
	return m
}

func (c *chat) unpin(id int64) bool {
	for i, p := range c.pinned {
		if p == id {
			c.pinned = append(c.pinned[:i], c.pinned[i+1:]...)
			return true
		}
	}
	return false
}

// latestPinned is the pinned message most recent by sending date.
func (c *chat) latestPinned() *msgRec {
	var best *msgRec
	for _, id := range c.pinned {
		r := c.msgs[id]
		if r == nil {
			continue
		}
		if best == nil || r.m.Date > best.m.Date || (r.m.Date == best.m.Date && r.m.MessageID > best.m.MessageID) {
			best = r
		}
	}
	return best
}

// seenBy is the ChatMember as bot b sees it (can_be_edited only for
// administrators b promoted).
func (m *member) seenBy(b *bot) botapi.ChatMember {
	cm := m.cm
	if cm.Status == botapi.ChatMemberStatusAdministrator {
		cm.CanBeEdited = botapi.Some(m.promotedBy == b.user.ID)
	}
	return cm
}

// memberIDs lists member ids in a stable order (creator first, then by id).
func (c *chat) memberIDs() []int64 {
	ids := make([]int64, 0, len(c.members))
	for id := range c.members {
		ids = append(ids, id)
	}
	sortIDs(ids, func(a, b int64) bool {
		ca := c.members[a].cm.Status == botapi.ChatMemberStatusCreator
		cb := c.members[b].cm.Status == botapi.ChatMemberStatusCreator
		if ca != cb {
			return ca
		}
		return a < b
	})
	return ids
}

// anyMember reports whether any user or bot is in the chat now.
func (c *chat) anyMember(now time.Time) bool {
	for id := range c.members {
		if c.isMember(id, now) {
			return true
		}
	}
	return false
}

// dormantChat is what a private chat keeps once nothing in it is
// retained: message ids go on counting (they are never reused in a chat),
// and whether the user started or blocked the bot. About 50 bytes instead
// of the chat's ~750 (BenchmarkMemory).
type dormantChat struct {
	nextID           int64
	started, blocked bool
}

func newChat(c botapi.Chat) *chat {
	return &chat{c: c, members: map[int64]*member{}, msgs: map[int64]*msgRec{}, inviteLinks: map[int64]string{}}
}

// chatKind is the word the reference server uses in its texts.
func chatKind(c *chat) string {
	switch c.c.Type {
	case botapi.ChatTypeSupergroup:
		return "supergroup chat"
	case botapi.ChatTypeChannel:
		return "channel chat"
	}
	return "group chat"
}

// admits checks that b is in c (403 otherwise): in a private chat, the
// user started the bot and has not blocked it.
func (c *chat) admits(b *bot, now time.Time) error {
	if c.private() {
		switch {
		case c.blocked:
			return forbidden("bot was blocked by the user")
		case !c.started:
			return forbidden("bot can't initiate conversation with a user")
		}
		return nil
	}
	_, s := c.status(b.user.ID, now)
	switch {
	case s == botapi.ChatMemberStatusKicked:
		return forbidden("bot was kicked from the " + chatKind(c))
	case !c.isMember(b.user.ID, now):
		return forbidden("bot is not a member of the " + chatKind(c))
	}
	return nil
}

// rightOf picks one administrator right of a ChatMember.
type rightOf func(*botapi.ChatMember) botapi.Opt[bool]

// grants reports whether b holds an administrator right in c (a creator
// holds them all).
func (c *chat) grants(b *bot, right rightOf, now time.Time) bool {
	m, s := c.status(b.user.ID, now)
	switch s {
	case botapi.ChatMemberStatusCreator:
		return true
	case botapi.ChatMemberStatusAdministrator:
		return right(&m.cm).Value()
	}
	return false
}

func canRestrict(m *botapi.ChatMember) botapi.Opt[bool]   { return m.CanRestrictMembers }
func canPromote(m *botapi.ChatMember) botapi.Opt[bool]    { return m.CanPromoteMembers }
func canChangeInfo(m *botapi.ChatMember) botapi.Opt[bool] { return m.CanChangeInfo }
func canInvite(m *botapi.ChatMember) botapi.Opt[bool]     { return m.CanInviteUsers }
func canPost(m *botapi.ChatMember) botapi.Opt[bool]       { return m.CanPostMessages }
func canPin(m *botapi.ChatMember) botapi.Opt[bool]        { return m.CanPinMessages }
func canEdit(m *botapi.ChatMember) botapi.Opt[bool]       { return m.CanEditMessages }
func canDelete(m *botapi.ChatMember) botapi.Opt[bool]     { return m.CanDeleteMessages }
