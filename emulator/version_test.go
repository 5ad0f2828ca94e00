package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// laterVersion is a version made from the seed's schema with the kinds of
// change later documents make (names written here, in a test, to build
// the construct; the front reads them from the schemas): a parameter
// renamed (sendDocument's thumb to thumbnail), flat parameters folded into
// an object (sendMessage's reply_to_message_id and
// allow_sending_without_reply into reply_parameters), a method renamed
// (kickChatMember to banChatMember), an array of Strings become objects
// (sendPoll's options), a required field added to an object (Chat), and a
// method the core never heard of (sendWidget).
func laterVersion(t *testing.T) *schema.Schema {
	t.Helper()
	seed, err := loader.Load(loader.Input{})
	ok(t, err)
	b, err := schema.Marshal(seed)
	ok(t, err)
	s, err := schema.Unmarshal(b)
	ok(t, err)
	integer := schema.Named(schema.Integer)
	s.Objects = append(s.Objects,
		&schema.Object{Name: "ReplyParameters", Fields: []*schema.Field{
			{Name: "message_id", Type: integer, Required: true},
			{Name: "allow_sending_without_reply", Type: schema.Named(schema.Boolean)},
		}},
		&schema.Object{Name: "PollOptionInput", Fields: []*schema.Field{
			{Name: "text", Type: schema.Named(schema.String), Required: true},
		}})
	for _, o := range s.Objects {
		if o.Name == "Chat" {
			o.Fields = append(o.Fields, &schema.Field{Name: "accent_color_id", Type: integer, Required: true})
		}
	}
	for _, m := range s.Methods {
		switch m.Name {
		case "sendDocument":
			for _, p := range m.Params {
				if p.Name == "thumb" {
					p.Name = "thumbnail"
				}
			}
		case "sendMessage":
			var ps []*schema.Field
			for _, p := range m.Params {
				if p.Name != "reply_to_message_id" && p.Name != "allow_sending_without_reply" {
					ps = append(ps, p)
				}
			}
			m.Params = append(ps, &schema.Field{Name: "reply_parameters", Type: schema.Named("ReplyParameters")})
		case "kickChatMember":
			m.Name = "banChatMember"
		case "sendPoll":
			for _, p := range m.Params {
				if p.Name == "options" {
					p.Type = schema.ArrayOf(schema.Named("PollOptionInput"))
				}
			}
		}
	}
	s.Methods = append(s.Methods, &schema.Method{Name: "sendWidget", Returns: schema.Named("Message"),
		Params: []*schema.Field{{Name: "chat_id", Type: schema.Named(schema.Integer64), Required: true}}})
	return s
}

// acceptAll stands for a version's generated server over its
// Unimplemented: every method of s is valid (Validated) and "not
// implemented".
func acceptAll(s *schema.Schema) emulator.Caller {
	return emulator.CallerFunc(func(ctx context.Context, _, method, _, _ string, body io.Reader) (json.RawMessage, error) {
		if body != nil {
			io.Copy(io.Discard, body)
		}
		for _, m := range s.Methods {
			if strings.EqualFold(m.Name, method) {
				emulator.Validated(ctx, m.Name)
				return nil, emulator.APIError(404, "Not Found: method not implemented")
			}
		}
		return nil, emulator.APIError(404, "Not Found")
	})
}

// call posts a JSON request and returns the answer's result (fails on
// an error answer).
func call(t *testing.T, base, method string, params any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(params)
	resp, err := http.Post(base+"/bot"+token+"/"+method, "application/json", bytes.NewReader(b))
	ok(t, err)
	return answer(t, method, resp)
}

