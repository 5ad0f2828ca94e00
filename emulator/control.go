package emulator

import (
	"errors"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/apigen/apigen/generated/botapi"
)

// The control API: the other side of the conversation, for tests. Users
// and chats are created here; users write, press buttons, vote, join and
// leave; tests read what bots sent and move the clock.

// Where names a chat from a user's side: the private chat with a bot, or a
// group, supergroup or channel.
type Where struct {
	Bot  int64 `json:"bot_id,omitempty"`  // the bot's user id: the private chat with it
	Chat int64 `json:"chat_id,omitempty"` // a group, supergroup or channel id
}

// Private is the private chat with the bot botID.
func Private(botID int64) Where { return Where{Bot: botID} }

// InChat is the group, supergroup or channel id.
func InChat(id int64) Where { return Where{Chat: id} }

// ErrControl is wrapped by every control API error.
var ErrControl = errors.New("emulator")

func controlErr(msg string) error { return errors.Join(ErrControl, errors.New(msg)) }

// AddBot registers the bot of token (as its first request would) and
// returns its user.
func (e *Emulator) AddBot(token string) (botapi.User, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if tokenShape.FindStringSubmatch(token) == nil {
		return botapi.User{}, controlErr("malformed token: want <digits>:<secret>")
	}
	if e.cfg.Tokens != nil && !listed(e.cfg.Tokens, token) {
		return botapi.User{}, controlErr("token not in the -tokens list")
	}
	b, err := e.botByTokenLocked(token)
	if err != nil {
		return botapi.User{}, controlErr("the token's id belongs to a user, or another secret owns that bot id")
	}
	return *b.user, nil
}

// NewUser creates a user (not a bot).
func (e *Emulator) NewUser(firstName, username string) botapi.User {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.nextUser++
	for e.users[e.nextUser] != nil { // a bot holds the id
		e.nextUser++
	}
	u := &botapi.User{ID: e.nextUser, FirstName: firstName, LanguageCode: botapi.Some("en")}
	if username != "" {
		u.Username = botapi.Some(username)
	}
	e.users[u.ID] = u
	return *u
}

// NewChat creates a group, supergroup or channel whose creator is the user
// (or bot) creator. A username makes it public (@username).
func (e *Emulator) NewChat(typ botapi.ChatType, title, username string, creator int64) (botapi.Chat, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	u := e.users[creator]
	if u == nil {
		return botapi.Chat{}, controlErr("no user " + itoa(creator))
	}
	e.nextChat++
	var id int64
	switch typ {
	case botapi.ChatTypeGroup:
		id = -e.nextChat
	case botapi.ChatTypeSupergroup, botapi.ChatTypeChannel:
		id = -1000000000000 - e.nextChat
	default:
		return botapi.Chat{}, controlErr("chat type must be group, supergroup or channel; private chats start when a user writes to a bot")
	}
	c := newChat(botapi.Chat{ID: id, Type: typ, Title: botapi.Some(title)})
	if username != "" {
		key := strings.ToLower(strings.TrimPrefix(username, "@"))
		if _, taken := e.usernames[key]; taken {
			return botapi.Chat{}, controlErr("username @" + key + " is taken")
		}
		c.c.Username = botapi.Some(strings.TrimPrefix(username, "@"))
		e.usernames[key] = id
	}
	c.members[u.ID] = &member{cm: botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusCreator}}
	c.perms = botapi.ChatPermissions{CanSendMessages: botapi.Some(true), CanSendMediaMessages: botapi.Some(true),
		CanSendPolls: botapi.Some(true), CanSendOtherMessages: botapi.Some(true), CanAddWebPagePreviews: botapi.Some(true)}
	e.chats[id] = c
	return c.c, nil
}

// SetMember sets a user's or bot's membership directly, without a service
// message: make a bot an administrator with rights, restrict, and so on.
// cm.User is filled in.
func (e *Emulator) SetMember(chatID, userID int64, cm botapi.ChatMember) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, u, err := e.chatUserLocked(chatID, userID)
	if err != nil {
		return err
	}
	cm.User = *u
	c.memberFor(u).cm = cm
	return nil
}

