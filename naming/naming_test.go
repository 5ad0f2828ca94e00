package naming

import (
	"go/token"
	"go/types"
	"reflect"
	"testing"
	"unicode"
)

// nameCases are wire names with their expected exported and unexported
// forms. Every wire name has both.
var nameCases = []struct {
	wire, exported, unexported string
}{
	// Examples from the spec.
	{"file_unique_id", "FileUniqueID", "fileUniqueID"},
	{"chat_id", "ChatID", "chatID"},
	{"url", "URL", "url"},
	{"login_url", "LoginURL", "loginURL"},
	{"ip_address", "IPAddress", "ipAddress"},
	{"parse_mode", "ParseMode", "parseMode"},
	{"HTML", "HTML", "html"},
	{"MarkdownV2", "MarkdownV2", "markdownV2"},
	{"sendMessage", "SendMessage", "sendMessage"},
	{"getChatMembersCount", "GetChatMembersCount", "getChatMembersCount"},
	{"venueA_id", "VenueAID", "venueAID"},
	{"venueB_place_type", "VenueBPlaceType", "venueBPlaceType"},
	{"upload_photo", "UploadPhoto", "uploadPhoto"},
	{"slot machine", "SlotMachine", "slotMachine"},
	{"can_add_web_page_previews", "CanAddWebPagePreviews", "canAddWebPagePreviews"},
	{"inline_message_id", "InlineMessageID", "inlineMessageID"},
	{"mime_type", "MIMEType", "mimeType"},
	{"thumb", "Thumb", "thumb"},
	{"ID", "ID", "id"},
	{"json", "JSON", "json"},
	{"api", "API", "api"},
	{"http_url", "HTTPURL", "httpURL"},
	{"utf8", "UTF8", "utf8"},
	{"InputMediaPhoto", "InputMediaPhoto", "inputMediaPhoto"},
	{"getMe", "GetMe", "getMe"},
	{"logOut", "LogOut", "logOut"},
	{"supergroup", "Supergroup", "supergroup"},
	{"bot_command", "BotCommand", "botCommand"},
	{"option_ids", "OptionIDs", "optionIDs"},
	{"kB", "KB", "kB"},
	{"SEND_OPTS", "SendOpts", "sendOpts"},
	{"InlineKeyboardButton", "InlineKeyboardButton", "inlineKeyboardButton"},

	// Initialisms only as whole words, plurals, digits.
	{"identity", "Identity", "identity"},
	{"idle_uid", "IdleUID", "idleUID"},
	{"urls", "URLs", "urls"},
	{"ids", "IDs", "ids"},
	{"IDs", "IDs", "ids"},
	{"IDS", "IDs", "ids"},
	{"getURLs", "GetURLs", "getURLs"},
	{"IDsOf", "IDsOf", "idsOf"},
	{"https", "HTTPS", "https"},
	{"Url", "URL", "url"},
	{"imageUrl", "ImageURL", "imageURL"},
	{"html5", "HTML5", "html5"},
	{"UTF8String", "UTF8String", "utf8String"},
	{"XMLHttpRequest", "XMLHTTPRequest", "xmlHTTPRequest"},
	{"PDFs", "PDFs", "pdfs"},

	// Camel-case edge cases.
	{"ABCDef", "ABCDef", "abcDef"},
	{"getURLInfo", "GetURLInfo", "getURLInfo"},
	{"HTMLParser", "HTMLParser", "htmlParser"},
	{"x2y", "X2Y", "x2Y"},
	{"base64encoded", "Base64Encoded", "base64Encoded"},
	{"V2X", "V2X", "v2X"},
	{"MAX_URL_LEN", "MaxURLLen", "maxURLLen"},
	// No lower case anywhere: capitals carry no information, so only
	// initialisms stay capitalised. Pinned because it is a judgement call.
	{"GIF", "Gif", "gif"},
	{"MPEG-4", "Mpeg4", "mpeg4"},
	{"H.264", "H264", "h264"},
	{"a", "A", "a"},
	{"X", "X", "x"},

	// Separators.
	{"a__b", "AB", "aB"},
	{"id_", "ID", "id"},
	{"_id", "ID", "id"},
	{"__chat__id__", "ChatID", "chatID"},
	{"pre-checkout", "PreCheckout", "preCheckout"},
	{"a.b/c", "ABC", "aBC"},
	{"  spaced   out  ", "SpacedOut", "spacedOut"},
	{"tab\tnewline\n", "TabNewline", "tabNewline"},

	// Numbers: golint keeps one underscore between two numbers.
	{"version_4_7", "Version4_7", "version4_7"},
	{"v4_7", "V4_7", "v4_7"},
	{"v47", "V47", "v47"},
	{"4_7", "X4_7", "x4_7"},
	{"47", "X47", "x47"},
	{"2fa", "X2Fa", "x2Fa"},
	{"_1", "X1", "x1"},

	// Unicode letters and digits.
	{"über_größe", "ÜberGröße", "überGröße"},
	{"café", "Café", "café"},
	{"ВКонтакте", "ВКонтакте", "вКонтакте"},
	{"ǆungla", "Ǆungla", "ǆungla"},  // ǆ (Ll) is one letter
	{"ǅungla", "Ǆungla", "ǆungla"},  // ǅ is title case (Lt): IsUpper is false, so it is upper-cased
	{"日本", "X日本", "日本"},             // caseless: cannot be exported
	{"日本_id", "X日本ID", "日本ID"},      //
	{"ßtraße", "Xßtraße", "ßtraße"}, // ß has no single-rune upper case
	{"x٣", "X٣", "x٣"},              // Arabic-Indic digit three (Nd) is a Go digit
	{"Ⅻ", "U216B", "u216b"},         // letter-number, not a Go letter
	{"cafe\u0301", "Cafe", "cafe"},  // combining mark is not allowed in identifiers: separator
	{"a\u0301b", "AB", "aB"},        //
	{"ϒ", "ϒ", "xϒ"},                // upper-case with no lower-case form

	// No letters or digits: spelt rune by rune.
	{"-", "Minus", "minus"},
	{"+1", "X1", "x1"},
	{"😀", "U1F600", "u1f600"},
	{"", "Empty", "empty"},
	{"___", "UnderscoreUnderscoreUnderscore", "underscoreUnderscoreUnderscore"},
	{"!!", "ExclamationExclamation", "exclamationExclamation"},
	{" ", "Space", "space"},
	{"\xff", "UFFFD", "ufffd"},
	{"a\xffb", "AB", "aB"},

	// Keywords and predeclared names only matter for Unexported.
	{"type", "Type", "typ"},
	{"Type", "Type", "typ"},
	{"TYPE", "Type", "typ"},
	{"func", "Func", "fn"},
	{"range", "Range", "rng"},
	{"close", "Close", "closeValue"},
	{"default", "Default", "defaultValue"},
	{"string", "String", "stringValue"},
	{"nil", "Nil", "nilValue"},
	{"init", "Init", "initValue"},
	{"_", "Underscore", "underscore"},
	{"typ", "Typ", "typ"},
	{"type_id", "TypeID", "typeID"},
}

