package emulator_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// ctl makes a control request with the token and returns its result,
// failing the test on anything but 200.
func (v *env) ctl(action string, body any) json.RawMessage {
	v.t.Helper()
	b, _ := json.Marshal(body)
	code, out := v.control("POST", action, "application/json", v.emu.ControlToken(), string(b))
	if code != 200 {
		v.t.Fatalf("control %s %s: %d %s", action, b, code, out)
	}
	var res struct {
		Result json.RawMessage `json:"result"`
	}
	ok(v.t, json.Unmarshal([]byte(out), &res))
	return res.Result
}

// Issue 43: a user's window needs what the control API did not give: the
// chats of a user, a chat's history with the reply keyboard and the
// user's votes, the users, a bot's commands, stored files, and the user's
// own photo, document and deletion.
func TestControlUserWindowActions(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	ok(t, v.bot.SetMyCommands(v.ctx, &botapi.SetMyCommandsParams{Commands: []botapi.BotCommand{{Command: "start", Description: "Start"}}}))
	kb := &botapi.ReplyKeyboardMarkup{Keyboard: [][]botapi.KeyboardButton{{{Text: "Yes"}}}}
	if _, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Text: "Sure?", ReplyMarkup: kb}); err != nil {
		t.Fatal(err)
	}
	poll, err := v.bot.SendPoll(v.ctx, &botapi.SendPollParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Question: "Q", Options: []string{"a", "b"}})
	ok(t, err)
	ok(t, v.emu.Vote(v.user.ID, poll.Poll.ID, 1))
	g := v.group(botapi.ChatTypeGroup)
	v.emu.Advance(time.Second)
	v.text(g.ID, "in the group")

	var chats []emulator.ChatEntry
	ok(t, json.Unmarshal(v.ctl("chats", map[string]any{"user_id": v.user.ID}), &chats))
	if len(chats) != 2 || chats[0].ChatID != g.ID || chats[0].Status != "creator" || chats[1].BotID != v.me.ID || chats[1].Chat.ID != v.me.ID {
		t.Fatalf("chats: %+v; want the group (most recent, creator) then the bot's private chat", chats)
	}

	var hist []struct {
		Message  botapi.Message  `json:"message"`
		Keyboard json.RawMessage `json:"keyboard"`
		Voted    []int           `json:"voted"`
	}
	ok(t, json.Unmarshal(v.ctl("history", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID}), &hist))
	if len(hist) != 3 || hist[0].Message.Text.Value() != "/start" || !strings.Contains(string(hist[1].Keyboard), `"Yes"`) ||
		len(hist[2].Voted) != 1 || hist[2].Voted[0] != 1 {
		t.Fatalf("history: %+v", hist)
	}
	ok(t, json.Unmarshal(v.ctl("history", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID, "limit": 1}), &hist))
	if len(hist) != 1 || hist[0].Message.Poll == nil {
		t.Fatalf("history with limit 1: %+v, want the poll", hist)
	}

	if got := string(v.ctl("commands", map[string]any{"bot_id": v.me.ID})); got != `[{"command":"start","description":"Start"}]` {
		t.Errorf("commands: %s", got)
	}
	var users []botapi.User
	ok(t, json.Unmarshal(v.ctl("users", nil), &users))
	if len(users) != 2 {
		t.Errorf("users: %+v, want the bot and Alice", users)
	}

	pic := pngImage(4, 3)
	var m botapi.Message
	ok(t, json.Unmarshal(v.ctl("send_photo", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID,
		"file": base64.StdEncoding.EncodeToString(pic), "file_name": "a.png", "caption": "look /start"}), &m))
	if len(m.Photo) != 1 || m.Photo[0].Width != 4 || m.Caption.Value() != "look /start" || len(m.CaptionEntities) != 1 {
		t.Fatalf("send_photo: %+v", m)
	}
	us := v.drain() // the poll update of the vote, then the photo
	if len(us) != 2 || us[1].Message == nil || len(us[1].Message.Photo) != 1 || us[1].Message.Photo[0].FileID == m.Photo[0].FileID {
		t.Fatalf("the bot got %+v; want the photo under a file id of its own", us)
	}
	var f emulator.StoredFile
	ok(t, json.Unmarshal(v.ctl("file", map[string]any{"file_id": m.Photo[0].FileID}), &f))
	if string(f.Data) != string(pic) || f.MIMEType != "image/png" || f.FileName != "a.png" {
		t.Errorf("file: %q %q %d bytes", f.FileName, f.MIMEType, len(f.Data))
	}
	code, out := v.control("POST", "send_photo", "application/json", v.emu.ControlToken(),
		fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"file":"aGVsbG8="}`, v.user.ID, v.me.ID))
	if code != 400 || !strings.Contains(out, "IMAGE_PROCESS_FAILED") {
		t.Errorf("a photo that is no image: %d %s", code, out)
	}
	var d botapi.Message
	ok(t, json.Unmarshal(v.ctl("send_document", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID,
		"file": base64.StdEncoding.EncodeToString([]byte("hello")), "file_name": "a.txt"}), &d))
	if d.Document == nil || d.Document.FileName.Value() != "a.txt" {
		t.Fatalf("send_document: %+v", d)
	}

	v.ctl("delete", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID, "message_id": d.MessageID})
	if _, ok := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), d.MessageID); ok {
		t.Error("the deleted message is still there")
	}
	code, out = v.control("POST", "delete", "application/json", v.emu.ControlToken(),
		fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"message_id":%d}`, v.user.ID, v.me.ID, poll.MessageID))
	if code != 400 || !strings.Contains(out, "no message") {
		t.Errorf("deleting the bot's message: %d %s; want 400", code, out)
	}
}

// Issue 43: the window learns of changes as they happen; its own reads
// must not wake it (else it would read in a loop).
func TestChangedWakesOnActionsNotOnReads(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	ch := v.emu.Changed()
	v.ctl("chats", map[string]any{"user_id": v.user.ID})
	select {
	case <-ch:
		t.Fatal("a read woke the watchers")
	default:
	}
	v.ctl("send", map[string]any{"user_id": v.user.ID, "bot_id": v.me.ID, "text": "hi"})
	select {
	case <-ch:
	case <-time.After(time.Second):
		t.Fatal("a send did not wake the watchers")
	}
}
