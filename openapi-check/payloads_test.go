package openapicheck

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// payloadDir holds the realistic payloads of the generated package's
// round-trip tests, named <Root>__<case>.json: Root is an object of the
// schema or a method whose parameters the payload holds.
const payloadDir = "../generatedtest/types/testdata"

// compileBundle compiles schema.json with santhosh-tekuri/jsonschema
// (JSON Schema 2020-12, format and content assertions off, as the
// standard has them by default).
func compileBundle(t testing.TB) (*jsonschema.Compiler, string) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join(exportDir, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("schema.json is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := "file://" + filepath.ToSlash(path)
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	return c, url
}

// defFor is the $defs entry a payload root validates against.
func defFor(root string) string {
	if root != "" && root[0] >= 'a' && root[0] <= 'z' {
		return root + "Params" // a method's parameters as a JSON body
	}
	return root
}

func validatePayload(t testing.TB, c *jsonschema.Compiler, url, root string, data []byte) error {
	t.Helper()
	sch, err := c.Compile(url + "#/$defs/" + defFor(root))
	if err != nil {
		t.Fatalf("compile #/$defs/%s: %v", defFor(root), err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: not JSON: %v", root, err)
	}
	return sch.Validate(v)
}

// notValid are the round-trip payloads that are not valid API payloads on
// purpose, with why: the round-trip tests use them to prove that the codecs
// keep zero values and newer values, not that they pass validation. Each
// must be rejected, for the reason given (checked against the error).
var notValid = map[string][2]string{
	"BotCommand__zeros.json":           {"description is 1 character; the document says 3-256", "/description"},
	"CallbackQuery__zeros.json":        {"data and game_short_name both present; exactly one may be", "oneOf"},
	"ChatLocation__zeros.json":         {"location.heading is 0; the document says 1-360", "/location/heading"},
	"InlineKeyboardButton__zeros.json": {"empty callback_data (1-64 bytes) and every action field present; exactly one may be", "/callback_data"},
	"InlineKeyboardMarkup__zeros.json": {"its button is InlineKeyboardButton__zeros", "/callback_data"},
	"InputMediaAnimation__zeros.json":  {"parse_mode is the empty string, not a ParseMode", "/parse_mode"},
	"InputMediaAudio__zeros.json":      {"parse_mode is the empty string, not a ParseMode", "/parse_mode"},
	"InputMediaDocument__zeros.json":   {"parse_mode is the empty string, not a ParseMode", "/parse_mode"},
	"InputMediaPhoto__zeros.json":      {"parse_mode is the empty string, not a ParseMode", "/parse_mode"},
	"InputMediaVideo__zeros.json":      {"parse_mode is the empty string, not a ParseMode", "/parse_mode"},
	"KeyboardButton__zeros.json":       {"request_contact, request_location and request_poll all present; they are mutually exclusive", "'not' failed"},
	"Location__zeros.json":             {"heading is 0; the document says 1-360", "/heading"},
	"ReplyKeyboardMarkup__zeros.json":  {"its button is KeyboardButton__zeros", "'not' failed"},
	"Venue__zeros.json":                {"location.heading is 0; the document says 1-360", "/location/heading"},
	"sendMessage__inline.json":         {"a callback_game and a pay button in the third row; the document says each must be the first button of the first row (the generated Validate rejects it too)", "/reply_markup/inline_keyboard/2/0"},
	"getUpdates__poll.json":            {"allowed_updates holds chat_join_request, an update type newer than the spec (kept by the decoder)", "/allowed_updates/3"},
}

// TestRoundTripPayloadsValidate: every payload of the round-trip tests
// (updates, results, sent objects, method parameters) is valid against
// the JSON Schema bundle, except the notValid ones, which fail for their
// stated reason.
func TestRoundTripPayloadsValidate(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(payloadDir, "*__*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no payloads under %s (moved? update payloadDir): %v", payloadDir, err)
	}
	sort.Strings(files)
	c, url := compileBundle(t)
	valid := 0
	for _, file := range files {
		name := filepath.Base(file)
		root, _, _ := strings.Cut(name, "__")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			err = validatePayload(t, c, url, root, data)
			why, broken := notValid[name]
			switch {
			case broken && err == nil:
				t.Errorf("%s is valid, but it should not be: %s", name, why[0])
			case broken && !strings.Contains(err.Error(), why[1]):
				t.Errorf("%s is rejected, but not for %q (%s):\n%v", name, why[1], why[0], err)
			case !broken && err != nil:
				t.Errorf("%s is not valid against schema.json#/$defs/%s:\n%v", name, defFor(root), err)
			case err == nil:
				valid++
			}
		})
	}
	t.Logf("%d payloads valid, %d rejected as expected", valid, len(notValid))
}