func TestExportedUnexported(t *testing.T) {
	for _, c := range nameCases {
		if got := Exported(c.wire); got != c.exported {
			t.Errorf("Exported(%q) = %q; want %q", c.wire, got, c.exported)
		}
		if got := Unexported(c.wire); got != c.unexported {
			t.Errorf("Unexported(%q) = %q; want %q", c.wire, got, c.unexported)
		}
	}
}

// TestAfter: a name written after a prefix (an enum's values) needs no
// letter in front.
func TestAfter(t *testing.T) {
	for _, c := range []struct{ prefix, wire, want string }{
		{"ParseMode", "HTML", "ParseModeHTML"},
		{"ParseMode", "MarkdownV2", "ParseModeMarkdownV2"},
		{"RichBlockListItemType", "1", "RichBlockListItemType1"},
		{"RichBlockListItemType", "a", "RichBlockListItemTypeA"},
		{"Version4", "7", "Version4_7"},
		{"Reaction", "-", "ReactionMinus"},
		{"Reaction", "😀", "ReactionU1F600"},
		{"Mode", "", "ModeEmpty"},
		{"Lang", "日本", "Lang日本"},
	} {
		if got := After(c.prefix, c.wire); got != c.want {
			t.Errorf("After(%q, %q) = %q, want %q", c.prefix, c.wire, got, c.want)
		}
	}
}

