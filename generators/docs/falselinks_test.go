package docs

import (
	"testing"

	"github.com/apigen/apigen/schema"
)

// Issue 13: "Chat identifiers may exceed 32 bits" linked "Chat" to the Chat
// object. A type name that is also a plain English word, starting a
// sentence and followed by a lower-case word, is prose, not a reference.
func TestNoFalseCrossLinks(t *testing.T) {
	s := &schema.Schema{Objects: []*schema.Object{{Name: "Chat"}, {Name: "Message"}, {Name: "ChatMember"}}}
	l := newLinker(s)
	links := func(text string) []string {
		var out []string
		for _, lk := range l.linkify(text, "") {
			if lk.Page != "" {
				out = append(out, lk.Text)
			}
		}
		return out
	}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Chat identifiers may exceed 32 bits.", nil},
		{"Sent to the chat. Chat member states are listed below.", nil},
		{"Chat member", nil},
		{"Message or True", []string{"Message"}},
		{"Message", []string{"Message"}},
		{"Returns the Chat of the message.", []string{"Chat"}},
		{"ChatMember objects of the chat.", []string{"ChatMember"}},
		{"See Chat.", []string{"Chat"}},
	} {
		got := links(tc.text)
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("%q links %v, want %v", tc.text, got, tc.want)
		}
	}
}
