package emulator

// Spec: Authentication (the token of every request) and Endpoints › Common
// request rules: the opening every method shares. The bot is found by the
// request's token; a method that acts in a chat finds the chat its chat_id
// names as that bot sees it and checks the bot's presence and rights there
// (acting, need).

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// ---------------------------------------------------------------- the opening

// acting is the opening of every method that acts for a bot: under the
// lock (deferred unlock: a panic in f frees it), the bot whose token the
// request carries (botLocked) and the chat ref names as that bot sees it,
// with what n asks of it (reachLocked); then f. Methods that act in no
// chat pass noChat and a nil need (c is nil then).
func (e *Emulator) acting(ctx context.Context, ref botapi.ChatRef, n *need, f func(b *bot, c *chat) error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := e.botLocked(ctx)
	if err != nil {
		return err
	}
	var c *chat
	if n != nil {
		if c, err = e.reachLocked(b, ref, n); err != nil {
			return err
		}
	}
	return f(b, c)
}

// noChat is the chat_id of the methods that act in no chat.
var noChat botapi.ChatRef

// need is what a method asks of the chat its chat_id names, checked in
// this order once the chat is found (the order each method checked them in
// before they shared this opening):
// private chats, the bot's presence, the chat's type, the bot's right.
type need struct {
	private  string            // "": private chats allowed; else refused with this Bad Request text
	in       presence          // where the bot must be
	only     []botapi.ChatType // the chat types the method works in (nil: any)
	onlyText string            // Bad Request text for another type
	// right is the administrator right the bot needs outside private
	// chats (nil: none); channelRight replaces it in a channel. noRight is
	// the answer without it (nil: "not enough rights").
	right, channelRight rightOf
	noRight             error
}

// presence is where the bot must be for a method to act in a chat.
type presence uint8

const (
	// anywhere: not checked (an edit and stopPoll check the message's
	// sender instead; getChatMember checks after finding the user).
	anywhere presence = iota
	// inGroups: a member of a group, supergroup or channel (403 otherwise);
	// any private chat the bot has passes.
	inGroups
	// inChat: also in a private chat, the user has started the bot and not
	// blocked it.
	inChat
)

// The needs of the methods, by the spec's groups.
var (
	// Chat administration: a group, supergroup or channel the bot is in.
	administer       = &need{private: "chat member status can't be changed in private chats", in: inChat}
	errRestrictRight = bad("not enough rights to restrict/unrestrict chat member")
	restrictMembers  = &need{private: administer.private, in: inChat, right: canRestrict, noRight: errRestrictRight}
	restrictIn       = &need{private: administer.private, in: inChat, right: canRestrict, noRight: errRestrictRight,
		only: []botapi.ChatType{botapi.ChatTypeSupergroup}, onlyText: "method is available only for supergroups"}
	promoteMembers = &need{private: administer.private, in: inChat, right: canPromote}
	titleAdmins    = &need{private: administer.private, in: inChat,
		only: []botapi.ChatType{botapi.ChatTypeSupergroup}, onlyText: "method is available only for supergroups"}
	setPermissions = &need{private: administer.private, in: inChat, right: canRestrict,
		only: []botapi.ChatType{botapi.ChatTypeGroup, botapi.ChatTypeSupergroup}, onlyText: "method is available only for groups and supergroups"}
	inviteUsers = &need{private: administer.private, in: inChat, right: canInvite}
	// The chat-info setters (photo, title, description, sticker set).
	changeInfo = &need{private: "chat info can't be changed in private chats", in: inChat, right: canChangeInfo}
	// Pinning: can_pin_messages in groups, can_edit_messages in channels.
	pinMessages = &need{in: inChat, right: canPin, channelRight: canEdit}
	// Sending: in the chat; in a channel, can_post_messages.
	sendMessages = &need{in: inChat, channelRight: canPost, noRight: bad("need administrator rights in the channel chat")}
	// sendChatAction: in the chat.
	showAction = &need{in: inChat}
	// Reading a chat and deleting or forwarding from it.
	seeChat = &need{in: inGroups}
	// sendPoll looks at the chat's type first (sendLocked checks the rest).
	pollChat = &need{in: anywhere}
	// getChatMember checks the bot's presence after finding the user;
	// an edit and stopPoll check the message's sender.
	getMember, editMessages = &need{in: anywhere}, &need{in: anywhere}
)

// reachLocked resolves ref as bot b sees it and checks n.
func (e *Emulator) reachLocked(b *bot, ref botapi.ChatRef, n *need) (*chat, error) {
	c, err := e.chatLocked(b, ref)
	if err != nil {
		return nil, err
	}
	if n.private != "" && c.private() {
		return nil, bad(n.private)
	}
	if n.in == inChat || n.in == inGroups && !c.private() {
		if err := c.admits(b, e.now()); err != nil {
			return nil, err
		}
	}
	if n.only != nil && !slices.Contains(n.only, c.c.Type) {
		return nil, bad(n.onlyText)
	}
	right := n.right
	if n.channelRight != nil && c.isChannel() {
		right = n.channelRight
	}
	if right != nil && !c.private() && !c.grants(b, right, e.now()) {
		if n.noRight != nil {
			return nil, n.noRight
		}
		return nil, errNotEnoughRights
	}
	return c, nil
}

