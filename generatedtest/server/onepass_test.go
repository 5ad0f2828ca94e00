package server

// The one-pass JSON path: a request whose only parameters are a JSON
// object body is decoded by the method's generated JSON decoder, which
// walks the body once; any other request (here: the same body with an
// unknown query parameter, which is ignored) splits the body into values
// first. Both must give the same answer and the same parameters.

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// splitQuery is an unknown query parameter: ignored, but it sends a JSON
// body through the split path.
const splitQuery = "?apigen_split_path=1"

// servePaths sends body to method as JSON twice, through the one-pass and
// the split path, checks that both give the same answer and parameters,
// and returns the one-pass answer and parameters.
func servePaths(t testing.TB, method, body string) (response, any) {
	t.Helper()
	var res [2]response
	var params [2]any
	for i, target := range []string{methodURL(method), methodURL(method) + splitQuery} {
		r := newRecorder()
		h := botapiserver.NewServer(r)
		res[i] = serve(t, h, newReq(t, "POST", target, "application/json", strings.NewReader(body)))
		params[i] = r.last
	}
	if res[0].status != res[1].status || res[0].body != res[1].body {
		t.Fatalf("%s %s:\none pass: %d %s\nsplit:    %d %s", method, body, res[0].status, res[0].body, res[1].status, res[1].body)
	}
	if !reflect.DeepEqual(params[0], params[1]) {
		t.Fatalf("%s %s: parameters differ:\none pass: %#v\nsplit:    %#v", method, body, params[0], params[1])
	}
	return res[0], params[0]
}

func sendMessageParams(t testing.TB, p any) *botapi.SendMessageParams {
	t.Helper()
	m, ok := p.(*botapi.SendMessageParams)
	if !ok {
		t.Fatalf("parameters %#v", p)
	}
	return m
}

func TestOnePassDuplicateKeysFirstNonNullWins(t *testing.T) {
	res, p := servePaths(t, "sendMessage", `{"chat_id":null,"chat_id":5,"text":"a","text":"b","chat_id":6}`)
	mustOK(t, res)
	m := sendMessageParams(t, p)
	if chatID(t, m.ChatID) != int64(5) || m.Text != "a" {
		t.Fatalf("chat_id %v text %q, want 5 and the first text", chatID(t, m.ChatID), m.Text)
	}
}

func TestOnePassDuplicateKeyAfterValueIsOnlyValidated(t *testing.T) {
	// The second value is not decoded (a wrong type is fine) but must be JSON.
	res, _ := servePaths(t, "sendMessage", `{"chat_id":5,"text":"a","text":{"x":[1,2]}}`)
	mustOK(t, res)
	res, _ = servePaths(t, "sendMessage", `{"chat_id":5,"text":"a","text":{"x":[1,}}`)
	wantErr(t, res, 400, "invalid JSON body")
}

func TestOnePassUnknownKeysAreSkipped(t *testing.T) {
	res, _ := servePaths(t, "sendMessage", `{"zzz":{"a":[true,null,"\u00e9"]},"chat_id":"@chan","te\u0078t":"hi","extra":1e5}`)
	mustOK(t, res)
}

func TestOnePassNullIsAbsent(t *testing.T) {
	res, _ := servePaths(t, "sendMessage", `{"chat_id":1,"text":null}`)
	wantErr(t, res, 400, `parameter "text" is required`)
	res, p := servePaths(t, "sendMessage", `{"chat_id":1,"text":"x","reply_markup":null,"parse_mode":null}`)
	mustOK(t, res)
	if m := sendMessageParams(t, p); m.ReplyMarkup != nil || m.ParseMode.IsSet() {
		t.Fatalf("null parameters were set: %#v", m)
	}
}

func TestOnePassWrongTypeNamesTheParameter(t *testing.T) {
	for body, want := range map[string]string{
		`{"chat_id":1,"text":"x","reply_to_message_id":"seven"}`:        `"reply_to_message_id"`,
		`{"chat_id":1,"text":"x","disable_notification":2}`:             `"disable_notification"`,
		`{"chat_id":1,"text":{"a":1}}`:                                  `"text"`,
		`{"chat_id":1,"text":"x","reply_markup":{"inline_keyboard":1}}`: `"reply_markup"`,
		`{"chat_id":true,"text":"x"}`:                                   `"chat_id"`,
		`{"chat_id":"name","text":"x"}`:                                 `"chat_id"`,
		`{"chat_id":1,"text":"x","entities":"[{]"}`:                     `"entities"`,
	} {
		res, _ := servePaths(t, "sendMessage", body)
		wantErr(t, res, 400, want)
	}
}

func TestOnePassFirstFailingParameterInMethodOrder(t *testing.T) {
	// text is after chat_id in the method: chat_id's error is answered
	// even though text comes first in the body.
	res, _ := servePaths(t, "sendMessage", `{"text":{},"chat_id":"name"}`)
	wantErr(t, res, 400, `"chat_id"`)
	// A syntax error anywhere beats a wrong type before it.
	res, _ = servePaths(t, "sendMessage", `{"chat_id":"name","text":"x",}`)
	wantErr(t, res, 400, "invalid JSON body")
}

func TestOnePassMissingRequired(t *testing.T) {
	res, _ := servePaths(t, "sendMessage", `{"text":"x"}`)
	wantErr(t, res, 400, `parameter "chat_id" is required`)
	res, _ = servePaths(t, "sendMessage", `{}`)
	wantErr(t, res, 400, `parameter "chat_id" is required`)
}

