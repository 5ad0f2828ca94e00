package emulator_test

import (
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