// chatLocked resolves a chat_id parameter as bot b sees it: a user id is the
// private chat with that user, a negative id a group, supergroup or channel,
// @username a public supergroup or channel.
func (e *Emulator) chatLocked(b *bot, ref botapi.ChatRef) (*chat, error) {
	id, isID := ref.AsInteger64()
	if name, isName := ref.AsString(); isName {
		id, isID = e.usernames[strings.ToLower(strings.TrimPrefix(name, "@"))]
	}
	if !isID {
		return nil, errChatNotFound
	}
	if id > 0 {
		c := e.privateChatLocked(privKey{b.user.ID, id})
		if c == nil {
			if _, known := e.users[id]; known {
				return nil, forbidden("bot can't initiate conversation with a user")
			}
			return nil, errChatNotFound
		}
		return c, nil
	}
	c := e.chats[id]
	if c == nil {
		return nil, errChatNotFound
	}
	return c, nil
}

// ---------------------------------------------------------------- tokens and bots

var tokenShape = regexp.MustCompile(`^([0-9]{1,19}):[A-Za-z0-9_-]{1,}$`)

// authorize is the generated server's token check: the token must be listed
// (or well formed when any token is accepted), its secret must be the one
// that owns the bot id (the first seen, as the reference server answers 401
// to a wrong secret), its id must not be a user's, and a bot that logged
// out of the cloud server stays out for 10 minutes.
func (e *Emulator) authorize(_ context.Context, token string) bool {
	if tokenShape.FindStringSubmatch(token) == nil {
		return false
	}
	if e.cfg.Tokens != nil && !listed(e.cfg.Tokens, token) {
		return false
	}
	return e.tokenAdmitted(token)
}

// tokenAdmitted is authorize's look at the bots: the secret owns the id, the id
// is not a user's, and the bot is not in its 10 minutes after logOut.
func (e *Emulator) tokenAdmitted(token string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := e.ownerLocked(token)
	if err != nil {
		return false
	}
	if b == nil || b.loggedOut.IsZero() {
		return true
	}
	if !e.cfg.Local && e.now().Before(b.loggedOut.Add(logOutBlock)) {
		return false
	}
	b.loggedOut = time.Time{}
	b.launched = time.Time{}
	return true
}

var errUnauthorized = &botapi.Error{Code: 401, Description: "Unauthorized"}

// ownerLocked returns the bot that owns token (nil when its id is not yet
// taken), or errUnauthorized when the token is malformed, its id belongs to
// a user, or another secret owns the id. Bot and user ids never collide:
// a user id is never a bot's, and NewUser skips ids bots hold.
func (e *Emulator) ownerLocked(token string) (*bot, error) {
	m := tokenShape.FindStringSubmatch(token)
	if m == nil {
		return nil, errUnauthorized
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || id <= 0 {
		return nil, errUnauthorized
	}
	if u := e.users[id]; u != nil && !u.IsBot {
		return nil, errUnauthorized
	}
	b := e.bots[id]
	if b == nil {
		return nil, nil
	}
	if subtle.ConstantTimeCompare([]byte(b.token), []byte(token)) != 1 {
		return nil, errUnauthorized
	}
	return b, nil
}

// listed compares in constant time (digests, so lengths do not leak either).
func listed(list []string, token string) bool {
	got := sha256.Sum256([]byte(token))
	found := 0
	for _, t := range list {
		want := sha256.Sum256([]byte(t))
		found |= subtle.ConstantTimeCompare(got[:], want[:])
	}
	return found == 1
}

// botLocked returns the bot whose token the request carries, creating it on
// its first request, and (re)launches its instance.
func (e *Emulator) botLocked(ctx context.Context) (*bot, error) {
	token, ok := botapiserver.TokenFromContext(ctx)
	if !ok {
		return nil, errUnauthorized
	}
	b, err := e.botByTokenLocked(token)
	if err != nil {
		return nil, err
	}
	if b.launched.IsZero() {
		b.launched = e.now()
	}
	e.tickLocked(false)
	return b, nil
}

func (e *Emulator) botByTokenLocked(token string) (*bot, error) {
	b, err := e.ownerLocked(token)
	if err != nil || b != nil {
		return b, err
	}
	m := tokenShape.FindStringSubmatch(token)
	id, _ := strconv.ParseInt(m[1], 10, 64)
	u := &botapi.User{ID: id, IsBot: true, FirstName: "Bot " + m[1], Username: botapi.Some("emulator" + m[1] + "_bot")}
	b = newBot(token, u)
	e.bots[id] = b
	e.users[id] = u
	return b, nil
}
