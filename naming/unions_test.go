package naming

import "testing"

// TestInlineUnionRule: the one rule for the names of inline unions, on
// the shapes it was written for (names kept as published).
func TestInlineUnionRule(t *testing.T) {
	for _, c := range []struct {
		alts  []string
		field string
		want  string
	}{
		{[]string{"InputFile", "String"}, "photo", "InputFileOrString"},
		{[]string{"InputMediaVideo", "InputPaidMediaVideo"}, "media", "InputMediaVideoOrInputPaidMediaVideo"},
		{[]string{"A", "B", "C"}, "reply_markup", "ReplyMarkup"},
		{[]string{"A", "B", "C"}, "media", "Media"},
	} {
		if got := InlineUnion(c.alts, c.field); got != c.want {
			t.Errorf("InlineUnion(%v, %s) = %s, want %s", c.alts, c.field, got, c.want)
		}
	}
	if got := OwnedInlineUnion("sendPaidMedia", "media"); got != "SendPaidMediaMedia" {
		t.Errorf("OwnedInlineUnion = %s", got)
	}
}