func (e *Emulator) chatUserLocked(chatID, userID int64) (*chat, *botapi.User, error) {
	c := e.chats[chatID]
	if c == nil {
		return nil, nil, controlErr("no group, supergroup or channel " + itoa(chatID))
	}
	u := e.users[userID]
	if u == nil {
		return nil, nil, controlErr("no user " + itoa(userID))
	}
	return c, u, nil
}

// Join adds a user or bot to a chat as a member; bots in the chat get a
// new_chat_members message. A user banned from a supergroup or channel
// cannot join until unbanned.
func (e *Emulator) Join(chatID, userID int64) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, u, err := e.chatUserLocked(chatID, userID)
	if err != nil {
		return err
	}
	return e.joinLocked(c, u)
}

func (e *Emulator) joinLocked(c *chat, u *botapi.User) error {
	now := e.now()
	m, s := c.status(u.ID, now)
	if s == botapi.ChatMemberStatusKicked && c.c.Type != botapi.ChatTypeGroup {
		return controlErr("user " + itoa(u.ID) + " is banned from the chat until unbanned")
	}
	if c.isMember(u.ID, now) {
		return nil
	}
	if s == botapi.ChatMemberStatusRestricted {
		m.cm.IsMember = botapi.Some(true)
	} else {
		c.memberFor(u).cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusMember}
	}
	if !c.isChannel() {
		e.userServiceLocked(c, u, func(m *botapi.Message) { m.NewChatMembers = []botapi.User{*u} })
	}
	return nil
}

// JoinByLink makes a user join through an invite link; revoked links do
// not work.
func (e *Emulator) JoinByLink(userID int64, link string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	id, ok := e.links[link]
	if !ok {
		return controlErr("invite link expired or revoked")
	}
	c, u, err := e.chatUserLocked(id, userID)
	if err != nil {
		return err
	}
	return e.joinLocked(c, u)
}

// Leave makes a user or bot leave a chat; bots in the chat get a
// left_chat_member message.
func (e *Emulator) Leave(chatID, userID int64) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, u, err := e.chatUserLocked(chatID, userID)
	if err != nil {
		return err
	}
	if !c.isMember(u.ID, e.now()) {
		return controlErr("user " + itoa(userID) + " is not in the chat")
	}
	c.memberFor(u).cm = botapi.ChatMember{User: *u, Status: botapi.ChatMemberStatusLeft}
	if !c.isChannel() {
		e.userServiceLocked(c, u, func(m *botapi.Message) { m.LeftChatMember = u })
	}
	return nil
}

// Block makes a user block a bot (the bot then gets 403 in their private
// chat); the user's next message unblocks it.
func (e *Emulator) Block(userID, botID int64) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, err := e.privateLocked(userID, botID)
	if err != nil {
		return err
	}
	c.blocked = true
	return nil
}

// privateLocked returns (creating it) the private chat of a user and a bot.
func (e *Emulator) privateLocked(userID, botID int64) (*chat, error) {
	u := e.users[userID]
	if u == nil || u.IsBot {
		return nil, controlErr("no user " + itoa(userID))
	}
	if e.bots[botID] == nil {
		return nil, controlErr("no bot " + itoa(botID) + " (AddBot, or let it make a request first)")
	}
	k := privKey{botID, userID}
	c := e.privateChatLocked(k)
	if c == nil {
		c = newChat(botapi.Chat{ID: userID, Type: botapi.ChatTypePrivate, FirstName: botapi.Some(u.FirstName),
			LastName: u.LastName, Username: u.Username})
		c.bot, c.user = botID, userID
		e.privates[k] = c
	}
	return c, nil
}

// whereLocked resolves w for a user.
func (e *Emulator) whereLocked(from int64, w Where) (*chat, *botapi.User, error) {
	u := e.users[from]
	if u == nil {
		return nil, nil, controlErr("no user " + itoa(from))
	}
	if w.Bot != 0 {
		c, err := e.privateLocked(from, w.Bot)
		return c, u, err
	}
	c := e.chats[w.Chat]
	if c == nil {
		return nil, nil, controlErr("no chat " + itoa(w.Chat))
	}
	return c, u, nil
}

