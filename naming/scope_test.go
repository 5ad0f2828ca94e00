package naming

import (
	"errors"
	"testing"
)

func TestScope(t *testing.T) {
	s := NewScope("url", "json")
	if err := s.Declare("ChatID", "enum constant ChatID"); err != nil {
		t.Fatal(err)
	}
	if err := s.Declare("chatID", "method parameter sendMessage.chat_id"); err != nil {
		t.Fatalf("names differing in case must not collide: %v", err)
	}

	err := s.Declare("ChatID", "method parameter sendMessage.chat_id")
	const want = `naming: "ChatID" for method parameter sendMessage.chat_id collides with "ChatID" for enum constant ChatID`
	if err == nil || err.Error() != want {
		t.Fatalf("collision error = %v, want %s", err, want)
	}
	var ce *CollisionError
	if !errors.As(err, &ce) || ce.Name != "ChatID" || ce.PrevWhat != "enum constant ChatID" {
		t.Fatalf("errors.As gave %+v", ce)
	}

	// The first declaration keeps the name: a failed Declare changes nothing.
	err = s.Declare("ChatID", "field Message.chat_id")
	if !errors.As(err, &ce) || ce.PrevWhat != "enum constant ChatID" {
		t.Fatalf("second collision error = %v", err)
	}

	err = s.Declare("url", "parameter setWebhook.url")
	const wantReserved = `naming: "url" for parameter setWebhook.url collides with "url" for reserved name`
	if err == nil || err.Error() != wantReserved {
		t.Fatalf("reserved collision error = %v, want %s", err, wantReserved)
	}

	for _, bad := range []string{"", "_", "type", "4x", "a-b", "a b"} {
		err := s.Declare(bad, "test")
		if err == nil || errors.As(err, &ce) {
			t.Errorf("Declare(%q) = %v, want a non-collision error", bad, err)
		}
	}
}

func TestScopeZeroValue(t *testing.T) {
	var s Scope
	if err := s.Declare("X", "first"); err != nil {
		t.Fatal(err)
	}
	if err := s.Declare("X", "second"); err == nil {
		t.Fatal("zero Scope missed a collision")
	}
}

// TestScopeWithConversion shows the intended use: different wire spellings
// of one name are caught instead of being renamed.
func TestScopeWithConversion(t *testing.T) {
	s := NewScope()
	for _, wire := range []string{"chat_id", "chatId"} {
		err := s.Declare(Exported(wire), "field "+wire)
		if wire == "chatId" && err == nil {
			t.Fatal("chat_id and chatId both became ChatID without a collision")
		}
	}
	// An escaped keyword collides with the plain spelling.
	s = NewScope()
	for _, wire := range []string{"type", "typ"} {
		err := s.Declare(Unexported(wire), "parameter "+wire)
		if wire == "typ" && err == nil {
			t.Fatal("type and typ both became typ without a collision")
		}
	}
}
