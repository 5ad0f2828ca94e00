package emulator

// Spec: Endpoints › Chat administration; States and transitions: Chat
// member, Pinned messages, Invite link.

import (
	"context"
	"time"
	"unicode"

	"github.com/apigen/apigen/generated/botapi"
)

// untilDate applies "under 30 seconds or over 366 days from now means
// forever" (0).
func untilDate(v int, set bool, now time.Time) int {
	if !set || v == 0 {
		return 0
	}
	d := time.Unix(int64(v), 0).Sub(now)
	if d < foreverMin || d > foreverMax {
		return 0
	}
	return v
}

// KickChatMember implements kickChatMember.
func (e *Emulator) KickChatMember(ctx context.Context, p *botapi.KickChatMemberParams) error {
	return e.acting(ctx, p.ChatID, restrictMembers, func(b *bot, c *chat) error {
		u, err := e.userLocked(p.UserID)
		if err != nil {
			return err
		}
		m := c.memberFor(u)
		switch m.cm.Status {
		case botapi.ChatMemberStatusCreator:
			return bad("can't remove chat owner")
		case botapi.ChatMemberStatusAdministrator:
			if m.promotedBy != b.user.ID {
				return bad("user is an administrator of the chat")
			}
		}
		v, set := p.UntilDate.Get()
		m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusKicked}
		m.cm.UntilDate.Set(untilDate(v, set, e.now()))
		if c.c.Type == botapi.ChatTypeGroup {
			// In a basic group a kicked user is simply out and may be added back.
			m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusKicked}
			m.cm.UntilDate.Set(0)
		}
		return nil
	})
}

// UnbanChatMember implements unbanChatMember.
func (e *Emulator) UnbanChatMember(ctx context.Context, p *botapi.UnbanChatMemberParams) error {
	return e.acting(ctx, p.ChatID, restrictMembers, func(b *bot, c *chat) error {
		u, err := e.userLocked(p.UserID)
		if err != nil {
			return err
		}
		m, s := c.status(u.ID, e.now())
		switch {
		case s == botapi.ChatMemberStatusKicked:
			m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusLeft}
		case p.OnlyIfBanned.Value():
			// not banned: nothing to do
		case s == botapi.ChatMemberStatusCreator:
			return bad("can't remove chat owner")
		case m != nil && c.isMember(u.ID, e.now()):
			// A current member is removed; they may join again.
			m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusLeft}
		}
		return nil
	})
}

// RestrictChatMember implements restrictChatMember.
func (e *Emulator) RestrictChatMember(ctx context.Context, p *botapi.RestrictChatMemberParams) error {
	return e.acting(ctx, p.ChatID, restrictIn, func(b *bot, c *chat) error {
		u, err := e.userLocked(p.UserID)
		if err != nil {
			return err
		}
		_, s := c.status(u.ID, e.now())
		if s == botapi.ChatMemberStatusCreator {
			return bad("can't remove chat owner")
		}
		m := c.memberFor(u)
		joined := c.isMember(u.ID, e.now())
		pp := p.Permissions
		if allTrue(&pp) {
			// Passing every permission as true lifts the restriction.
			if s == botapi.ChatMemberStatusRestricted {
				st := botapi.ChatMemberStatusLeft
				if joined {
					st = botapi.ChatMemberStatusMember
				}
				m.cm = botapi.ChatMember{User: *u, Status: st}
			}
			return nil
		}
		v, set := p.UntilDate.Get()
		cm := botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusRestricted,
			IsMember:              botapi.Some(joined),
			CanSendMessages:       botapi.Some(pp.CanSendMessages.Value()),
			CanSendMediaMessages:  botapi.Some(pp.CanSendMediaMessages.Value()),
			CanSendPolls:          botapi.Some(pp.CanSendPolls.Value()),
			CanSendOtherMessages:  botapi.Some(pp.CanSendOtherMessages.Value()),
			CanAddWebPagePreviews: botapi.Some(pp.CanAddWebPagePreviews.Value()),
			CanChangeInfo:         botapi.Some(pp.CanChangeInfo.Value()),
			CanInviteUsers:        botapi.Some(pp.CanInviteUsers.Value()),
			CanPinMessages:        botapi.Some(pp.CanPinMessages.Value()),
		}
		cm.UntilDate.Set(untilDate(v, set, e.now()))
		m.cm = cm
		return nil
	})
}