func TestQualifier(t *testing.T) {
	for wire, want := range map[string]string{
		"a": "Lower", "A": "Upper", "Id": "Mixed", "chat_id": "LowerUnderscore",
		"+1": "Plus", "-1": "Minus", "1": "", "-": "", "": "", "a😀": "LowerU1F600",
	} {
		if got := qualifier(wire); got != want {
			t.Errorf("qualifier(%q) = %q, want %q", wire, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"file_unique_id", []string{"file", "unique", "id"}},
		{"getURLInfo", []string{"get", "URL", "Info"}},
		{"HTMLParser", []string{"HTML", "Parser"}},
		{"MarkdownV2", []string{"Markdown", "V2"}},
		{"venueA_id", []string{"venue", "A", "id"}},
		{"slot machine", []string{"slot", "machine"}},
		{"getURLs", []string{"get", "URLs"}},
		{"x2y", []string{"x2", "y"}},
		{"4_7", []string{"4", "7"}},
		{"a__b", []string{"a", "b"}},
		{"", nil},
		{"__", nil},
		{"a\xffb", []string{"a", "b"}},
	} {
		if got := Words(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestEscapesComplete keeps the escape table in step with the language: it
// fails when a Go release adds a keyword or predeclared identifier, so the
// new spelling is chosen deliberately instead of generated code silently
// shadowing it.
func TestEscapesComplete(t *testing.T) {
	want := map[string]bool{"init": true}
	for tok := token.Token(0); tok < 1000; tok++ {
		if tok.IsKeyword() {
			want[tok.String()] = true
		}
	}
	for _, name := range types.Universe.Names() {
		if token.IsExported(name) {
			continue // none today; exported names cannot be shadowed by Unexported
		}
		want[name] = true
	}
	if len(want) < 25+40 {
		t.Fatalf("found only %d keywords and predeclared names; the scan is broken", len(want))
	}
	for name := range want {
		if _, ok := escapes[name]; !ok {
			t.Errorf("escapes has no entry for %q", name)
		}
	}
	seen := map[string]string{}
	for name, esc := range escapes {
		if !want[name] {
			t.Errorf("escapes has entry %q, which is neither a keyword nor predeclared", name)
		}
		if !token.IsIdentifier(esc) || token.IsExported(esc) || want[esc] {
			t.Errorf("escape %q -> %q is not a usable unexported identifier", name, esc)
		}
		if prev, ok := seen[esc]; ok {
			t.Errorf("escapes %q and %q both map to %q", prev, name, esc)
		}
		seen[esc] = name
		// The documented rule: three conventional spellings, else +Value.
		rule := name + "Value"
		switch name {
		case "type":
			rule = "typ"
		case "func":
			rule = "fn"
		case "range":
			rule = "rng"
		}
		if esc != rule {
			t.Errorf("escape %q -> %q, documented rule gives %q", name, esc, rule)
		}
		// And Unexported applies it.
		if got := Unexported(name); got != esc {
			t.Errorf("Unexported(%q) = %q; want %q", name, got, esc)
		}
	}
}

// checkWire verifies the invariants every conversion must keep, whatever
// the input.
func checkWire(t *testing.T, s string) {
	t.Helper()
	for _, w := range Words(s) {
		if w == "" {
			t.Fatalf("Words(%q) contains an empty word", s)
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Fatalf("Words(%q) word %q contains %q", s, w, r)
			}
		}
	}
	if name := Exported(s); !token.IsIdentifier(name) || !token.IsExported(name) {
		t.Fatalf("Exported(%q) = %q, not an exported identifier", s, name)
	} else if again := Exported(s); again != name {
		t.Fatalf("Exported(%q) not deterministic: %q then %q", s, name, again)
	}
	if name := Unexported(s); !token.IsIdentifier(name) || token.IsExported(name) {
		t.Fatalf("Unexported(%q) = %q, not an unexported identifier", s, name)
	} else if _, ok := escapes[name]; ok {
		t.Fatalf("Unexported(%q) = %q, which needed escaping", s, name)
	}
}

func FuzzExported(f *testing.F) {
	for _, c := range nameCases {
		f.Add(c.wire)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name := Exported(s)
		if !token.IsIdentifier(name) {
			t.Fatalf("Exported(%q) = %q, not an identifier", s, name)
		}
		if first := []rune(name)[0]; !unicode.IsUpper(first) {
			t.Fatalf("Exported(%q) = %q, does not start with an upper-case letter", s, name)
		}
		checkWire(t, s)
	})
}

func FuzzUnexported(f *testing.F) {
	for _, c := range nameCases {
		f.Add(c.wire)
	}
	f.Fuzz(checkWire)
}
