package emulator_test

// Issue 33: defects found by real client libraries' suites and recorded
// requests. The emulator's lenient front reads what the reference server
// reads; the generated server stays strict to the document.

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// Defect 1: reply_markup={} (telebot removes buttons that way) was refused
// as an unknown variant; the reference server reads it as no markup.
func TestReplyMarkupEmptyObjectIsNoMarkup(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := itoa(v.user.ID)
	code, body := v.call("POST", "/bot"+token+"/sendMessage", "application/json",
		`{"chat_id":`+chat+`,"text":"hi","reply_markup":{"inline_keyboard":[[{"text":"a","callback_data":"x"}]]}}`)
	if code != 200 {
		t.Fatalf("send: %d %s", code, body)
	}
	for _, c := range []struct{ ct, body string }{
		{"application/json", `{"chat_id":` + chat + `,"text":"plain","reply_markup":{}}`},
		{"application/x-www-form-urlencoded", "chat_id=" + chat + "&text=plain&reply_markup=%7B%7D"},
	} {
		if code, body := v.call("POST", "/bot"+token+"/sendMessage", c.ct, c.body); code != 200 || strings.Contains(body, "reply_markup") {
			t.Errorf("sendMessage %s: %d %s", c.body, code, body)
		}
	}
	// editMessageReplyMarkup with {} removes the buttons.
	code, body = v.call("POST", "/bot"+token+"/editMessageReplyMarkup", "application/json",
		`{"chat_id":`+chat+`,"message_id":`+strings.TrimSuffix(strings.SplitN(strings.SplitN(body, `"message_id":`, 2)[1], ",", 2)[0], "}")+`,"reply_markup":{}}`)
	if code != 200 || strings.Contains(body, "inline_keyboard") {
		t.Errorf("editMessageReplyMarkup {}: %d %s", code, body)
	}
	// The generated server alone stays strict.
	if code, body := strictCall(t, "sendMessage", `{"chat_id":1,"text":"x","reply_markup":{}}`); code != 400 || !strings.Contains(body, "reply_markup") {
		t.Errorf("generated server took reply_markup={}: %d %s", code, body)
	}
}

// strictCall posts a JSON body to the generated server over a service that
// implements nothing: what it refuses, it refuses before the service.
func strictCall(t *testing.T, method, body string) (int, string) {
	t.Helper()
	srv := httptest.NewServer(botapiserver.NewServer(botapiserver.Unimplemented{}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/bot"+token+"/"+method, "application/json", strings.NewReader(body))
	ok(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// Defect 2: setWebhook without url was refused (url is required); the
// reference server removes the webhook, which node-telegram-bot-api relies
// on to recover from a 409 on getUpdates.
func TestSetWebhookWithoutURLRemovesWebhook(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer rcv.Close()
	for _, c := range []struct{ ct, body string }{
		{"application/json", `{}`},
		{"application/json", `{"drop_pending_updates":true}`},
		{"application/x-www-form-urlencoded", ""},
		{"", ""},
	} {
		ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL}))
		if code, body := v.call("POST", "/bot"+token+"/setWebhook", c.ct, c.body); code != 200 {
			t.Fatalf("setWebhook %q: %d %s", c.body, code, body)
		}
		info, err := v.bot.GetWebhookInfo(v.ctx)
		ok(t, err)
		if info.URL != "" {
			t.Fatalf("setWebhook %q kept url %q", c.body, info.URL)
		}
	}
	// Multipart (a certificate upload) without url.
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: rcv.URL}))
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	mw.WriteField("max_connections", "3")
	fw, _ := mw.CreateFormFile("certificate", "cert.pem")
	fw.Write([]byte("certificate"))
	mw.Close()
	if code, body := v.call("POST", "/bot"+token+"/setWebhook", mw.FormDataContentType(), mp.String()); code != 200 {
		t.Fatalf("multipart setWebhook: %d %s", code, body)
	}
	if info, err := v.bot.GetWebhookInfo(v.ctx); err != nil || info.URL != "" {
		t.Fatalf("multipart setWebhook kept %+v, %v", info, err)
	}
	if code, _ := strictCall(t, "setWebhook", `{}`); code != 400 {
		t.Errorf("generated server took setWebhook without url: %d", code)
	}
}

// Defect 3: parse_mode=none was refused; the reference server reads it as
// plain text.
func TestParseModeNoneIsPlainText(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := itoa(v.user.ID)
	for _, c := range []struct{ ct, body string }{
		{"application/json", `{"chat_id":` + chat + `,"text":"<b>hi</b>","parse_mode":"none"}`},
		{"application/x-www-form-urlencoded", "chat_id=" + chat + "&text=%3Cb%3Ehi%3C%2Fb%3E&parse_mode=None"},
	} {
		if code, body := v.call("POST", "/bot"+token+"/sendMessage", c.ct, c.body); code != 200 || !strings.Contains(body, `"text":"<b>hi</b>"`) {
			t.Errorf("%s: %d %s", c.body, code, body)
		}
	}
}