func allTrue(p *botapi.ChatPermissions) bool {
	return p.CanSendMessages.Value() && p.CanSendMediaMessages.Value() && p.CanSendPolls.Value() &&
		p.CanSendOtherMessages.Value() && p.CanAddWebPagePreviews.Value() && p.CanChangeInfo.Value() &&
		p.CanInviteUsers.Value() && p.CanPinMessages.Value()
}

// PromoteChatMember implements promoteChatMember: the bot grants only rights
// it holds itself; all false demotes.
func (e *Emulator) PromoteChatMember(ctx context.Context, p *botapi.PromoteChatMemberParams) error {
	return e.acting(ctx, p.ChatID, promoteMembers, func(b *bot, c *chat) error {
		u, err := e.userLocked(p.UserID)
		if err != nil {
			return err
		}
		m, s := c.status(u.ID, e.now())
		if s == botapi.ChatMemberStatusCreator {
			return bad("can't change rights of the chat owner")
		}
		if !c.isMember(u.ID, e.now()) {
			return bad("user is not a member of the chat")
		}
		if s == botapi.ChatMemberStatusAdministrator && m.promotedBy != b.user.ID {
			return bad("can't demote chat creator or an administrator promoted by someone else")
		}
		grants := []struct {
			want botapi.Opt[bool]
			have rightOf
		}{
			{p.IsAnonymous, func(m *botapi.ChatMember) botapi.Opt[bool] { return m.IsAnonymous }},
			{p.CanChangeInfo, canChangeInfo},
			{p.CanPostMessages, canPost},
			{p.CanEditMessages, canEdit},
			{p.CanDeleteMessages, canDelete},
			{p.CanInviteUsers, canInvite},
			{p.CanRestrictMembers, canRestrict},
			{p.CanPinMessages, canPin},
			{p.CanPromoteMembers, canPromote},
		}
		any := false
		for _, g := range grants {
			if g.want.Value() {
				any = true
				if !c.grants(b, g.have, e.now()) {
					return errNotEnoughRights
				}
			}
		}
		if !any {
			// Passing false for every right demotes.
			m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusMember}
			m.promotedBy = 0
			return nil
		}
		m.cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusAdministrator,
			CanBeEdited:        botapi.Some(true),
			IsAnonymous:        botapi.Some(p.IsAnonymous.Value() && !u.IsBot), // bots never appear anonymous
			CanChangeInfo:      botapi.Some(p.CanChangeInfo.Value()),
			CanDeleteMessages:  botapi.Some(p.CanDeleteMessages.Value()),
			CanInviteUsers:     botapi.Some(p.CanInviteUsers.Value()),
			CanRestrictMembers: botapi.Some(p.CanRestrictMembers.Value()),
			CanPromoteMembers:  botapi.Some(p.CanPromoteMembers.Value()),
		}
		if c.isChannel() {
			m.cm.CanPostMessages = botapi.Some(p.CanPostMessages.Value())
			m.cm.CanEditMessages = botapi.Some(p.CanEditMessages.Value())
		} else {
			m.cm.CanPinMessages = botapi.Some(p.CanPinMessages.Value())
		}
		m.promotedBy = b.user.ID
		return nil
	})
}

// SetChatAdministratorCustomTitle implements setChatAdministratorCustomTitle.
func (e *Emulator) SetChatAdministratorCustomTitle(ctx context.Context, p *botapi.SetChatAdministratorCustomTitleParams) error {
	return e.acting(ctx, p.ChatID, titleAdmins, func(b *bot, c *chat) error {
		m, s := c.status(p.UserID, e.now())
		if s != botapi.ChatMemberStatusAdministrator || m.promotedBy != b.user.ID {
			return bad("user is not an administrator promoted by the bot")
		}
		for _, r := range p.CustomTitle {
			if isEmoji(r) {
				return bad("ADMIN_RANK_EMOJI_NOT_ALLOWED")
			}
		}
		m.cm.CustomTitle = botapi.Some(p.CustomTitle)
		return nil
	})
}

// isEmoji is a coarse test for the "no emoji" rule: pictographic symbols and
// the variation and joiner characters emoji are built from.
func isEmoji(r rune) bool {
	return (r >= 0x1F000 && r <= 0x1FAFF) || (r >= 0x2600 && r <= 0x27BF) || r == 0xFE0F || r == 0x200D ||
		unicode.Is(unicode.So, r)
}

