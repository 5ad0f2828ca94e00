package emulator_test

// One test per row of the specification's "States and transitions" table,
// named after the row (emulator/README.md lists every row and its test).

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// Update | unconfirmed, then getUpdates called with offset greater than its
// update_id | confirmed | Confirmed updates are not returned again.
func TestStateUpdateConfirmedByOffset(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.send("one")
	v.send("two")
	us, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	if len(us) != 2 || us[1].UpdateID != us[0].UpdateID+1 {
		t.Fatalf("want two sequential updates, got %+v", us)
	}
	again, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	if len(again) != 2 {
		t.Fatalf("unconfirmed updates must be returned again, got %d", len(again))
	}
	rest, err := v.bot.GetUpdates(v.ctx, offset(us[0].UpdateID+1))
	ok(t, err)
	if len(rest) != 1 || rest[0].UpdateID != us[1].UpdateID {
		t.Fatalf("offset confirms only lower ids: %+v", rest)
	}
	none, err := v.bot.GetUpdates(v.ctx, offset(us[1].UpdateID+1))
	ok(t, err)
	if len(none) != 0 {
		t.Fatalf("confirmed updates returned again: %+v", none)
	}
	v.send("three")
	next, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	if len(next) != 1 || next[0].UpdateID != us[1].UpdateID+1 || next[0].Message.Text.Value() != "three" {
		t.Fatalf("update_id must keep increasing: %+v", next)
	}
}

// Update | stored, not yet received | 24 hours elapsed | dropped.
// Also the Limits row "Update retention: at most 24 hours".
func TestStateUpdateDroppedAfter24Hours(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.send("old")
	v.emu.Advance(23 * time.Hour)
	v.send("new")
	if us := v.poll(); len(us) != 2 {
		t.Fatalf("before 24 h both updates stay: %v", kinds(us))
	}
	v.emu.Advance(time.Hour)
	us := v.poll()
	if len(us) != 1 || us[0].Message.Text.Value() != "new" {
		t.Fatalf("after 24 h the old update is dropped: %+v", us)
	}
	v.emu.Advance(24 * time.Hour)
	if us := v.poll(); len(us) != 0 {
		t.Fatalf("everything dropped after another 24 h: %+v", us)
	}
	if s := v.emu.Stats(); s.PendingUpdates != 0 {
		t.Fatalf("stats %+v", s)
	}
}

// Update delivery | getUpdates with a negative offset | updates counted
// from the end of the queue | All previous updates are forgotten.
func TestStateNegativeOffset(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	for _, s := range []string{"a", "b", "c", "d"} {
		v.send(s)
	}
	us, err := v.bot.GetUpdates(v.ctx, offset(-2))
	ok(t, err)
	if len(us) != 2 || us[0].Message.Text.Value() != "c" || us[1].Message.Text.Value() != "d" {
		t.Fatalf("want the last two, got %+v", us)
	}
	all, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	if len(all) != 2 {
		t.Fatalf("earlier updates must be forgotten, got %d", len(all))
	}
}

// Update delivery | setWebhook or deleteWebhook with drop_pending_updates
// true | pending updates dropped.
func TestStateDropPendingUpdates(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	v.send("x")
	ok(t, v.bot.DeleteWebhook(v.ctx, &botapi.DeleteWebhookParams{DropPendingUpdates: botapi.Some(true)}))
	if us := v.poll(); len(us) != 0 {
		t.Fatalf("deleteWebhook(drop_pending_updates) kept %d", len(us))
	}
	// setWebhook with drop_pending_updates, the receiver never answering 2xx
	// so nothing is delivered before the drop is visible.
	hold := make(chan struct{})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-hold; w.WriteHeader(500) }))
	defer rcv.Close()
	defer close(hold)
	v.send("y")
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL, DropPendingUpdates: botapi.Some(true)}))
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(t, err)
	if info.PendingUpdateCount != 0 {
		t.Fatalf("setWebhook(drop_pending_updates): pending %d", info.PendingUpdateCount)
	}
}