// Defect 4: sendPoll with options=null answered `parameter "options" is
// required`; a null given for a required parameter is a value of the wrong
// type, and the answer names the type the document expects.
func TestRequiredParameterNullNamesExpectedType(t *testing.T) {
	for _, body := range []string{
		`{"chat_id":1,"question":"q","options":null}`,
	} {
		code, got := strictCall(t, "sendPoll", body)
		if code != 400 || !strings.Contains(got, "expected an Array of String as options") {
			t.Errorf("%s: %d %s", body, code, got)
		}
	}
	// Absent stays "is required".
	if code, got := strictCall(t, "sendPoll", `{"chat_id":1,"question":"q"}`); code != 400 || !strings.Contains(got, `parameter \"options\" is required`) {
		t.Errorf("absent options: %d %s", code, got)
	}
	// Form: options=null.
	srv := httptest.NewServer(botapiserver.NewServer(botapiserver.Unimplemented{}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/bot"+token+"/sendPoll", "application/x-www-form-urlencoded", strings.NewReader("chat_id=1&question=q&options=null"))
	ok(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 || !strings.Contains(string(b), "expected an Array of String as options") {
		t.Errorf("form options=null: %d %s", resp.StatusCode, b)
	}
}

// Defect 5: the control API's member needed a user field its README does
// not mention; the user is the one user_id names.
func TestControlMemberNeedsNoUserField(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g, err := v.emu.NewChat(botapi.ChatTypeSupergroup, "G", "", v.user.ID)
	ok(t, err)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	code, body := v.control("POST", "member", "application/json", v.emu.ControlToken(),
		`{"chat_id":`+itoa(g.ID)+`,"user_id":`+itoa(bob.ID)+`,"member":{"status":"administrator","can_delete_messages":true}}`)
	if code != 200 {
		t.Fatalf("member without user: %d %s", code, body)
	}
	ok(t, v.emu.Join(g.ID, v.me.ID))
	cm, err := v.bot.GetChatMember(v.ctx, &botapi.GetChatMemberParams{ChatID: botapi.ChatRefFromInteger64(g.ID), UserID: bob.ID})
	ok(t, err)
	if cm.Status != "administrator" || cm.User.ID != bob.ID || !cm.CanDeleteMessages.Value() {
		t.Fatalf("member %+v", cm)
	}
}

// Defect 6, empty copy_text: go-telegram/bot puts "copy_text":{} in every
// inline button; the reference server takes it, and so does the emulator at
// every version (an empty object inside reply_markup is an absent field).
func TestInlineButtonEmptyCopyTextAccepted(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := itoa(v.user.ID)
	code, body := v.call("POST", "/bot"+token+"/sendMessage", "application/json",
		`{"chat_id":`+chat+`,"text":"hi","reply_markup":{"inline_keyboard":[[{"text":"a","callback_data":"x","copy_text":{}},{"text":"b","url":"https://example.com","login_url":{}}]]}}`)
	if code != 200 || !strings.Contains(body, `"callback_data":"x"`) {
		t.Fatalf("send: %d %s", code, body)
	}
}

// Defect 6, poll options as strings: at versions whose sendPoll options are
// objects (InputPollOption), clients still send plain strings; the lenient
// front reads a string as the object whose only required field is a String.
// The shapes here are written for the test, in the layout the generator
// gives a newer version's package.
type newerService interface {
	SendPoll(context.Context, *newerPollParams) (*botapi.Message, error)
}

type newerPollParams struct {
	ChatID  botapi.ChatRef    `json:"chat_id"`
	Options []newerPollOption `json:"options"`
}

type newerPollOption struct {
	Text          string                 `json:"text"`
	TextParseMode botapi.Opt[string]     `json:"text_parse_mode,omitzero"`
	TextEntities  []botapi.MessageEntity `json:"text_entities,omitzero"`
}

func TestPollOptionsAsStringsAtNewerVersions(t *testing.T) {
	svc := reflect.TypeOf((*newerService)(nil)).Elem()
	for _, c := range []struct{ ct, body, want string }{
		{"application/json", `{"chat_id":1,"options":["a",{"text":"b"}]}`, `{"chat_id":1,"options":[{"text":"a"},{"text":"b"}]}`},
		{"application/x-www-form-urlencoded", `chat_id=1&options=%5B%22a%22%2C%22b%22%5D`, `chat_id=1&options=%5B%7B%22text%22%3A%22a%22%7D%2C%7B%22text%22%3A%22b%22%7D%5D`},
	} {
		r := httptest.NewRequest("POST", "/bot"+token+"/sendPoll", strings.NewReader(c.body))
		r.Header.Set("Content-Type", c.ct)
		got, _ := io.ReadAll(emulator.Lenient(svc, r).Body)
		if string(got) != c.want {
			t.Errorf("%s: read as %s, want %s", c.body, got, c.want)
		}
	}
	// At the seed's version options are strings: nothing changes.
	r := httptest.NewRequest("POST", "/bot"+token+"/sendPoll", strings.NewReader(`{"chat_id":1,"options":["a","b"]}`))
	r.Header.Set("Content-Type", "application/json")
	got, _ := io.ReadAll(emulator.Lenient(reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), r).Body)
	if string(got) != `{"chat_id":1,"options":["a","b"]}` {
		t.Errorf("seed's options rewritten: %s", got)
	}
}

// The control API reads the member strictly, as the server reads requests,
// now that UnmarshalJSON on generated types is tolerant: a member without
// its status is refused, not stored with an empty one.
func TestControlMemberWithoutStatusIsRefused(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g, err := v.emu.NewChat(botapi.ChatTypeSupergroup, "G", "", v.user.ID)
	ok(t, err)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	code, body := v.control("POST", "member", "application/json", v.emu.ControlToken(),
		`{"chat_id":`+itoa(g.ID)+`,"user_id":`+itoa(bob.ID)+`,"member":{"can_delete_messages":true}}`)
	if code != 400 || !strings.Contains(body, `missing required field \"status\"`) {
		t.Fatalf("member without status: %d %s, want 400 naming the status", code, body)
	}
}