// Send makes a user write text in a chat (a command is text starting with
// "/"). Bots in the chat get a message (channel_post in a channel) update.
func (e *Emulator) Send(from int64, w Where, text string) (botapi.Message, error) {
	return e.Reply(from, w, text, 0)
}

// Reply is Send as a reply to message replyTo (0: none).
func (e *Emulator) Reply(from int64, w Where, text string, replyTo int64) (botapi.Message, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(false)
	c, u, err := e.whereLocked(from, w)
	if err != nil {
		return botapi.Message{}, err
	}
	if text == "" {
		return botapi.Message{}, controlErr("empty text")
	}
	if utf8.RuneCountInString(text) > maxControlText {
		return botapi.Message{}, controlErr("text is longer than 4096 characters")
	}
	return e.userPostLocked(c, u, replyTo, func(m *botapi.Message) {
		m.Text = botapi.Some(text)
		m.Entities = commandEntities(text)
	})
}

// userPostLocked posts a message of user u in c (fill sets its content)
// once the user may: a member who may send, an administrator in a
// channel; a private chat starts (or unblocks) the bot.
func (e *Emulator) userPostLocked(c *chat, u *botapi.User, replyTo int64, fill func(m *botapi.Message)) (botapi.Message, error) {
	from := u.ID
	if !c.private() {
		if !c.isMember(from, e.now()) {
			return botapi.Message{}, controlErr("user " + itoa(from) + " is not a member of chat " + itoa(c.c.ID))
		}
		if m, s := c.status(from, e.now()); s == botapi.ChatMemberStatusRestricted && !m.cm.CanSendMessages.Value() {
			return botapi.Message{}, controlErr("user " + itoa(from) + " is restricted and cannot send messages")
		}
		if c.isChannel() {
			if _, s := c.status(from, e.now()); s != botapi.ChatMemberStatusCreator && s != botapi.ChatMemberStatusAdministrator {
				return botapi.Message{}, controlErr("only administrators post in a channel")
			}
		}
	}
	var reply *msgRec
	if replyTo != 0 {
		if reply = c.msgs[replyTo]; reply == nil {
			return botapi.Message{}, controlErr("no message " + itoa(replyTo) + " to reply to")
		}
	}
	if c.private() {
		c.started, c.blocked = true, false
	}
	r := c.newMessage(e.now())
	if c.isChannel() {
		r.m.SenderChat = &c.c
	} else {
		r.m.From = u
	}
	fill(&r.m)
	if reply != nil {
		r.m.ReplyToMessage = stripReply(&reply.m)
	}
	e.deliverLocked(c, r, false)
	return r.m, nil
}

// commandEntities marks the bot commands of a user's text: words that start
// with "/" at the start of the text or after white space.
func commandEntities(text string) []botapi.MessageEntity {
	var out []botapi.MessageEntity
	prevSpace := true
	for i, r := range text {
		if prevSpace && r == '/' {
			end := i + 1
			for end < len(text) {
				c := rune(text[end])
				if !(c == '_' || c == '@' || c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c))) {
					break
				}
				end++
			}
			if end > i+1 {
				me := botapi.MessageEntity{Type: botapi.MessageEntityTypeBotCommand}
				me.Offset = botapi.UTF16Len(text[:i])
				me.Length = botapi.UTF16Len(text[i:end])
				out = append(out, me)
			}
		}
		prevSpace = unicode.IsSpace(r)
	}
	return out
}

// Edit makes a user edit the text of their message; bots get
// edited_message (edited_channel_post in a channel).
func (e *Emulator) Edit(from int64, w Where, id int64, text string) (botapi.Message, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, _, err := e.whereLocked(from, w)
	if err != nil {
		return botapi.Message{}, err
	}
	if text == "" || utf8.RuneCountInString(text) > maxControlText {
		return botapi.Message{}, controlErr("text must be 1-4096 characters")
	}
	r := c.msgs[id]
	if r == nil || r.byBot != 0 || !r.m.Text.IsSet() || (r.m.From != nil && r.m.From.ID != from) {
		return botapi.Message{}, controlErr("no text message " + itoa(id) + " of user " + itoa(from) + " in that chat")
	}
	r.m.Text = botapi.Some(text)
	r.m.Entities = commandEntities(text)
	r.m.EditDate.Set(unix(e.now()))
	e.deliverLocked(c, r, true)
	return r.m, nil
}