// Webhook | none, then setWebhook with non-empty url | set | getUpdates
// stops working.
func TestStateWebhookSet(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer rcv.Close()
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL + "/hook", MaxConnections: botapi.Some(7)}))
	_, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	wantErr(t, err, 409, "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(t, err)
	if info.URL != rcv.URL+"/hook" || info.MaxConnections.Value() != 7 {
		t.Fatalf("webhook info %+v", info)
	}
}

// Webhook | set, then deleteWebhook or setWebhook with empty url | removed |
// getUpdates usable; getWebhookInfo returns empty url.
func TestStateWebhookRemoved(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer rcv.Close()
	for _, remove := range []func() error{
		func() error { return v.bot.DeleteWebhook(v.ctx, &botapi.DeleteWebhookParams{}) },
		func() error { return v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: ""}) },
	} {
		ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL}))
		ok(t, remove())
		info, err := v.bot.GetWebhookInfo(v.ctx)
		ok(t, err)
		if info.URL != "" {
			t.Fatalf("url %q after removal", info.URL)
		}
		_, err = v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
		ok(t, err)
	}
}

// Bot instance | on cloud server, then logOut | logged out | Local login
// possible at once; return to the cloud server blocked for 10 minutes.
// Also the Limits row "Re-login after logOut".
func TestStateLogOut(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	ok(t, v.bot.LogOut(v.ctx))
	_, err := v.bot.GetMe(v.ctx)
	wantErr(t, err, 401, "Unauthorized")
	v.emu.Advance(9 * time.Minute)
	_, err = v.bot.GetMe(v.ctx)
	wantErr(t, err, 401, "Unauthorized")
	v.emu.Advance(time.Minute)
	_, err = v.bot.GetMe(v.ctx)
	ok(t, err)

	local := newEnv(t, emulator.Config{Local: true})
	ok(t, local.bot.LogOut(local.ctx))
	_, err = local.bot.GetMe(local.ctx)
	ok(t, err) // the local server logs the bot in at once
}

// Bot instance | running, then close | webhook should be deleted first |
// closed | Error 429 during the first 10 minutes after launch. Also the
// Limits row "close: error 429 for 10 minutes after launch".
func TestStateClose(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	_, err := v.bot.GetMe(v.ctx) // launch
	ok(t, err)
	v.emu.Advance(4 * time.Minute)
	err = v.bot.Close(v.ctx)
	wantErr(t, err, 429, "Too Many Requests: retry after 360")
	v.emu.Advance(6 * time.Minute)
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer rcv.Close()
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL}))
	wantErr(t, v.bot.Close(v.ctx), 400, "delete the webhook first")
	ok(t, v.bot.DeleteWebhook(v.ctx, &botapi.DeleteWebhookParams{}))
	ok(t, v.bot.Close(v.ctx))
	// The next request launches the instance again: close is refused anew.
	wantErr(t, v.bot.Close(v.ctx), 429, "retry after 600")
}

// sendPoll in the private chat with the user.
func (v *env) sendPoll(p *botapi.SendPollParams) *botapi.Message {
	v.t.Helper()
	p.ChatID = botapi.ChatRefFromInteger64(v.user.ID)
	if p.Question == "" {
		p.Question = "2+2?"
		p.Options = []string{"3", "4", "5"}
	}
	m, err := v.bot.SendPoll(v.ctx, p)
	if err != nil {
		v.t.Fatal(err)
	}
	return m
}

