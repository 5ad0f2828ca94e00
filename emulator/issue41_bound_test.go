package emulator_test

import (
	"fmt"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// Defect: the families' state (settings per language and scope, kept
// rights, invite links and other resources) grew without bound while the
// core's messages are trimmed by retention: a bot setting a name per
// made-up language, or creating links in a loop, grew the emulator for
// its lifetime. Each bot holds at most familiesBound settings and as many
// resources; one more forgets the bot's least recently set, and a
// forgotten invite link is revoked in the core too.
func TestFamiliesStateIsBounded(t *testing.T) {
	const bound = 8
	defer emulator.SetFamiliesBound(bound)()
	v := atNewest(t, nil)
	for i := range bound + 5 {
		must(t, v, "setMyName", map[string]any{"name": fmt.Sprint("name ", i), "language_code": fmt.Sprintf("l%d", i)})
	}
	if s, _, _ := emulator.FamiliesHeld(v.emu); s != bound {
		t.Fatalf("%d settings held after %d set, want the bound %d", s, bound+5, bound)
	}
	if r := must(t, v, "getMyName", map[string]any{"language_code": "l0"}); at(r, "name") != "" {
		t.Errorf("the least recently set name = %v, want it forgotten (the default)", r)
	}
	if r := must(t, v, "getMyName", map[string]any{"language_code": fmt.Sprintf("l%d", bound+4)}); at(r, "name") != fmt.Sprint("name ", bound+4) {
		t.Errorf("the last name set = %v", r)
	}
	// Setting a kept one again keeps it fresh: it outlives older ones.
	must(t, v, "setMyName", map[string]any{"name": "again", "language_code": "l5"})
	for i := range bound - 1 {
		must(t, v, "setMyName", map[string]any{"name": "n", "language_code": fmt.Sprintf("m%d", i)})
	}
	if r := must(t, v, "getMyName", map[string]any{"language_code": "l5"}); at(r, "name") != "again" {
		t.Errorf("a name set again = %v, want kept", r)
	}

	g := v.group(botapi.ChatTypeSupergroup)
	_, _, before := emulator.FamiliesHeld(v.emu)
	var links []string
	for range bound + 3 {
		l := must(t, v, "createChatInviteLink", map[string]any{"chat_id": g.ID})
		links = append(links, at(l, "invite_link").(string))
	}
	if _, r, l := emulator.FamiliesHeld(v.emu); r != bound || l-before != bound {
		t.Fatalf("%d resources and %d more core links held after %d created, want the bound %d", r, l-before, bound+3, bound)
	}
	if r := post(t, v, "editChatInviteLink", map[string]any{"chat_id": g.ID, "invite_link": links[0], "name": "x"}, nil); r.OK {
		t.Errorf("the forgotten link can still be edited: %s", r.Result)
	}
	bob := v.emu.NewUser("Bob", "bob")
	if err := v.emu.JoinByLink(bob.ID, links[0]); err == nil {
		t.Errorf("a user joins by the forgotten link")
	}
	ok(t, v.emu.JoinByLink(bob.ID, links[len(links)-1]))
}
