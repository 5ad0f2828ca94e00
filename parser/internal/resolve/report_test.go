package resolve

import (
	"strings"
	"testing"
)

func TestClipMsgCutsAtACharacter(t *testing.T) {
	got := clipMsg(strings.Repeat("a", 399) + "éé")
	if want := strings.Repeat("a", 399) + "…(403 bytes)"; got != want {
		t.Fatalf("got %q", got)
	}
}