func TestOnePassTrailingGarbage(t *testing.T) {
	for _, body := range []string{`{"chat_id":1,"text":"x"} x`, `{"chat_id":1,"text":"x"}{}`, `{"chat_id":1,"text":"x"`} {
		res, _ := servePaths(t, "sendMessage", body)
		wantErr(t, res, 400, "invalid JSON body")
	}
	res, _ := servePaths(t, "sendMessage", " \n{\"chat_id\":1,\"text\":\"x\"}\t\n")
	mustOK(t, res)
}

func TestOnePassDepthLimit(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, key := range []string{"unknown", "entities", "reply_markup"} {
		res, _ := servePaths(t, "sendMessage", `{"chat_id":1,"text":"x","`+key+`":`+deep+`}`)
		wantErr(t, res, 400, "depth")
	}
}

func TestOnePassValuesAsStrings(t *testing.T) {
	res, p := servePaths(t, "sendMessage", `{"chat_id":"-100123","text":"x","reply_to_message_id":"7","disable_notification":"1",`+
		`"reply_markup":"{\"force_reply\":true}","entities":"  "}`)
	mustOK(t, res)
	m := sendMessageParams(t, p)
	if chatID(t, m.ChatID) != int64(-100123) || m.ReplyToMessageID.Value() != 7 || !m.DisableNotification.Value() || m.ReplyMarkup == nil || m.Entities != nil {
		t.Fatalf("parameters %#v", m)
	}
	res, _ = servePaths(t, "sendMessage", `{"chat_id":1,"text":"x","reply_to_message_id":""}`)
	wantErr(t, res, 400, `"reply_to_message_id"`)
	res, _ = servePaths(t, "sendMessage", `{"chat_id":"","text":"x"}`)
	wantErr(t, res, 400, `"chat_id"`)
}

func TestOnePassTooManyParameters(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"chat_id":1,"text":"x"`)
	for i := 0; i < 1000; i++ {
		b.WriteString(`,"k":1`)
	}
	b.WriteString("}")
	res, _ := servePaths(t, "sendMessage", b.String())
	wantErr(t, res, 400, "more than 1000 parameters")
}

func TestOnePassNULAndUTF8(t *testing.T) {
	res, _ := servePaths(t, "sendMessage", `{"chat_id":1,"text":"a\u0000"}`)
	wantErr(t, res, 400, "NUL")
	res, _ = servePaths(t, "sendMessage", "{\"chat_id\":1,\"text\":\"\xff\"}")
	wantErr(t, res, 400, "UTF-8")
}

func TestOnePassFilesAndMethodsWithoutParameters(t *testing.T) {
	res, _ := servePaths(t, "sendPhoto", `{"chat_id":1,"photo":"AgADBAAD"}`)
	mustOK(t, res)
	res, _ = servePaths(t, "sendPhoto", `{"chat_id":1,"photo":"attach://p"}`)
	wantErr(t, res, 400, `"photo"`)
	res, _ = servePaths(t, "sendPhoto", `{"chat_id":1,"photo":5}`)
	wantErr(t, res, 400, `"photo"`)
	res, _ = servePaths(t, "sendMediaGroup", `{"chat_id":1,"media":[{"type":"photo","media":"https://example.invalid/a.jpg"},{"type":"photo","media":"AgAD"}]}`)
	mustOK(t, res)
	res, _ = servePaths(t, "getMe", `{"anything":[1]}`)
	mustOK(t, res)
	res, _ = servePaths(t, "getMe", `{"anything":[1}`)
	wantErr(t, res, 400, "invalid JSON body")
}

// onePassFuzzMethods are the methods FuzzOnePass sends bodies to.
var onePassFuzzMethods = []string{"sendMessage", "sendPoll", "sendLocation", "getUpdates", "setMyCommands", "sendMediaGroup", "getMe",
	"sendPhoto", "editMessageMedia", "sendChatAction", "getFile"}

// FuzzOnePass checks that the one-pass and the split path of a JSON body
// agree on the answer and the parameters.
func FuzzOnePass(f *testing.F) {
	for _, s := range []struct{ method, body string }{
		{"sendMessage", `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[[{"text":"a","callback_data":"b"}]]}}`},
		{"sendMessage", `{"chat_id":"@x","text":"*b*","parse_mode":"MarkdownV2","entities":"[{\"type\":\"bold\",\"offset\":0,\"length\":1}]"}`},
		{"sendMessage", `{"chat_id":null,"chat_id":"7","text":"","text":1}`},
		{"sendPoll", `{"chat_id":1,"question":"q","options":["a","b"],"type":"quiz","correct_option_id":"0"}`},
		{"sendLocation", `{"chat_id":1,"latitude":52.52,"longitude":"13.4"}`},
		{"getUpdates", `{"offset":-1,"allowed_updates":null}`},
		{"setMyCommands", `{"commands":[{"command":"a","description":"abc"}]}`},
		{"sendMediaGroup", `{"chat_id":1,"media":[{"type":"photo","media":"attach://x"}]}`},
		{"getMe", `{}`},
	} {
		f.Add(uint8(slices.Index(onePassFuzzMethods, s.method)), s.body)
	}
	f.Fuzz(func(t *testing.T, method uint8, body string) {
		if len(body) > 4<<10 {
			t.Skip()
		}
		servePaths(t, onePassFuzzMethods[int(method)%len(onePassFuzzMethods)], body)
	})
}