// deliverLocked queues the update of a user's message for the bots of c.
func (e *Emulator) deliverLocked(c *chat, r *msgRec, edited bool) {
	m := r.m
	u := botapi.Update{}
	switch {
	case c.isChannel() && edited:
		u.EditedChannelPost = &m
	case c.isChannel():
		u.ChannelPost = &m
	case edited:
		u.EditedMessage = &m
	default:
		u.Message = &m
	}
	if c.private() {
		if b := e.bots[c.bot]; b != nil {
			e.emitLocked(b, u)
		}
		return
	}
	for _, id := range c.memberIDs() {
		b := e.bots[id]
		if b == nil || !c.isMember(id, e.now()) {
			continue
		}
		e.emitLocked(b, u)
	}
}

// userServiceLocked posts a service message caused by user u.
func (e *Emulator) userServiceLocked(c *chat, u *botapi.User, fill func(m *botapi.Message)) {
	r := c.newMessage(e.now())
	r.service = true
	r.m.From = u
	fill(&r.m)
	e.deliverLocked(c, r, false)
}

// Press makes a user press the callback button with data under message id;
// the bot that sent the message gets a callback_query. It returns the
// query id (see CallbackAnswer).
func (e *Emulator) Press(from int64, w Where, id int64, data string) (string, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c, u, err := e.whereLocked(from, w)
	if err != nil {
		return "", err
	}
	r := c.msgs[id]
	if r == nil {
		return "", controlErr("no message " + itoa(id) + " in that chat")
	}
	if !c.private() && !c.isMember(from, e.now()) {
		return "", controlErr("user " + itoa(from) + " is not a member of the chat")
	}
	found := false
	if r.m.ReplyMarkup != nil {
		for _, row := range r.m.ReplyMarkup.InlineKeyboard {
			for _, btn := range row {
				if d, ok := btn.CallbackData.Get(); ok && d == data {
					found = true
				}
			}
		}
	}
	b := e.bots[r.byBot]
	if !found || b == nil {
		return "", controlErr("message " + itoa(id) + " has no callback button with data " + data)
	}
	q := &callback{id: itoa(b.user.ID) + "-" + itoa(e.seq()), bot: b.user.ID, at: e.now()}
	e.callbacks[q.id] = q
	m := r.m
	e.emitLocked(b, botapi.Update{CallbackQuery: &botapi.CallbackQuery{
		ID: q.id, From: *u, Message: &m, Data: botapi.Some(data),
		ChatInstance: itoa(c.c.ID ^ 0x5bd1e995),
	}})
	return q.id, nil
}

// CallbackAnswer returns what the bot answered to the query (ok false for
// an unknown query).
func (e *Emulator) CallbackAnswer(queryID string) (CallbackAnswer, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	q := e.callbacks[queryID]
	if q == nil {
		return CallbackAnswer{}, false
	}
	return q.answer, true
}