// Poll | open, then open_period elapses or close_date reached | poll created
// with either parameter | closed (is_closed true).
func TestStatePollClosesByTime(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	byPeriod := v.sendPoll(&botapi.SendPollParams{OpenPeriod: botapi.Some(30)})
	byDate := &botapi.SendPollParams{}
	setOpt(&byDate.CloseDate, v.emu.Now().Unix()+60)
	byDateMsg := v.sendPoll(byDate)
	open := v.sendPoll(&botapi.SendPollParams{})
	v.emu.Advance(29 * time.Second)
	if us := v.drain(); len(us) != 0 {
		t.Fatalf("nothing closes before open_period: %v", kinds(us))
	}
	v.emu.Advance(time.Second)
	us := v.drain()
	if len(us) != 1 || us[0].Poll == nil || us[0].Poll.ID != byPeriod.Poll.ID || !us[0].Poll.IsClosed {
		t.Fatalf("open_period: want a closed poll update, got %+v", us)
	}
	v.emu.Advance(30 * time.Second)
	us = v.drain()
	if len(us) != 1 || us[0].Poll.ID != byDateMsg.Poll.ID || !us[0].Poll.IsClosed {
		t.Fatalf("close_date: want a closed poll update, got %+v", us)
	}
	m, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), byPeriod.MessageID)
	if !m.Poll.IsClosed {
		t.Fatal("the message's poll is not closed")
	}
	if m, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), open.MessageID); m.Poll.IsClosed {
		t.Fatal("a poll without open_period or close_date closed")
	}
	if err := v.emu.Vote(v.user.ID, byPeriod.Poll.ID, 1); err == nil {
		t.Fatal("voting in a closed poll must fail")
	}
}

// Poll | created with is_closed true | closed at once.
func TestStatePollCreatedClosed(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.sendPoll(&botapi.SendPollParams{IsClosed: botapi.Some(true)})
	if !m.Poll.IsClosed {
		t.Fatal("poll created with is_closed is open")
	}
	if err := v.emu.Vote(v.user.ID, m.Poll.ID, 0); err == nil {
		t.Fatal("voting in a poll created closed must fail")
	}
}

func (v *env) live(period int) *botapi.Message {
	v.t.Helper()
	m, err := v.bot.SendLocation(v.ctx, &botapi.SendLocationParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID),
		Latitude: 52.5, Longitude: 13.4, LivePeriod: botapi.Some(period)})
	if err != nil {
		v.t.Fatal(err)
	}
	return m
}

func (v *env) moveLive(id int64, lat float64) (botapi.MessageOrTrue, error) {
	p := &botapi.EditMessageLiveLocationParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Latitude: lat, Longitude: 13.4}
	p.MessageID = id
	return v.bot.EditMessageLiveLocation(v.ctx, p)
}

// Live location | active, then live_period expires | no longer editable.
func TestStateLiveLocationExpires(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.live(60)
	v.emu.Advance(59 * time.Second)
	_, err := v.moveLive(m.MessageID, 52.6)
	ok(t, err)
	v.emu.Advance(time.Second)
	_, err = v.moveLive(m.MessageID, 52.7)
	wantErr(t, err, 400, "message can't be edited")
}

// Live location | active, then stopMessageLiveLocation | not updated any
// more | Returns Message if sent by the bot, else True.
func TestStateLiveLocationStopped(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.live(600)
	p := &botapi.StopMessageLiveLocationParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID)}
	p.MessageID = m.MessageID
	res, err := v.bot.StopMessageLiveLocation(v.ctx, p)
	ok(t, err)
	if got, isMsg := res.AsMessage(); !isMsg || got.MessageID != m.MessageID {
		t.Fatalf("stop of a message sent by the bot returns the Message, got %+v", res)
	}
	_, err = v.moveLive(m.MessageID, 52.6)
	wantErr(t, err, 400, "message can't be edited")
	_, err = v.bot.StopMessageLiveLocation(v.ctx, &botapi.StopMessageLiveLocationParams{InlineMessageID: "nope"})
	wantErr(t, err, 400, "MESSAGE_ID_INVALID")
}

// Live location | active, then editMessageLiveLocation | before expiry or
// stop | active, new coordinates.
func TestStateLiveLocationEdited(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.live(600)
	res, err := v.moveLive(m.MessageID, 48.1)
	ok(t, err)
	got, isMsg := res.AsMessage()
	if !isMsg || got.Location.Latitude != 48.1 || !got.EditDate.IsSet() {
		t.Fatalf("edited live location %+v", got)
	}
	res, err = v.moveLive(m.MessageID, 48.2)
	ok(t, err)
	if got, _ := res.AsMessage(); got.Location.Latitude != 48.2 {
		t.Fatal("still active after an edit")
	}
}

