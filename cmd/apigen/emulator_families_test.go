package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// familiesBot is a bot written against the version's generated client:
// a scripted conversation through the methods of the newer families
// (copy, forward and delete in bulk, settings per language and scope,
// invite links, a sticker and an invoice edited and deleted, rights). It
// prints "FAIL ..." for each answer it did not expect, the ids the test
// checks over the control API, and "DONE".
const familiesBot = `package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"strconv"

	"` + emulatorModule + `/botapi"
)

func env(name string) int64 {
	n, _ := strconv.ParseInt(os.Getenv(name), 10, 64)
	return n
}

func main() {
	ctx := context.Background()
	c := botapi.NewClient(os.Getenv("BOT_TOKEN"), botapi.WithBaseURL(os.Getenv("BOT_API_URL")))
	user, group, bob := env("USER_ID"), env("GROUP_ID"), env("BOB_ID")
	chat, grp := botapi.IntegerOrStringFromInteger(user), botapi.IntegerOrStringFromInteger(group)
	fail := func(format string, a ...any) { fmt.Printf("FAIL "+format+"\n", a...) }
	must := func(err error, what string) {
		if err != nil {
			fmt.Printf("FAIL %s: %v\n", what, err)
			os.Exit(1)
		}
	}

	// Copy, forward and delete in bulk.
	a, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat, Text: "one"})
	must(err, "sendMessage")
	b, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat, Text: "two"})
	must(err, "sendMessage")
	ids := []int{int(a.MessageID), int(b.MessageID)}
	copies, err := c.CopyMessages(ctx, &botapi.CopyMessagesParams{ChatID: chat, FromChatID: chat, MessageIDs: ids})
	must(err, "copyMessages")
	if len(copies) != 2 || copies[0].MessageID <= b.MessageID {
		fail("copyMessages: %+v", copies)
	}
	fwds, err := c.ForwardMessages(ctx, &botapi.ForwardMessagesParams{ChatID: chat, FromChatID: chat, MessageIDs: ids})
	must(err, "forwardMessages")
	if len(fwds) != 2 {
		fail("forwardMessages: %+v", fwds)
	}
	f, err := c.ForwardMessage(ctx, &botapi.ForwardMessageParams{ChatID: chat, FromChatID: chat, MessageID: a.MessageID})
	must(err, "forwardMessage")
	if o, ok := f.ForwardOrigin.(*botapi.MessageOriginUser); !ok || o.Date != a.Date {
		fail("forwardMessage: origin %#v", f.ForwardOrigin)
	}
	must(c.DeleteMessages(ctx, &botapi.DeleteMessagesParams{ChatID: chat, MessageIDs: ids}), "deleteMessages")
	if _, err := c.EditMessageText(ctx, &botapi.EditMessageTextParams{ChatID: chat, MessageID: a.MessageID, Text: "x"}); err == nil {
		fail("a message deleted in bulk was edited")
	}
	fmt.Println("DELETED", a.MessageID)
	fmt.Println("COPY", copies[1].MessageID)

	// Settings per language and scope.
	must(c.SetMyName(ctx, &botapi.SetMyNameParams{Name: botapi.Some("Ann")}), "setMyName")
	must(c.SetMyName(ctx, &botapi.SetMyNameParams{Name: botapi.Some("Anna"), LanguageCode: botapi.Some("de")}), "setMyName de")
	if n, err := c.GetMyName(ctx, &botapi.GetMyNameParams{LanguageCode: botapi.Some("de")}); err != nil || n.Name != "Anna" {
		fail("getMyName de: %v %v", n, err)
	}
	if n, err := c.GetMyName(ctx, &botapi.GetMyNameParams{}); err != nil || n.Name != "Ann" {
		fail("getMyName: %v %v", n, err)
	}
	must(c.SetMyCommands(ctx, &botapi.SetMyCommandsParams{Commands: []botapi.BotCommand{{Command: "start", Description: "Start"}}}), "setMyCommands")
	must(c.SetMyCommands(ctx, &botapi.SetMyCommandsParams{Commands: []botapi.BotCommand{{Command: "go", Description: "Go"}},
		Scope: &botapi.BotCommandScopeAllPrivateChats{}}), "setMyCommands scope")
	if cs, err := c.GetMyCommands(ctx, &botapi.GetMyCommandsParams{Scope: &botapi.BotCommandScopeAllPrivateChats{}}); err != nil || len(cs) != 1 || cs[0].Command != "go" {
		fail("getMyCommands scope: %v %v", cs, err)
	}
	must(c.DeleteMyCommands(ctx, &botapi.DeleteMyCommandsParams{Scope: &botapi.BotCommandScopeAllPrivateChats{}}), "deleteMyCommands")
	if cs, err := c.GetMyCommands(ctx, &botapi.GetMyCommandsParams{Scope: &botapi.BotCommandScopeAllPrivateChats{}}); err != nil || len(cs) != 0 {
		fail("getMyCommands after delete: %v %v", cs, err)
	}
	if cs, err := c.GetMyCommands(ctx, &botapi.GetMyCommandsParams{}); err != nil || len(cs) != 1 || cs[0].Command != "start" {
		fail("getMyCommands default: %v %v", cs, err)
	}

	// Invite links.
	l, err := c.CreateChatInviteLink(ctx, &botapi.CreateChatInviteLinkParams{ChatID: grp, Name: botapi.Some("spring")})
	must(err, "createChatInviteLink")
	e, err := c.EditChatInviteLink(ctx, &botapi.EditChatInviteLinkParams{ChatID: grp, InviteLink: l.InviteLink, Name: botapi.Some("summer")})
	must(err, "editChatInviteLink")
	if e.InviteLink != l.InviteLink || e.Name.Value() != "summer" || e.IsRevoked {
		fail("editChatInviteLink: %+v", e)
	}
	r, err := c.CreateChatInviteLink(ctx, &botapi.CreateChatInviteLinkParams{ChatID: grp})
	must(err, "createChatInviteLink")
	rv, err := c.RevokeChatInviteLink(ctx, &botapi.RevokeChatInviteLinkParams{ChatID: grp, InviteLink: r.InviteLink})
	must(err, "revokeChatInviteLink")
	if !rv.IsRevoked || rv.InviteLink == l.InviteLink {
		fail("revokeChatInviteLink: %+v", rv)
	}
	fmt.Println("LINK", l.InviteLink)
	fmt.Println("REVOKED", r.InviteLink)

	// A sticker and an invoice: sent, edited, deleted.
	var img bytes.Buffer
	png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 8, 8)))
	if _, err := c.SendSticker(ctx, &botapi.SendStickerParams{ChatID: chat, Sticker: botapi.FileID("never-held")}); err == nil {
		fail("sendSticker with a file id never held was accepted")
	}
	st, err := c.SendSticker(ctx, &botapi.SendStickerParams{ChatID: chat, Sticker: botapi.Upload("s.webp", &img), Emoji: botapi.Some("🙂")})
	must(err, "sendSticker")
	if st.Sticker == nil || st.From == nil || st.Date == 0 {
		fail("sendSticker: %+v", st)
	}
	kept, err := c.SendSticker(ctx, &botapi.SendStickerParams{ChatID: chat, Sticker: botapi.FileID(st.Sticker.FileID)})
	must(err, "sendSticker by file id")
	kb := &botapi.InlineKeyboardMarkup{InlineKeyboard: [][]botapi.InlineKeyboardButton{{{Text: "b", CallbackData: botapi.Some("d")}}}}
	ed, err := c.EditMessageReplyMarkup(ctx, &botapi.EditMessageReplyMarkupParams{ChatID: chat, MessageID: st.MessageID, ReplyMarkup: kb})
	must(err, "editMessageReplyMarkup sticker")
	if m, ok := ed.AsMessage(); !ok || m.Sticker == nil || m.Sticker.FileID != st.Sticker.FileID || m.ReplyMarkup == nil {
		fail("edited sticker: %+v", ed)
	}
	inv, err := c.SendInvoice(ctx, &botapi.SendInvoiceParams{ChatID: chat, Title: "Tea", Description: "green", Payload: "p1",
		Currency: "EUR", Prices: []botapi.LabeledPrice{{Label: "cup", Amount: 250}}})
	must(err, "sendInvoice")
	if inv.Invoice == nil || inv.Invoice.Title != "Tea" || inv.Invoice.TotalAmount != 250 {
		fail("sendInvoice: %+v", inv.Invoice)
	}
	ed, err = c.EditMessageReplyMarkup(ctx, &botapi.EditMessageReplyMarkupParams{ChatID: chat, MessageID: inv.MessageID, ReplyMarkup: kb})
	must(err, "editMessageReplyMarkup invoice")
	if m, ok := ed.AsMessage(); !ok || m.Invoice == nil {
		fail("edited invoice: %+v", ed)
	}
	must(c.DeleteMessage(ctx, &botapi.DeleteMessageParams{ChatID: chat, MessageID: st.MessageID}), "deleteMessage sticker")
	must(c.DeleteMessage(ctx, &botapi.DeleteMessageParams{ChatID: chat, MessageID: inv.MessageID}), "deleteMessage invoice")
	fmt.Println("STICKER", st.MessageID)
	fmt.Println("INVOICE", inv.MessageID)
	fmt.Println("KEPT", kept.MessageID)

	// Rights: the ones granted, newer ones included, and no other.
	must(c.PromoteChatMember(ctx, &botapi.PromoteChatMemberParams{ChatID: grp, UserID: bob,
		CanPinMessages: botapi.Some(true), CanPostStories: botapi.Some(true)}), "promoteChatMember")
	m, err := c.GetChatMember(ctx, &botapi.GetChatMemberParams{ChatID: grp, UserID: bob})
	must(err, "getChatMember")
	if ad, ok := m.(*botapi.ChatMemberAdministrator); !ok || !ad.CanPinMessages.Value() || !ad.CanPostStories || ad.CanEditStories || ad.CanManageChat {
		fail("getChatMember: %#v", m)
	}
	fmt.Println("DONE")
}
`

