package gomodel

import "testing"

func TestShortName(t *testing.T) {
	for note, want := range map[string]string{
		"chat identifier": "ChatID",
		"username of a channel, in the form @channelusername": "Username",
		"":                                    "",
		"a very long descriptive phrase here": "",
		"file identifier":                     "FileID",
	} {
		if got := shortName(note); got != want {
			t.Errorf("shortName(%q) = %q, want %q", note, got, want)
		}
	}
}

func TestIsIdentifierDescription(t *testing.T) {
	for desc, want := range map[string]bool{
		"the id of the first update to return": true,
		"Unique identifier of the chat":        true,
		"Number of updates":                    false,
		"identifies nothing":                   false,
	} {
		if got := idDescription.MatchString(desc); got != want {
			t.Errorf("%q: %v, want %v", desc, got, want)
		}
	}
}