func (v *env) member(chat, user int64) botapi.ChatMember {
	v.t.Helper()
	cm, err := v.bot.GetChatMember(v.ctx, &botapi.GetChatMemberParams{ChatID: botapi.ChatRefFromInteger64(chat), UserID: user})
	if err != nil {
		v.t.Fatal(err)
	}
	return *cm
}

// Chat member | kickChatMember | bot is administrator with rights | kicked |
// Cannot return in supergroups and channels until unbanned.
func TestStateKickChatMember(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	kick := &botapi.KickChatMemberParams{ChatID: botapi.ChatRefFromInteger64(g.ID), UserID: bob.ID}
	ok(t, v.bot.KickChatMember(v.ctx, kick))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusKicked {
		t.Fatalf("status %s", s)
	}
	if err := v.emu.Join(g.ID, bob.ID); err == nil {
		t.Fatal("a kicked user returned to a supergroup")
	}
	wantErr(t, v.bot.KickChatMember(v.ctx, &botapi.KickChatMemberParams{ChatID: botapi.ChatRefFromInteger64(g.ID), UserID: v.user.ID}), 400, "can't remove chat owner")

	// Without the right: refused.
	other, _ := v.emu.NewChat(botapi.ChatTypeSupergroup, "x", "", v.user.ID)
	ok(t, v.emu.Join(other.ID, v.me.ID))
	ok(t, v.emu.Join(other.ID, bob.ID))
	wantErr(t, v.bot.KickChatMember(v.ctx, &botapi.KickChatMemberParams{ChatID: botapi.ChatRefFromInteger64(other.ID), UserID: bob.ID}), 400, "not enough rights")

	// In a basic group a kicked user may be added back.
	bg := v.group(botapi.ChatTypeGroup)
	ok(t, v.emu.Join(bg.ID, bob.ID))
	ok(t, v.bot.KickChatMember(v.ctx, &botapi.KickChatMemberParams{ChatID: botapi.ChatRefFromInteger64(bg.ID), UserID: bob.ID}))
	ok(t, v.emu.Join(bg.ID, bob.ID))
}

// Chat member | unbanChatMember | bot is administrator | user is not a
// member but may join | A current member is removed unless only_if_banned
// is true.
func TestStateUnbanChatMember(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	ok(t, v.bot.KickChatMember(v.ctx, &botapi.KickChatMemberParams{ChatID: ref, UserID: bob.ID}))
	ok(t, v.bot.UnbanChatMember(v.ctx, &botapi.UnbanChatMemberParams{ChatID: ref, UserID: bob.ID}))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusLeft {
		t.Fatalf("after unban: %s, want left", s)
	}
	ok(t, v.emu.Join(g.ID, bob.ID))
	ok(t, v.bot.UnbanChatMember(v.ctx, &botapi.UnbanChatMemberParams{ChatID: ref, UserID: bob.ID, OnlyIfBanned: botapi.Some(true)}))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusMember {
		t.Fatalf("only_if_banned removed a member: %s", s)
	}
	ok(t, v.bot.UnbanChatMember(v.ctx, &botapi.UnbanChatMemberParams{ChatID: ref, UserID: bob.ID}))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusLeft {
		t.Fatalf("unban of a member must remove them: %s", s)
	}
}