// Issue 41: a bot built against the newest shared page's generated client
// runs a conversation through the newer families on the emulator of that
// page; the state it leaves is checked through the control API, and no
// answer it got was a placeholder.
func TestFamiliesConversationAtNewestPage(t *testing.T) {
	bin := emulatorAt(t, "bot-api-9.0.html.gz")
	botBin := buildBeside(t, bin, "familiesbot", []byte(familiesBot))
	base := startProgram(t, bin, "-listen", "127.0.0.1:0", "-control-token", "families")
	ctl := &controlAPI{base, "families"}
	var user, bob, bot struct{ ID int64 }
	var group struct{ ID int64 }
	ctl.do(t, "bot", `{"token":"123:x"}`, &bot)
	ctl.do(t, "user", `{"first_name":"Alice"}`, &user)
	ctl.do(t, "user", `{"first_name":"Bob"}`, &bob)
	ctl.do(t, "send", fmt.Sprintf(`{"user_id":%d,"bot_id":123,"text":"/start"}`, user.ID), nil)
	ctl.do(t, "chat", fmt.Sprintf(`{"type":"supergroup","title":"Tea room","user_id":%d}`, user.ID), &group)
	ctl.do(t, "member", fmt.Sprintf(`{"chat_id":%d,"user_id":123,"member":{"status":"administrator","can_invite_users":true,"can_promote_members":true,"can_pin_messages":true,"can_delete_messages":true}}`, group.ID), nil)
	ctl.do(t, "join", fmt.Sprintf(`{"chat_id":%d,"user_id":%d}`, group.ID, bob.ID), nil)

	run := exec.Command(botBin)
	run.Env = append(os.Environ(), "BOT_TOKEN=123:x", "BOT_API_URL="+base,
		fmt.Sprintf("USER_ID=%d", user.ID), fmt.Sprintf("GROUP_ID=%d", group.ID), fmt.Sprintf("BOB_ID=%d", bob.ID))
	out, err := run.CombinedOutput()
	got := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "FAIL ") {
			t.Error(line)
		}
		if k, v, ok := strings.Cut(line, " "); ok {
			got[k] = v
		}
	}
	if err != nil || !strings.Contains(string(out), "DONE") {
		t.Fatalf("the bot did not finish: %v\n%s", err, out)
	}
	// The state over the control API.
	message := func(id string) (map[string]any, bool) {
		_, res, ok, _ := ctl.try(t, "message", fmt.Sprintf(`{"user_id":%d,"bot_id":123,"message_id":%s}`, user.ID, id))
		var m map[string]any
		json.Unmarshal(res, &m)
		return m, ok
	}
	for _, k := range []string{"DELETED", "STICKER", "INVOICE"} {
		if m, held := message(got[k]); held {
			t.Errorf("control message %s (%s): still held after its deletion: %v", k, got[k], m)
		}
	}
	if m, held := message(got["KEPT"]); !held || m["sticker"] == nil {
		t.Errorf("control message KEPT (%s): %v, want the sticker message", got["KEPT"], m)
	}
	if m, held := message(got["COPY"]); !held || m["text"] != "two" {
		t.Errorf("control message COPY (%s): %v, want the copy of two", got["COPY"], m)
	}
	carol := struct{ ID int64 }{}
	ctl.do(t, "user", `{"first_name":"Carol"}`, &carol)
	ctl.do(t, "join", map[string]any{"link": got["LINK"], "user_id": carol.ID}, nil)
	if code, _, _, _ := ctl.try(t, "join", map[string]any{"link": got["REVOKED"], "user_id": bob.ID}); code == 200 {
		t.Errorf("join by a revoked link: %d, want a refusal", code)
	}
	var sent []struct{ Method string }
	ctl.do(t, "sent", `{"bot_id":123}`, &sent)
	methods := map[string]bool{}
	for _, s := range sent {
		methods[s.Method] = true
	}
	for _, m := range []string{"copyMessage", "forwardMessage", "sendSticker", "sendInvoice"} {
		if !methods[m] {
			t.Errorf("control sent has no %s: %v", m, sent)
		}
	}
	var stats struct{ Placeholders int64 }
	ctl.do(t, "stats", `{}`, &stats)
	if stats.Placeholders != 0 {
		t.Errorf("stats: %d placeholder answers in the conversation, want none", stats.Placeholders)
	}
	// Requests and refusals read as the reference's, through the
	// version's own server (N5, N6, N12, N7).
	rights := `{"rights":{"is_anonymous":false,"can_manage_chat":true,"can_delete_messages":false,"can_manage_video_chats":false,"can_restrict_members":false,"can_promote_members":false,"can_change_info":false,"can_invite_users":true}}`
	for _, c := range []struct{ method, body, want string }{
		{"setMyDefaultAdministratorRights", rights, ""},
		{"sendPoll", fmt.Sprintf(`{"chat_id":%d,"question":"q","options":null}`, user.ID), "Array of String"},
		{"sendMessage", fmt.Sprintf(`{"chat_id":%d,"text":"k","reply_markup":{"inline_keyboard":[[{"text":"b","callback_data":"%s"}]]}}`, user.ID, strings.Repeat("d", 65)), "Bad Request: BUTTON_DATA_INVALID"},
		{"createNewStickerSet", fmt.Sprintf(`{"user_id":%d,"name":"tea_by_bot","title":"Tea","sticker_format":"static","stickers":[{"sticker":"x","emoji_list":["🍵"]}]}`, user.ID), ""},
	} {
		resp, err := http.Post(base+"/bot123:x/"+c.method, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		var a struct {
			OK          bool   `json:"ok"`
			Description string `json:"description"`
		}
		json.NewDecoder(resp.Body).Decode(&a)
		resp.Body.Close()
		if c.want == "" && !a.OK || c.want != "" && !strings.Contains(a.Description, c.want) {
			t.Errorf("%s %s: %d %q, want %q", c.method, c.body, resp.StatusCode, a.Description, c.want)
		}
	}
}

// Issue 41: apigen emulator --spec printed generate's overlay notice
// ("overlay: none (… give an overlay written for it with --overlay …)")
// as if serving a document needed one.
func TestEmulatorSpecDoesNotPrintOverlayNotice(t *testing.T) {
	emulatorAt(t, "bot-api-9.0.html.gz") // builds once per run
	page, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "spec", "published", "bot-api-9.0.html.gz"))
	cache, err := emulatorCache()
	if err != nil {
		t.Fatal(err)
	}
	var out, log bytes.Buffer
	if code := run([]string{"emulator", "--spec", page, "--cache", cache, "--build-only"}, &out, &log); code != 0 {
		t.Fatalf("exit %d: %s", code, log.String())
	}
	if strings.Contains(log.String(), "overlay") {
		t.Errorf("apigen emulator --spec said: %s", log.String())
	}
}