// SetChatPermissions implements setChatPermissions.
func (e *Emulator) SetChatPermissions(ctx context.Context, p *botapi.SetChatPermissionsParams) error {
	return e.acting(ctx, p.ChatID, setPermissions, func(b *bot, c *chat) error {
		c.perms = p.Permissions
		return nil
	})
}

// ExportChatInviteLink implements exportChatInviteLink: a new link, the
// bot's previous one revoked.
func (e *Emulator) ExportChatInviteLink(ctx context.Context, p *botapi.ExportChatInviteLinkParams) (string, error) {
	var out string
	err := e.acting(ctx, p.ChatID, inviteUsers, func(b *bot, c *chat) error {
		if old, ok := c.inviteLinks[b.user.ID]; ok {
			delete(e.links, old)
		}
		link := "https://emulator.invalid/joinchat/" + itoa(-c.c.ID) + "_" + itoa(e.seq()) + "_" + itoa(int64(e.rnd.Uint32()))
		c.inviteLinks[b.user.ID] = link
		e.links[link] = c.c.ID
		out = link
		return nil
	})
	return out, err
}

// SetChatPhoto implements setChatPhoto.
func (e *Emulator) SetChatPhoto(ctx context.Context, p *botapi.SetChatPhotoParams) error {
	f, err := e.files.ingest(ctx, p.Photo, kindPhoto)
	if err != nil {
		return err
	}
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		c.photo = &botapi.ChatPhoto{SmallFileID: f.id, SmallFileUniqueID: f.unique, BigFileID: f.id, BigFileUniqueID: f.unique}
		e.serviceLocked(b, c, func(m *botapi.Message) { m.NewChatPhoto = f.photoSizes() })
		return nil
	})
}

// DeleteChatPhoto implements deleteChatPhoto.
func (e *Emulator) DeleteChatPhoto(ctx context.Context, p *botapi.DeleteChatPhotoParams) error {
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		if c.photo == nil {
			return bad("CHAT_NOT_MODIFIED")
		}
		c.photo = nil
		e.serviceLocked(b, c, func(m *botapi.Message) { m.DeleteChatPhoto = botapi.Some(botapi.True{}) })
		return nil
	})
}

// SetChatTitle implements setChatTitle.
func (e *Emulator) SetChatTitle(ctx context.Context, p *botapi.SetChatTitleParams) error {
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		c.c.Title = botapi.Some(p.Title)
		e.serviceLocked(b, c, func(m *botapi.Message) { m.NewChatTitle = botapi.Some(p.Title) })
		return nil
	})
}

// SetChatDescription implements setChatDescription.
func (e *Emulator) SetChatDescription(ctx context.Context, p *botapi.SetChatDescriptionParams) error {
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		if c.description == p.Description.Value() {
			return bad("chat description is not modified")
		}
		c.description = p.Description.Value()
		return nil
	})
}

// SetChatStickerSet implements setChatStickerSet. The emulator has no
// sticker sets (their operations are not in the spec), so every name is
// unknown.
func (e *Emulator) SetChatStickerSet(ctx context.Context, p *botapi.SetChatStickerSetParams) error {
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		if c.c.Type != botapi.ChatTypeSupergroup {
			return bad("method is available only for supergroups")
		}
		return bad("STICKERSET_INVALID")
	})
}

// DeleteChatStickerSet implements deleteChatStickerSet.
func (e *Emulator) DeleteChatStickerSet(ctx context.Context, p *botapi.DeleteChatStickerSetParams) error {
	return e.acting(ctx, p.ChatID, changeInfo, func(b *bot, c *chat) error {
		if c.c.Type != botapi.ChatTypeSupergroup {
			return bad("method is available only for supergroups")
		}
		c.stickerSet = ""
		return nil
	})
}

// PinChatMessage implements pinChatMessage: the message joins the list.
func (e *Emulator) PinChatMessage(ctx context.Context, p *botapi.PinChatMessageParams) error {
	return e.acting(ctx, p.ChatID, pinMessages, func(b *bot, c *chat) error {
		id := p.MessageID
		rec := c.msgs[id]
		if rec == nil {
			return bad("message to pin not found")
		}
		c.unpin(id)
		c.pinned = append(c.pinned, id)
		e.serviceLocked(b, c, func(m *botapi.Message) { m.PinnedMessage = stripReply(&rec.m) })
		return nil
	})
}