// Vote makes a user answer a poll (no options: retract the vote). The bot
// gets a poll update with the new counts and, for a non-anonymous poll, a
// poll_answer update.
func (e *Emulator) Vote(from int64, pollID string, options ...int) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(false)
	ps := e.polls[pollID]
	u := e.users[from]
	if ps == nil || u == nil {
		return controlErr("no poll " + pollID + " or no user " + itoa(from))
	}
	c := ps.chat
	if c.private() && c.user != from || !c.private() && !c.isMember(from, e.now()) {
		return controlErr("user " + itoa(from) + " cannot see the poll")
	}
	r := c.msgs[ps.msg]
	if r == nil || r.m.Poll == nil {
		return controlErr("the poll's message is gone")
	}
	poll := *r.m.Poll
	if poll.IsClosed {
		return controlErr("the poll is closed")
	}
	prev, voted := ps.votes[from]
	switch {
	case poll.Type == botapi.PollTypeQuiz && voted:
		return controlErr("a quiz answer cannot be changed")
	case len(options) > 1 && !poll.AllowsMultipleAnswers:
		return controlErr("the poll allows one answer")
	case len(options) == 0 && !voted:
		return controlErr("nothing to retract")
	}
	for _, o := range options {
		if o < 0 || o >= len(poll.Options) {
			return controlErr("no option " + itoa(int64(o)))
		}
	}
	opts := append([]botapi.PollOption(nil), poll.Options...)
	for _, o := range prev {
		opts[o].VoterCount--
	}
	for _, o := range options {
		opts[o].VoterCount++
	}
	total := poll.TotalVoterCount
	switch {
	case !voted && len(options) > 0:
		total++
		ps.votes[from] = options
	case voted && len(options) == 0:
		total--
		delete(ps.votes, from)
	default:
		ps.votes[from] = options
	}
	poll.Options = opts
	poll.TotalVoterCount = total
	r.m.Poll = &poll
	if b := e.bots[ps.bot]; b != nil {
		if !poll.IsAnonymous {
			ids := make([]int, len(options))
			copy(ids, options)
			e.emitLocked(b, botapi.Update{PollAnswer: &botapi.PollAnswer{PollID: pollID, User: *u, OptionIDs: ids}})
		}
		e.pollUpdateLocked(ps, &poll)
	}
	return nil
}

// Sent returns what the bot sent and edited, oldest first (kept for the
// message retention).
func (e *Emulator) Sent(botID int64) []Sent {
	e.mu.Lock()
	defer e.mu.Unlock()
	b := e.bots[botID]
	if b == nil {
		return nil
	}
	return append([]Sent(nil), b.sent...)
}

// Message returns the current state of message id in a chat, as the user
// from sees it.
func (e *Emulator) Message(from int64, w Where, id int64) (botapi.Message, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(false)
	c, _, err := e.whereLocked(from, w)
	if err != nil {
		return botapi.Message{}, false
	}
	r := c.msgs[id]
	if r == nil {
		return botapi.Message{}, false
	}
	return r.m, true
}

// ChatAction returns the action a bot shows in a chat (its chat_id as the
// bot sees it), if one is still showing.
func (e *Emulator) ChatAction(botID, chatID int64) (botapi.ChatAction, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b := e.bots[botID]
	if b == nil {
		return "", false
	}
	a, ok := b.actions[chatID]
	if !ok || !e.now().Before(a.until) {
		return "", false
	}
	return a.action, true
}

// Now returns the emulator's clock.
func (e *Emulator) Now() time.Time { return e.now() }

// Advance moves the clock by d and runs what became due: polls close, bans
// end, updates and messages past retention are dropped.
func (e *Emulator) Advance(d time.Duration) time.Time {
	e.clock.Advance(d)
	e.tick()
	return e.now()
}

// Stats counts what the emulator holds (for memory bounds in tests).
type Stats struct {
	Bots           int `json:"bots"`
	Users          int `json:"users"`
	Chats          int `json:"chats"`
	PendingUpdates int `json:"pending_updates"`
	Messages       int `json:"messages"`
	SentRecords    int `json:"sent_records"`
	Callbacks      int `json:"callbacks"`
	Polls          int `json:"polls"`
	// Waiting counts getUpdates calls waiting for an update (long polling).
	Waiting int `json:"waiting"`
	// Placeholders counts the answers that were placeholders (see
	// PlaceholderHeader) since the emulator started.
	Placeholders int64 `json:"placeholders"`
}

// Stats returns the current counts.
func (e *Emulator) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	s := Stats{Bots: len(e.bots), Users: len(e.users), Chats: len(e.chats) + len(e.privates) + len(e.dormant), Callbacks: len(e.callbacks), Polls: len(e.polls),
		Placeholders: e.placeholders.Load()}
	for _, b := range e.bots {
		s.PendingUpdates += len(b.queue)
		s.SentRecords += len(b.sent)
		if b.poller != nil {
			s.Waiting++
		}
	}
	for _, c := range e.chats {
		s.Messages += len(c.msgs)
	}
	for _, c := range e.privates {
		s.Messages += len(c.msgs)
	}
	return s
}