func answer(t *testing.T, method string, resp *http.Response) map[string]any {
	t.Helper()
	defer resp.Body.Close()
	var a struct {
		OK          bool   `json:"ok"`
		Result      any    `json:"result"`
		Description string `json:"description"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || !a.OK {
		t.Fatalf("%s: %d %s (%v)", method, resp.StatusCode, a.Description, err)
	}
	m, _ := a.Result.(map[string]any)
	return m
}

func at(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

// Issue 33: the emulator served only the seed's version. At a version
// whose names and shapes differ, the core still serves the methods it has
// (under their new names and shapes, its answers in the version's shapes)
// and the others answer a typed result naming the held chat.
func TestVersionFrontTranslatesNamesAndShapes(t *testing.T) {
	s := laterVersion(t)
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: acceptAll(s)}})
	v.start()
	chat := v.user.ID
	first := call(t, v.srv.URL, "sendMessage", map[string]any{"chat_id": chat, "text": "one"})
	// reply_parameters reaches the core as reply_to_message_id.
	reply := call(t, v.srv.URL, "sendMessage", map[string]any{"chat_id": chat, "text": "two",
		"reply_parameters": map[string]any{"message_id": first["message_id"]}})
	if got := at(reply, "reply_to_message", "message_id"); fmt.Sprint(got) != fmt.Sprint(first["message_id"]) {
		t.Errorf("reply_to_message = %v, want %v", got, first["message_id"])
	}
	// The same in a form body, the object as JSON text.
	form := url.Values{"chat_id": {fmt.Sprint(chat)}, "text": {"three"}, "reply_parameters": {fmt.Sprintf(`{"message_id":%v}`, first["message_id"])}}
	resp, err := http.PostForm(v.srv.URL+"/bot"+token+"/sendMessage", form)
	ok(t, err)
	if got := at(answer(t, "sendMessage", resp), "reply_to_message", "message_id"); fmt.Sprint(got) != fmt.Sprint(first["message_id"]) {
		t.Errorf("form: reply_to_message = %v", got)
	}
	// A field the version requires and the core lacks is filled, at any depth.
	if _, has := at(reply, "chat").(map[string]any)["accent_color_id"]; !has {
		t.Errorf("chat lacks the version's required accent_color_id: %v", reply["chat"])
	}
	if _, has := at(reply, "reply_to_message", "chat").(map[string]any)["accent_color_id"]; !has {
		t.Errorf("reply_to_message.chat lacks accent_color_id")
	}
	// Poll options as objects reach the core as Strings.
	poll := call(t, v.srv.URL, "sendPoll", map[string]any{"chat_id": chat, "question": "q?",
		"options": []any{map[string]any{"text": "a"}, map[string]any{"text": "b"}}})
	if opts, _ := at(poll, "poll", "options").([]any); len(opts) != 2 || at(opts[1], "text") != "b" {
		t.Errorf("poll options = %v", at(poll, "poll", "options"))
	}
	// The same as JSON text inside a JSON body (telebot).
	poll = call(t, v.srv.URL, "sendPoll", map[string]any{"chat_id": chat, "question": "q?",
		"options": `[{"text":"c"},{"text":"d"}]`})
	if opts, _ := at(poll, "poll", "options").([]any); len(opts) != 2 || at(opts[1], "text") != "d" {
		t.Errorf("poll options from JSON text = %v", at(poll, "poll", "options"))
	}
	// The renamed upload part is the core's thumb.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("chat_id", fmt.Sprint(chat))
	fw, _ := mw.CreateFormFile("document", "a.txt")
	fw.Write([]byte("hello"))
	fw, _ = mw.CreateFormFile("thumbnail", "t.jpg")
	fw.Write(jpegImage(90, 90))
	mw.Close()
	resp, err = http.Post(v.srv.URL+"/bot"+token+"/sendDocument", mw.FormDataContentType(), &body)
	ok(t, err)
	if th := at(answer(t, "sendDocument", resp), "document", "thumb"); th == nil {
		t.Errorf("sendDocument: the thumbnail upload did not reach the core")
	}
	// The renamed method acts on the core's state.
	g := v.group(botapi.ChatTypeSupergroup)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	call(t, v.srv.URL, "banChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID})
	if st := call(t, v.srv.URL, "getChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID}); st["status"] != "kicked" {
		t.Errorf("after banChatMember: status %v", st["status"])
	}
	// A send method the core lacks creates a real message in the held
	// chat (issue 41: it was a placeholder, the same twice).
	w1 := call(t, v.srv.URL, "sendWidget", map[string]any{"chat_id": g.ID})
	w2 := call(t, v.srv.URL, "sendWidget", map[string]any{"chat_id": g.ID})
	if at(w1, "chat", "title") != g.Title.Value() || at(w1, "chat", "accent_color_id") == nil {
		t.Errorf("sendWidget chat = %v, want the held %q", w1["chat"], g.Title.Value())
	}
	if a, b := w1["message_id"].(float64), w2["message_id"].(float64); b != a+1 {
		t.Errorf("sendWidget message ids %v then %v, want consecutive", a, b)
	}
	// Updates come in the version's shape too.
	v.send("hello")
	resp, err = http.Get(v.srv.URL + "/bot" + token + "/getUpdates")
	ok(t, err)
	defer resp.Body.Close()
	var ups struct{ Result []map[string]any }
	json.NewDecoder(resp.Body).Decode(&ups)
	if len(ups.Result) == 0 || at(ups.Result[len(ups.Result)-1], "message", "chat", "accent_color_id") == nil {
		t.Errorf("update lacks the version's shape: %v", ups.Result)
	}
	// A method of neither version: 404; another bot's token: 401.
	resp, err = http.Post(v.srv.URL+"/bot"+token+"/noSuchMethod", "application/json", strings.NewReader(`{}`))
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("unknown method: %d", resp.StatusCode)
	}
	resp, err = http.Post(v.srv.URL+"/bot123456:wrong/sendWidget", "application/json", strings.NewReader(fmt.Sprintf(`{"chat_id":%d}`, g.ID)))
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("wrong secret on a synthesized method: %d", resp.StatusCode)
	}
}

// telebot posts "null" as the JSON body of a method without parameters;
// the version front read it as a form and sent the core "null%0A=" with a
// JSON content type (400 "invalid JSON body").
func TestVersionFrontPassesJSONNullBody(t *testing.T) {
	s := laterVersion(t)
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: acceptAll(s)}})
	resp, err := http.Post(v.srv.URL+"/bot"+token+"/getMe", "application/json", strings.NewReader("null\n"))
	ok(t, err)
	if me := answer(t, "getMe", resp); me["is_bot"] != true {
		t.Errorf("getMe = %v", me)
	}
}

// telebot uploads with filename=""; the version front took such a part
// for a text parameter and the core refused the photo ("not valid UTF-8").
func TestVersionFrontKeepsUploadWithEmptyFilename(t *testing.T) {
	s := laterVersion(t)
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: acceptAll(s)}})
	v.start()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := make(map[string][]string)
	h["Content-Disposition"] = []string{`form-data; name="photo"; filename=""`}
	pw, _ := mw.CreatePart(h)
	pw.Write(pngImage(8, 6))
	mw.WriteField("chat_id", fmt.Sprint(v.user.ID))
	mw.Close()
	resp, err := http.Post(v.srv.URL+"/bot"+token+"/sendPhoto", mw.FormDataContentType(), &body)
	ok(t, err)
	if ph, _ := answer(t, "sendPhoto", resp)["photo"].([]any); len(ph) == 0 || fmt.Sprint(at(ph[0], "width")) != "8" {
		t.Errorf("photo = %v", ph)
	}
}

// Issue 33: at another version the HTTP control API, which a test reads
// to see what the bot sent, answered in the core's (the seed's) shapes: a
// Message without the fields the version requires, under the names the
// version renamed, a callback answer under the core's parameter names.
// Its answers that carry API objects are the version's, as the bot sees
// them.
func TestControlAnswersInTheVersionsShapes(t *testing.T) {
	s := laterVersion(t)
	// Two more renames of the kind later documents make: a field of an
	// object (Message's edit_date) and a parameter (answerCallbackQuery's
	// cache_time).
	for _, o := range s.Objects {
		if o.Name == "Message" {
			for _, f := range o.Fields {
				if f.Name == "edit_date" {
					f.Name = "edit_datetime"
				}
			}
		}
	}
	for _, m := range s.Methods {
		if m.Name == "answerCallbackQuery" {
			for _, p := range m.Params {
				if p.Name == "cache_time" {
					p.Name = "cache_time_seconds"
				}
			}
		}
	}
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: acceptAll(s)}})
	v.start()
	ctl := func(action string, in map[string]any) any {
		t.Helper()
		b, _ := json.Marshal(in)
		code, body := v.control("POST", action, "application/json", v.emu.ControlToken(), string(b))
		var a struct {
			OK     bool `json:"ok"`
			Result any  `json:"result"`
		}
		if err := json.Unmarshal([]byte(body), &a); err != nil || code != 200 || !a.OK {
			t.Fatalf("control %s: %d %s", action, code, body)
		}
		return a.Result
	}
	hasColor := func(what string, chat any) {
		t.Helper()
		if m, _ := chat.(map[string]any); m == nil || m["accent_color_id"] == nil {
			t.Errorf("%s: a Chat without the version's required accent_color_id: %v", what, chat)
		}
	}
	me := v.me.ID
	first := call(t, v.srv.URL, "sendMessage", map[string]any{"chat_id": v.user.ID, "text": "one",
		"reply_markup": map[string]any{"inline_keyboard": [][]map[string]any{{{"text": "go", "callback_data": "go"}}}}})
	id := first["message_id"]

	sent, _ := ctl("sent", map[string]any{"bot_id": me}).([]any)
	if len(sent) == 0 {
		t.Fatalf("sent: none")
	}
	last := sent[len(sent)-1]
	hasColor("sent", at(last, "message", "chat"))
	if at(last, "method") != "sendMessage" || at(last, "reply_markup", "inline_keyboard") == nil {
		t.Errorf("sent record lost its method or markup: %v", last)
	}
	hasColor("message", at(ctl("message", map[string]any{"user_id": v.user.ID, "bot_id": me, "message_id": id}), "chat"))

	reply := ctl("send", map[string]any{"user_id": v.user.ID, "bot_id": me, "text": "two", "reply_to_message_id": id})
	hasColor("send", at(reply, "chat"))
	hasColor("send's reply_to_message", at(reply, "reply_to_message", "chat"))

	edited := ctl("edit", map[string]any{"user_id": v.user.ID, "bot_id": me, "message_id": at(reply, "message_id"), "text": "two!"}).(map[string]any)
	if _, renamed := edited["edit_datetime"]; !renamed || edited["edit_date"] != nil {
		t.Errorf("edit: want the version's edit_datetime, not edit_date: %v", edited)
	}
	hasColor("chat", ctl("chat", map[string]any{"type": "group", "title": "G", "user_id": v.user.ID}))
	if u := ctl("user", map[string]any{"first_name": "Bob"}); at(u, "first_name") != "Bob" {
		t.Errorf("user: %v", u)
	}

	pressed := ctl("press", map[string]any{"user_id": v.user.ID, "bot_id": me, "message_id": id, "data": "go"})
	q := at(pressed, "callback_query_id")
	call(t, v.srv.URL, "answerCallbackQuery", map[string]any{"callback_query_id": q, "text": "done", "cache_time_seconds": 30})
	ans := ctl("callback_answer", map[string]any{"callback_query_id": q}).(map[string]any)
	if ans["answered"] != true || ans["text"] != "done" || fmt.Sprint(ans["cache_time_seconds"]) != "30" || ans["cache_time"] != nil {
		t.Errorf("callback_answer: want answered, text and the version's cache_time_seconds: %v", ans)
	}
}

// At the core's own version the control API's answers are the core's
// values encoded as they always were.
func TestControlAnswersAtTheSeedAreTheCoresValues(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.send("hello")
	code, body := v.control("POST", "message", "application/json", v.emu.ControlToken(),
		fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"message_id":%d}`, v.user.ID, v.me.ID, m.MessageID))
	var want bytes.Buffer
	json.NewEncoder(&want).Encode(map[string]any{"ok": true, "result": m})
	if code != 200 || body != want.String() {
		t.Errorf("control message at the seed:\n got %s\nwant %s", body, want.String())
	}
}