// UnpinChatMessage implements unpinChatMessage: the given message, or the
// most recent pinned one by sending date.
func (e *Emulator) UnpinChatMessage(ctx context.Context, p *botapi.UnpinChatMessageParams) error {
	return e.acting(ctx, p.ChatID, pinMessages, func(b *bot, c *chat) error {
		if id, ok := p.MessageID.Get(); ok {
			if !c.unpin(id) {
				return bad("message to unpin not found")
			}
			return nil
		}
		r := c.latestPinned()
		if r == nil {
			return bad("message to unpin not found")
		}
		c.unpin(r.m.MessageID)
		return nil
	})
}

// UnpinAllChatMessages implements unpinAllChatMessages.
func (e *Emulator) UnpinAllChatMessages(ctx context.Context, p *botapi.UnpinAllChatMessagesParams) error {
	return e.acting(ctx, p.ChatID, pinMessages, func(b *bot, c *chat) error {
		c.pinned = nil
		return nil
	})
}

// LeaveChat implements leaveChat.
func (e *Emulator) LeaveChat(ctx context.Context, p *botapi.LeaveChatParams) error {
	return e.acting(ctx, p.ChatID, administer, func(b *bot, c *chat) error {
		c.memberFor(b.user).cm = botapi.ChatMember{User: *b.user, Status: botapi.ChatMemberStatusLeft}
		return nil
	})
}

// GetChat implements getChat: the full chat, with the "only in getChat"
// fields.
func (e *Emulator) GetChat(ctx context.Context, p *botapi.GetChatParams) (*botapi.Chat, error) {
	var out botapi.Chat
	err := e.acting(ctx, p.ChatID, seeChat, func(b *bot, c *chat) error {
		out = c.c
		out.Photo = e.files.scopeChatPhoto(c.photo, b.user.ID)
		if r := c.latestPinned(); r != nil {
			out.PinnedMessage = stripReply(&r.m)
			e.files.scopeMessage(out.PinnedMessage, b.user.ID)
		}
		if !c.private() {
			out.Description = botapi.Some(c.description)
			if l, ok := c.inviteLinks[b.user.ID]; ok {
				out.InviteLink = botapi.Some(l)
			}
			if !c.isChannel() {
				perms := c.perms
				out.Permissions = &perms
			}
			if c.c.Type == botapi.ChatTypeSupergroup {
				out.CanSetStickerSet = botapi.Some(c.grants(b, canChangeInfo, e.now()))
				if c.stickerSet != "" {
					out.StickerSetName = botapi.Some(c.stickerSet)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GetChatAdministrators implements getChatAdministrators: every
// administrator except other bots.
func (e *Emulator) GetChatAdministrators(ctx context.Context, p *botapi.GetChatAdministratorsParams) ([]botapi.ChatMember, error) {
	var out []botapi.ChatMember
	err := e.acting(ctx, p.ChatID, administer, func(b *bot, c *chat) error {
		for _, id := range c.memberIDs() {
			m, s := c.status(id, e.now())
			if s != botapi.ChatMemberStatusCreator && s != botapi.ChatMemberStatusAdministrator {
				continue
			}
			if m.cm.User.IsBot && id != b.user.ID {
				continue
			}
			out = append(out, m.seenBy(b))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []botapi.ChatMember{}
	}
	return out, nil
}

// GetChatMembersCount implements getChatMembersCount.
func (e *Emulator) GetChatMembersCount(ctx context.Context, p *botapi.GetChatMembersCountParams) (int, error) {
	var out int
	err := e.acting(ctx, p.ChatID, seeChat, func(b *bot, c *chat) error {
		if c.private() {
			out = 2
			return nil
		}
		for id := range c.members {
			if c.isMember(id, e.now()) {
				out++
			}
		}
		return nil
	})
	return out, err
}

// GetChatMember implements getChatMember.
func (e *Emulator) GetChatMember(ctx context.Context, p *botapi.GetChatMemberParams) (*botapi.ChatMember, error) {
	var out *botapi.ChatMember
	err := e.acting(ctx, p.ChatID, getMember, func(b *bot, c *chat) error {
		u, err := e.userLocked(p.UserID)
		if err != nil {
			return err
		}
		if c.private() {
			if u.ID != c.user && u.ID != c.bot {
				return errUserNotFound
			}
			out = &botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusMember}
			return nil
		}
		if err := c.admits(b, e.now()); err != nil {
			return err
		}
		m, _ := c.status(u.ID, e.now())
		if m == nil {
			out = &botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusLeft}
			return nil
		}
		cm := m.seenBy(b)
		out = &cm
		return nil
	})
	return out, err
}