// TestBrokenPayloadsFail: payloads broken on purpose, one way each, are
// rejected by the bundle.
func TestBrokenPayloadsFail(t *testing.T) {
	c, url := compileBundle(t)
	// want is a piece of the validator's message that shows it failed for
	// the intended reason.
	cases := []struct{ name, root, json, want string }{
		{"update_id as string", "Update", `{"update_id":"42"}`, "'/update_id': got string, want integer"},
		{"update without update_id", "Update", `{"message":{"message_id":1,"date":0,"chat":{"id":1,"type":"private"}}}`, "missing property 'update_id'"},
		{"two update kinds", "Update", `{"update_id":1,"poll":{"id":"p","question":"q","options":[],"total_voter_count":0,"is_closed":true,"is_anonymous":true,"type":"regular","allows_multiple_answers":false},"poll_answer":{"poll_id":"p","user":{"id":1,"is_bot":false,"first_name":"A"},"option_ids":[0]}}`, "'not' failed"},
		{"unknown chat type", "Update", `{"update_id":1,"message":{"message_id":1,"date":0,"chat":{"id":1,"type":"galaxy"}}}`, "'/message/chat/type': value must be one of"},
		{"message without chat", "Message", `{"message_id":1,"date":0}`, "missing property 'chat'"},
		{"callback_data too long", "InlineKeyboardButton", `{"text":"a","callback_data":"` + strings.Repeat("x", 65) + `"}`, "maxLength: got 65, want 64"},
		{"two button actions", "InlineKeyboardButton", `{"text":"a","url":"https://example.com","callback_data":"x"}`, "'oneOf' failed, subschemas 0, 2 matched"},
		{"unknown media type", "sendMediaGroup", `{"chat_id":1,"media":[{"type":"sticker","media":"x"},{"type":"photo","media":"y"}]}`, "'/media/0/type': value must be 'photo'"},
		{"one poll option", "sendPoll", `{"chat_id":1,"question":"q","options":["a"]}`, "minItems: got 1, want 2"},
		{"quiz without correct option", "sendPoll", `{"chat_id":1,"question":"q","options":["a","b"],"type":"quiz"}`, "missing property 'correct_option_id'"},
		{"open_period with close_date", "sendPoll", `{"chat_id":1,"question":"q","options":["a","b"],"open_period":10,"close_date":1}`, "'not' failed"},
		{"edit target missing", "editMessageText", `{"text":"hi"}`, "missing property 'inline_message_id'"},
		{"plain text too long", "sendMessage", `{"chat_id":1,"text":"` + strings.Repeat("a", 4097) + `"}`, "maxLength: got 4,097, want 4,096"},
		{"remove_keyboard false", "sendMessage", `{"chat_id":1,"text":"hi","reply_markup":{"remove_keyboard":false}}`, "'/reply_markup/remove_keyboard': value must be true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := validatePayload(t, c, url, tc.root, []byte(tc.json))
			if err == nil {
				t.Fatalf("broken %s payload accepted: %s", tc.root, tc.json)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("rejected, but not for %q:\n%v", tc.want, err)
			}
		})
	}
}