// Chat member | restrictChatMember | supergroup; bot is administrator |
// restricted | Restriction lasts until until_date; passing all permissions
// as true lifts the restriction.
func TestStateRestrictChatMember(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	p := &botapi.RestrictChatMemberParams{ChatID: ref, UserID: bob.ID, Permissions: botapi.ChatPermissions{CanSendMessages: botapi.Some(false)}}
	setOpt(&p.UntilDate, v.emu.Now().Add(time.Hour).Unix())
	ok(t, v.bot.RestrictChatMember(v.ctx, p))
	cm := v.member(g.ID, bob.ID)
	if cm.Status != botapi.ChatMemberStatusRestricted || cm.CanSendMessages.Value() || !cm.IsMember.Value() {
		t.Fatalf("restricted member %+v", cm)
	}
	if _, err := v.emu.Send(bob.ID, emulator.InChat(g.ID), "hi"); err == nil {
		t.Fatal("a restricted user sent a message")
	}
	v.emu.Advance(time.Hour)
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusMember {
		t.Fatalf("restriction outlived until_date: %s", s)
	}
	ok(t, v.bot.RestrictChatMember(v.ctx, &botapi.RestrictChatMemberParams{ChatID: ref, UserID: bob.ID, Permissions: botapi.ChatPermissions{}}))
	all := botapi.Some(true)
	ok(t, v.bot.RestrictChatMember(v.ctx, &botapi.RestrictChatMemberParams{ChatID: ref, UserID: bob.ID, Permissions: botapi.ChatPermissions{
		CanSendMessages: all, CanSendMediaMessages: all, CanSendPolls: all, CanSendOtherMessages: all,
		CanAddWebPagePreviews: all, CanChangeInfo: all, CanInviteUsers: all, CanPinMessages: all}}))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusMember {
		t.Fatalf("all permissions true must lift the restriction: %s", s)
	}
	bg := v.group(botapi.ChatTypeGroup)
	wantErr(t, v.bot.RestrictChatMember(v.ctx, &botapi.RestrictChatMemberParams{ChatID: botapi.ChatRefFromInteger64(bg.ID), UserID: v.user.ID}), 400, "only for supergroups")
}

// Chat member | promoteChatMember | bot is administrator with rights |
// administrator | Passing false for all boolean parameters demotes.
func TestStatePromoteChatMember(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	ok(t, v.bot.PromoteChatMember(v.ctx, &botapi.PromoteChatMemberParams{ChatID: ref, UserID: bob.ID,
		CanPinMessages: botapi.Some(true), CanInviteUsers: botapi.Some(true)}))
	cm := v.member(g.ID, bob.ID)
	if cm.Status != botapi.ChatMemberStatusAdministrator || !cm.CanPinMessages.Value() || !cm.CanBeEdited.Value() || cm.CanRestrictMembers.Value() {
		t.Fatalf("promoted %+v", cm)
	}
	admins, err := v.bot.GetChatAdministrators(v.ctx, &botapi.GetChatAdministratorsParams{ChatID: ref})
	ok(t, err)
	if len(admins) != 3 || admins[0].Status != botapi.ChatMemberStatusCreator {
		t.Fatalf("administrators %+v", admins)
	}
	ok(t, v.bot.PromoteChatMember(v.ctx, &botapi.PromoteChatMemberParams{ChatID: ref, UserID: bob.ID,
		CanPinMessages: botapi.Some(false), CanInviteUsers: botapi.Some(false)}))
	if s := v.member(g.ID, bob.ID).Status; s != botapi.ChatMemberStatusMember {
		t.Fatalf("all false must demote: %s", s)
	}
	// A right the bot lacks cannot be granted.
	ok(t, v.emu.SetMember(g.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusAdministrator, CanPromoteMembers: botapi.Some(true)}))
	wantErr(t, v.bot.PromoteChatMember(v.ctx, &botapi.PromoteChatMemberParams{ChatID: ref, UserID: bob.ID, CanPinMessages: botapi.Some(true)}), 400, "not enough rights")
}

func (v *env) pinned(chat int64) int64 {
	v.t.Helper()
	c, err := v.bot.GetChat(v.ctx, &botapi.GetChatParams{ChatID: botapi.ChatRefFromInteger64(chat)})
	if err != nil {
		v.t.Fatal(err)
	}
	if c.PinnedMessage == nil {
		return 0
	}
	return c.PinnedMessage.MessageID
}

