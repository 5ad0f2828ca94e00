package emulator_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// Defect: at 9.0 a bot's spoiler entity was refused (`entities[0].type:
// unknown value "spoiler"`): the request was checked against the core's
// (seed's) list of entity types. A value the version's own document
// allows is never refused by the core's enum, and it is kept on the
// stored message, so it comes back.
func TestVersionAllowsItsOwnEnumValues(t *testing.T) {
	v := atNewest(t, nil)
	ents := []any{map[string]any{"type": "spoiler", "offset": 0, "length": 6}}
	sent := must(t, v, "sendMessage", map[string]any{"chat_id": v.user.ID, "text": "hidden text", "entities": ents})
	if e := at(sent, "entities"); at(e.([]any)[0], "type") != "spoiler" {
		t.Fatalf("sendMessage answered entities %v, want the spoiler", e)
	}
	id := num(at(sent, "message_id"))
	if m, held := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), id); !held || len(m.Entities) != 1 || string(m.Entities[0].Type) != "spoiler" {
		t.Fatalf("the stored message holds entities %+v, want the spoiler", m.Entities)
	}
	// Returned again: forwarded to the same chat, the copy carries it.
	f := must(t, v, "forwardMessage", map[string]any{"chat_id": v.user.ID, "from_chat_id": v.user.ID, "message_id": id})
	if e, _ := at(f, "entities").([]any); len(e) != 1 || at(e[0], "type") != "spoiler" {
		t.Errorf("the forward carries entities %v, want the spoiler", at(f, "entities"))
	}
	// Also in a caption and in an edit.
	ed := must(t, v, "editMessageText", map[string]any{"chat_id": v.user.ID, "message_id": id, "text": "still hidden", "entities": ents})
	if e, _ := at(ed, "entities").([]any); len(e) != 1 || at(e[0], "type") != "spoiler" {
		t.Errorf("editMessageText answered entities %v, want the spoiler", at(ed, "entities"))
	}
}

// Defect: the newer rights inside restrictChatMember's permissions (9.0's
// can_send_photos, absent from the core's ChatPermissions) were dropped:
// a restricted member was reported without them.
func TestRestrictKeepsNewerPermissions(t *testing.T) {
	v := atNewest(t, nil)
	g := v.group(botapi.ChatTypeSupergroup)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	must(t, v, "restrictChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID,
		"permissions": map[string]any{"can_send_messages": true, "can_send_photos": true, "can_send_videos": false}})
	m := must(t, v, "getChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID})
	if at(m, "status") != "restricted" || at(m, "can_send_messages") != true || at(m, "can_send_photos") != true || at(m, "can_send_videos") != false {
		t.Errorf("getChatMember = %v, want can_send_messages and can_send_photos granted, can_send_videos not", m)
	}
}

// Defect: a sticker a newer send method sent, forwarded by another bot,
// showed the first bot's file id, which the second bot cannot use: the
// forward's file ids are re-issued for the bot that forwards.
func TestStickerForwardedToAnotherBotHasItsOwnFileID(t *testing.T) {
	v := atNewest(t, nil)
	g := v.group(botapi.ChatTypeSupergroup)
	const token2 = "654321:OTHER-token_2"
	other, err := v.emu.AddBot(token2)
	ok(t, err)
	ok(t, v.emu.SetMember(g.ID, other.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusMember}))
	r := post(t, v, "sendSticker", map[string]any{"chat_id": g.ID, "emoji": "🙂"}, map[string][]byte{"sticker": pngImage(8, 8)})
	if !r.OK {
		t.Fatalf("sendSticker: %d %s", r.Status, r.Description)
	}
	mine, _ := at(r.value(), "sticker", "file_id").(string)
	fw := postAs(t, v, token2, "forwardMessage", map[string]any{"chat_id": g.ID, "from_chat_id": g.ID, "message_id": num(at(r.value(), "message_id"))})
	theirs, _ := at(fw.value(), "sticker", "file_id").(string)
	if !fw.OK || theirs == "" || theirs == mine {
		t.Fatalf("the other bot's forward shows file id %q (the first bot's: %q): %d %s", theirs, mine, fw.Status, fw.Description)
	}
	if again := postAs(t, v, token2, "sendSticker", map[string]any{"chat_id": g.ID, "sticker": theirs}); !again.OK {
		t.Errorf("the other bot sending its forward's file id: %d %s", again.Status, again.Description)
	}
}

// postAs posts params as JSON with the bot token tok.
func postAs(t *testing.T, v *env, tok, method string, params map[string]any) reply {
	t.Helper()
	b, _ := json.Marshal(params)
	resp, err := http.Post(v.srv.URL+"/bot"+tok+"/"+method, "application/json", bytes.NewReader(b))
	ok(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	r := reply{Status: resp.StatusCode}
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%s: %d %s", method, resp.StatusCode, body)
	}
	return r
}