func (v *env) pin(chat, id int64) error {
	return v.bot.PinChatMessage(v.ctx, &botapi.PinChatMessageParams{ChatID: botapi.ChatRefFromInteger64(chat), MessageID: id})
}

// Pinned messages | pinChatMessage | rights as per the operation | message
// added to the list.
func TestStatePinChatMessage(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	a := v.text(g.ID, "a")
	b := v.text(g.ID, "b")
	ok(t, v.pin(g.ID, b.MessageID))
	ok(t, v.pin(g.ID, a.MessageID))
	if got := v.pinned(g.ID); got != b.MessageID {
		t.Fatalf("getChat pinned_message is the most recent by sending date: got %d want %d", got, b.MessageID)
	}
	// Private chats need no rights; a member without can_pin_messages is refused.
	v.start()
	pm := v.text(v.user.ID, "p")
	ok(t, v.pin(v.user.ID, pm.MessageID))
	ok(t, v.emu.SetMember(g.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusMember}))
	wantErr(t, v.pin(g.ID, a.MessageID), 400, "not enough rights")
}

// Pinned messages | unpinChatMessage | rights as per the operation | given
// message (or most recent) removed.
func TestStateUnpinChatMessage(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	var ids []int64
	for _, s := range []string{"a", "b", "c"} {
		m := v.text(g.ID, s)
		ids = append(ids, m.MessageID)
		ok(t, v.pin(g.ID, m.MessageID))
	}
	ok(t, v.bot.UnpinChatMessage(v.ctx, &botapi.UnpinChatMessageParams{ChatID: ref})) // most recent: c
	if got := v.pinned(g.ID); got != ids[1] {
		t.Fatalf("pinned %d, want %d", got, ids[1])
	}
	p := &botapi.UnpinChatMessageParams{ChatID: ref}
	setOpt(&p.MessageID, ids[0])
	ok(t, v.bot.UnpinChatMessage(v.ctx, p))
	if got := v.pinned(g.ID); got != ids[1] {
		t.Fatalf("pinned %d, want %d", got, ids[1])
	}
	wantErr(t, v.bot.UnpinChatMessage(v.ctx, p), 400, "not found")
}

// Pinned messages | unpinAllChatMessages | rights as per the operation |
// list cleared.
func TestStateUnpinAllChatMessages(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeChannel)
	for _, s := range []string{"a", "b"} {
		ok(t, v.pin(g.ID, v.text(g.ID, s).MessageID))
	}
	ok(t, v.bot.UnpinAllChatMessages(v.ctx, &botapi.UnpinAllChatMessagesParams{ChatID: botapi.ChatRefFromInteger64(g.ID)}))
	if got := v.pinned(g.ID); got != 0 {
		t.Fatalf("pinned %d after unpinAll", got)
	}
}

// Invite link | exportChatInviteLink | bot is administrator | new link |
// Previous link revoked.
func TestStateExportChatInviteLink(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	first, err := v.bot.ExportChatInviteLink(v.ctx, &botapi.ExportChatInviteLinkParams{ChatID: ref})
	ok(t, err)
	second, err := v.bot.ExportChatInviteLink(v.ctx, &botapi.ExportChatInviteLinkParams{ChatID: ref})
	ok(t, err)
	if first == second {
		t.Fatal("the link did not change")
	}
	bob := v.emu.NewUser("Bob", "")
	if err := v.emu.JoinByLink(bob.ID, first); err == nil {
		t.Fatal("the revoked link still works")
	}
	ok(t, v.emu.JoinByLink(bob.ID, second))
	c, err := v.bot.GetChat(v.ctx, &botapi.GetChatParams{ChatID: ref})
	ok(t, err)
	if c.InviteLink.Value() != second {
		t.Fatalf("getChat invite_link %q", c.InviteLink.Value())
	}
	ok(t, v.emu.SetMember(g.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusMember}))
	_, err = v.bot.ExportChatInviteLink(v.ctx, &botapi.ExportChatInviteLinkParams{ChatID: ref})
	wantErr(t, err, 400, "not enough rights")
}

var _ = context.Background
