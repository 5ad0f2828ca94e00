package emulator_test

// Tests of issue 23: the emulator as a trustworthy test double. Each test
// is named after the defect it proves fixed; emulator/README.md's table lists them.

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// call makes one raw request with a deadline, so that a frozen emulator
// fails the test instead of hanging it.
func (v *env) call(method, path, contentType, body string) (int, string) {
	v.t.Helper()
	req, err := http.NewRequestWithContext(v.ctx, method, v.srv.URL+path, strings.NewReader(body))
	ok(v.t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	c := &http.Client{Timeout: 5 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		v.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// Issue 23, item 1: offset=math.MinInt64 overflowed int(-off), dropFront
// panicked with the shared lock held, and every later request of every bot
// hung.
func TestGetUpdatesMinInt64OffsetDoesNotFreeze(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	v.send("one")
	code, body := v.call("GET", "/bot"+token+"/getUpdates?offset=-9223372036854775808", "", "")
	if code != 200 || !strings.Contains(body, `"text":"one"`) {
		t.Fatalf("getUpdates with offset MinInt64: %d %s (want every pending update)", code, body)
	}
	for _, tok := range []string{token, "777:other"} {
		if code, body := v.call("GET", "/bot"+tok+"/getMe", "", ""); code != 200 {
			t.Fatalf("after the MinInt64 offset, getMe of %s: %d %s", tok, code, body)
		}
	}
	// Offsets around the queue's length keep the last -off updates.
	v.send("two")
	v.send("three")
	code, body = v.call("GET", "/bot"+token+"/getUpdates?offset=-2", "", "")
	if code != 200 || strings.Contains(body, `"text":"one"`) || !strings.Contains(body, `"text":"three"`) {
		t.Fatalf("offset -2: %d %s", code, body)
	}
}

// Issue 23, what to build: a panic in one request answers 500 and leaves the
// emulator serving every bot (no lock is held across code that can panic).
func TestPanicInRequestLeavesEmulatorServing(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	other := "888:second"
	if code, _ := v.call("GET", "/bot"+other+"/getMe", "", ""); code != 200 {
		t.Fatal("second bot")
	}
	emulator.BreakBot(v.emu, v.me.ID)
	if code, body := v.call("GET", "/bot"+token+"/getMe", "", ""); code != 500 {
		t.Fatalf("broken bot's getMe: %d %s, want 500", code, body)
	}
	for range 3 {
		if code, body := v.call("POST", "/bot"+other+"/getUpdates", "application/json", `{"timeout":0}`); code != 200 {
			t.Fatalf("after a panic, another bot: %d %s", code, body)
		}
	}
	v.emu.Advance(time.Second) // the ticker's lock is free too
}

// Issue 23, item 2: with any token accepted, <botid>:<anything> acted as the
// bot (and re-keyed it). The first secret seen owns the id; another secret
// is answered 401, as the reference server does, and the owner keeps working.
func TestWrongSecretForKnownBotIsUnauthorized(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	v.send("private")
	id := strings.Split(token, ":")[0]
	for _, path := range []string{"/bot" + id + ":stolen/getUpdates", "/bot" + id + ":stolen/getMe", "/file/bot" + id + ":stolen/documents/x"} {
		if code, body := v.call("GET", path, "", ""); code != 401 || strings.Contains(body, "private") {
			t.Fatalf("%s: %d %s, want 401", path, code, body)
		}
	}
	if us := v.poll(); len(us) != 1 || us[0].Message.Text.Value() != "private" {
		t.Fatalf("the owner after a wrong secret: %+v", us)
	}
	if _, err := v.emu.AddBot(id + ":stolen"); err == nil {
		t.Fatal("control bot with another secret accepted")
	}
	// The -tokens list owns its ids too.
	l := newEnv(t, emulator.Config{Tokens: []string{token}})
	if code, _ := l.call("GET", "/bot"+id+":other/getMe", "", ""); code != 401 {
		t.Fatalf("unlisted secret: %d", code)
	}
}

// Issue 23, item 5: bot<userid>:x/getMe answered is_bot:true and the user
// disappeared from the control API. A user's id is never a bot's, and a new
// user never takes an id a bot holds.
func TestTokenCannotTurnUserIntoBot(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	uid := itoa(v.user.ID)
	if code, body := v.call("GET", "/bot"+uid+":x/getMe", "", ""); code != 401 {
		t.Fatalf("a token with a user's id: %d %s, want 401", code, body)
	}
	if _, err := v.emu.AddBot(uid + ":x"); err == nil {
		t.Fatal("control bot with a user's id accepted")
	}
	if _, err := v.emu.Send(v.user.ID, emulator.Private(v.me.ID), "still a user"); err != nil {
		t.Fatalf("the user after the attempt: %v", err)
	}
	// A bot holding the next user id: NewUser skips it.
	next := v.user.ID + 1
	if code, _ := v.call("GET", "/bot"+itoa(next)+":y/getMe", "", ""); code != 200 {
		t.Fatal("bot with the next id")
	}
	if u := v.emu.NewUser("Bob", ""); u.ID == next || u.IsBot {
		t.Fatalf("NewUser took bot id %d", next)
	}
}

// Issue 23, item 3: any token could getFile or resend another bot's
// file_id, and paths were sequential (documents/file_1.txt). A file_id
// belongs to its bot, paths are random, and downloads need the token of a
// bot that holds an id of the file; a bot shown another bot's file (a
// reply in a group) gets an id of its own.
func TestFilesAreScopedToTheirBot(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	const tokB = "424242:bee"
	botB := v.client(tokB)
	meB, err := v.emu.AddBot(tokB)
	ok(t, err)
	doc := func(name string) (*botapi.Message, string) {
		m, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Document: botapi.Upload(name, strings.NewReader("secret of A"))})
		ok(t, err)
		f, err := v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: m.Document.FileID})
		ok(t, err)
		return m, f.FilePath.Value()
	}
	m, path := doc("a.txt")
	_, path2 := doc("b.txt")
	if strings.Contains(path, "file_1") || len(path) < len("documents/file_")+16 || path == path2 {
		t.Fatalf("guessable paths %q, %q", path, path2)
	}
	_, err = botB.GetFile(v.ctx, &botapi.GetFileParams{FileID: m.Document.FileID})
	wantErr(t, err, 400, "invalid file_id")
	v.emu.Send(v.user.ID, emulator.Private(meB.ID), "/start")
	_, err = botB.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Document: botapi.FileID(m.Document.FileID)})
	wantErr(t, err, 400, "wrong file identifier")
	if code, body := v.call("GET", "/file/bot"+tokB+"/"+path, "", ""); code != 404 || strings.Contains(body, "secret") {
		t.Fatalf("bot B downloads A's file: %d %s", code, body)
	}
	if code, body := v.call("GET", "/file/bot"+token+"/"+path, "", ""); code != 200 || body != "secret of A" {
		t.Fatalf("A downloads its file: %d %s", code, body)
	}

	// In a group: A sends a photo, the user replies; B sees the photo with
	// its own file_id, which works for B and not for A.
	g := v.group(botapi.ChatTypeGroup)
	ok(t, v.emu.Join(g.ID, meB.ID))
	v.drain()
	photo, err := v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: botapi.ChatRefFromInteger64(g.ID), Photo: botapi.Upload("p.png", bytes.NewReader(pngImage(4, 3)))})
	ok(t, err)
	_, err = v.emu.Reply(v.user.ID, emulator.InChat(g.ID), "nice", photo.MessageID)
	ok(t, err)
	us, err := botB.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	var seen string
	for _, u := range us {
		if u.Message != nil && u.Message.ReplyToMessage != nil && len(u.Message.ReplyToMessage.Photo) > 0 {
			seen = u.Message.ReplyToMessage.Photo[0].FileID
		}
	}
	if seen == "" || seen == photo.Photo[0].FileID {
		t.Fatalf("B saw A's photo as %q (A's id %q)", seen, photo.Photo[0].FileID)
	}
	fb, err := botB.GetFile(v.ctx, &botapi.GetFileParams{FileID: seen})
	ok(t, err)
	if fb.FileUniqueID != photo.Photo[0].FileUniqueID {
		t.Fatal("file_unique_id differs across bots")
	}
	if code, _ := v.call("GET", "/file/bot"+tokB+"/"+fb.FilePath.Value(), "", ""); code != 200 {
		t.Fatalf("B downloads the photo it was shown: %d", code)
	}
	_, err = v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: seen})
	wantErr(t, err, 400, "invalid file_id")
}

// Issue 23, item 4: parse_mode=html was a 400 and parse_mode="" too; the
// reference server lower-cases the mode and reads "" as plain text, in
// every encoding and inside JSON-serialized media.
func TestParseModeCaseInsensitiveAndEmptyIsPlain(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := itoa(v.user.ID)
	for _, c := range []struct{ ct, body, want string }{
		{"application/x-www-form-urlencoded", "chat_id=" + chat + "&text=%3Cb%3Ehi%3C%2Fb%3E&parse_mode=html", `"type":"bold"`},
		{"application/json", `{"chat_id":` + chat + `,"text":"*hi*","parse_mode":"markdownv2"}`, `"type":"bold"`},
		{"application/json", `{"chat_id":` + chat + `,"text":"<b>hi</b>","parse_mode":""}`, `"text":"<b>hi</b>"`},
		{"application/x-www-form-urlencoded", "chat_id=" + chat + "&text=*hi*&parse_mode=", `"text":"*hi*"`},
		{"application/json", `{"chat_id":` + chat + `,"text":"x","parse_mode":"nope"}`, `parse_mode`},
	} {
		code, body := v.call("POST", "/bot"+token+"/sendMessage", c.ct, c.body)
		if !strings.Contains(body, c.want) || (code != 200) != strings.Contains(c.body, "nope") {
			t.Errorf("%s: %d %s (want %s)", c.body, code, body, c.want)
		}
	}
	// Query string, multipart and media inside sendMediaGroup.
	if code, body := v.call("GET", "/bot"+token+"/sendMessage?chat_id="+chat+"&text=%3Ci%3Ei%3C%2Fi%3E&parse_mode=HtMl", "", ""); code != 200 || !strings.Contains(body, `"italic"`) {
		t.Errorf("query string: %d %s", code, body)
	}
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	mw.WriteField("chat_id", chat)
	mw.WriteField("caption", "<b>c</b>")
	mw.WriteField("parse_mode", "html")
	fw, _ := mw.CreateFormFile("document", "d.txt")
	fw.Write([]byte("doc"))
	mw.Close()
	if code, body := v.call("POST", "/bot"+token+"/sendDocument", mw.FormDataContentType(), mp.String()); code != 200 || !strings.Contains(body, `"bold"`) {
		t.Errorf("multipart: %d %s", code, body)
	}
	media := `[{"type":"document","media":"attach://a","caption":"<b>1</b>","parse_mode":"html"},{"type":"document","media":"attach://b","parse_mode":""}]`
	mp.Reset()
	mw = multipart.NewWriter(&mp)
	mw.WriteField("chat_id", chat)
	mw.WriteField("media", media)
	for _, n := range []string{"a", "b"} {
		fw, _ := mw.CreateFormFile(n, n+".txt")
		fw.Write([]byte(n))
	}
	mw.Close()
	if code, body := v.call("POST", "/bot"+token+"/sendMediaGroup", mw.FormDataContentType(), mp.String()); code != 200 || !strings.Contains(body, `"bold"`) {
		t.Errorf("media group: %d %s", code, body)
	}
}

// Issue 23, item 6: in cloud mode a file URL fetched loopback and private
// addresses (the emulator's own control API among them), although
// setWebhook refuses them. The local server fetches any address.
func TestSendByURLRefusesReservedAddresses(t *testing.T) {
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("inside")) }))
	defer files.Close()
	for _, local := range []bool{false, true} {
		v := newEnv(t, emulator.Config{Local: local})
		v.start()
		for _, u := range []string{files.URL + "/f.txt", strings.Replace(files.URL, "127.0.0.1", "localhost", 1) + "/f.txt", v.srv.URL + "/control/stats"} {
			_, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Document: botapi.FileURL(u)})
			if local {
				if err != nil && strings.Contains(u, "f.txt") {
					t.Errorf("local mode, %s: %v", u, err)
				}
				continue
			}
			wantErr(t, err, 400, "failed to get HTTP URL content")
		}
	}
}

// Issue 23, item 8: a webhook URL without a scheme was refused; the
// reference server reads it as https.
func TestWebhookURLWithoutSchemeIsHTTPS(t *testing.T) {
	v := newEnv(t, emulator.Config{WebhookClient: &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Body: http.NoBody}, nil
	})}})
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: "example.com:8443/hook"}))
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(t, err)
	if info.URL != "https://example.com:8443/hook" {
		t.Fatalf("webhook url %q", info.URL)
	}
	wantErr(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: "127.0.0.1/hook"}), 400, "reserved")
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// Issue 23, item 9: getUpdates limit outside 1-100 was a 400 where the
// reference server clamps it, and timeout was not capped (the reference
// server caps long polls at 50 s).
func TestGetUpdatesLimitClampedTimeoutCapped(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	for range 3 {
		v.send("m")
	}
	for q, want := range map[string]int{"limit=0": 1, "limit=-5": 1, "limit=1000": 3} {
		code, body := v.call("GET", "/bot"+token+"/getUpdates?"+q, "", "")
		if code != 200 || strings.Count(body, `"update_id"`) != want {
			t.Errorf("%s: %d %s, want %d updates", q, code, body, want)
		}
	}
	if code, body := v.call("POST", "/bot"+token+"/getUpdates", "application/json", `{"limit":0}`); code != 200 || strings.Count(body, `"update_id"`) != 1 {
		t.Errorf("JSON limit 0: %d %s", code, body)
	}
	if code, _ := v.call("GET", "/bot"+token+"/getUserProfilePhotos?user_id="+itoa(v.user.ID)+"&limit=500", "", ""); code != 200 {
		t.Errorf("getUserProfilePhotos limit 500: %d", code)
	}
	defer emulator.SetLongPollMax(300 * time.Millisecond)()
	start := time.Now()
	v.drain()
	code, body := v.call("GET", "/bot"+token+"/getUpdates?offset="+itoa(v.last+1)+"&timeout=100000", "", "")
	if code != 200 || body != `{"ok":true,"result":[]}` || time.Since(start) > 4*time.Second {
		t.Fatalf("timeout 100000 with the cap at 300 ms: %d %s after %v", code, body, time.Since(start))
	}
}

// control makes one raw control API request.
func (v *env) control(method, action, contentType, auth, body string) (int, string) {
	v.t.Helper()
	req, err := http.NewRequestWithContext(v.ctx, method, v.srv.URL+"/control/"+action, strings.NewReader(body))
	ok(v.t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	ok(v.t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// Issue 23, item 7: the control API on the bot port had no
// authentication, took any HTTP method and a text/plain body, so any web
// page could drive it cross-site. It needs the control token, takes
// application/json only, and POST for anything that changes state.
func TestControlAPIRequiresTokenJSONAndPost(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	tok := v.emu.ControlToken()
	if len(tok) < 20 {
		t.Fatalf("control token %q is guessable", tok)
	}
	body := `{"first_name":"Mallory"}`
	for _, c := range []struct {
		method, ct, auth string
		want             int
	}{
		{"POST", "application/json", "", 401},
		{"POST", "application/json", "wrong", 401},
		{"POST", "text/plain", tok, 415},
		{"POST", "application/x-www-form-urlencoded", tok, 415},
		{"GET", "", tok, 405},
		{"PUT", "application/json", tok, 405},
		{"POST", "application/json", tok, 200},
	} {
		if code, resp := v.control(c.method, "user", c.ct, c.auth, body); code != c.want {
			t.Errorf("%s %s auth %q: %d %s, want %d", c.method, c.ct, c.auth, code, resp, c.want)
		}
	}
	if code, _ := v.control("GET", "stats", "", tok, ""); code != 200 {
		t.Errorf("GET stats: %d", code)
	}
	if code, _ := v.control("POST", "stats", "application/json", tok, strings.Repeat(" ", 70<<10)+"{}"); code != 413 {
		t.Errorf("a 70 KiB body: %d, want 413", code)
	}
	// A token chosen in the Config is the one required.
	c := newEnv(t, emulator.Config{ControlToken: "s3cret-control-token"})
	if code, _ := c.control("GET", "now", "", "s3cret-control-token", ""); code != 200 {
		t.Errorf("configured control token: %d", code)
	}
}

// Issue 23, item 10: misspelt control keys were ignored ("user" for
// "user_id" gave "no user 0"). Every key must be one the action takes,
// and the error names it.
func TestControlMisspeltKeyIsRejected(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	body := `{"user":` + itoa(v.user.ID) + `,"bot_id":` + itoa(v.me.ID) + `,"text":"hi"}`
	code, resp := v.control("POST", "send", "application/json", v.emu.ControlToken(), body)
	if code != 400 || !strings.Contains(resp, `unknown key \"user\"`) || !strings.Contains(resp, "user_id") {
		t.Fatalf("misspelt key: %d %s", code, resp)
	}
	code, resp = v.control("POST", "stats", "application/json", v.emu.ControlToken(), `{"x":1}`)
	if code != 400 || !strings.Contains(resp, `\"x\"`) {
		t.Fatalf("key for an action without parameters: %d %s", code, resp)
	}
}

// Issue 23, item 11: a control send took a 900 000-character text. Texts
// are bounded by the document's text message limit (4096 characters), in
// the Go API too.
func TestControlSendTextBounded(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	long := strings.Repeat("é", 4097)
	if _, err := v.emu.Send(v.user.ID, emulator.Private(v.me.ID), long); err == nil {
		t.Fatal("Send with 4097 characters accepted")
	}
	if _, err := v.emu.Send(v.user.ID, emulator.Private(v.me.ID), long[:4096*2]); err != nil {
		t.Fatalf("Send with 4096 characters: %v", err)
	}
	body := `{"user_id":` + itoa(v.user.ID) + `,"bot_id":` + itoa(v.me.ID) + `,"text":"` + strings.Repeat("a", 900000) + `"}`
	if code, _ := v.control("POST", "send", "application/json", v.emu.ControlToken(), body); code != 413 {
		t.Fatalf("a 900 000-character send: %d, want 413", code)
	}
	body = `{"user_id":` + itoa(v.user.ID) + `,"bot_id":` + itoa(v.me.ID) + `,"text":"` + strings.Repeat("a", 5000) + `"}`
	if code, resp := v.control("POST", "send", "application/json", v.emu.ControlToken(), body); code != 400 || !strings.Contains(resp, "4096") {
		t.Fatalf("a 5000-character send: %d %s", code, resp)
	}
}

// Issue 23, item 10: a restarted emulator started update_id again from 1,
// and a running bot (telego) silently dropped 7 of 12 updates as already
// seen. The first update_id of a bot comes from the wall clock, so a
// second emulator started later hands out higher ids.
func TestRestartNeverReusesUpdateIDs(t *testing.T) {
	ids := func() []int64 {
		v := newEnv(t, emulator.Config{})
		v.start()
		for range 12 {
			v.send("m")
		}
		var out []int64
		for _, u := range v.drain() {
			out = append(out, u.UpdateID)
		}
		v.emu.Shutdown()
		return out
	}
	first := ids()
	time.Sleep(20 * time.Millisecond)
	second := ids()
	if len(first) != 12 || len(second) != 12 || second[0] <= first[len(first)-1] {
		t.Fatalf("update ids after a restart: %v then %v", first, second)
	}
	for i := 1; i < len(first); i++ {
		if first[i] != first[i-1]+1 {
			t.Fatalf("ids not consecutive within a run: %v", first)
		}
	}
}

// Issue 23, item 13: real libraries' suites call deleteMessage and stopPoll
// (version 5.0 has them; the document leaves them out). The emulator
// serves them through the generated server's WithMethod; other methods
// outside the document answer 404 "Not Found", as the reference server
// answers unknown methods.
func TestDeleteMessageAndStopPoll(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := itoa(v.user.ID)
	m := v.text(v.user.ID, "bye")
	if code, body := v.call("POST", "/bot"+token+"/deleteMessage", "application/json", `{"chat_id":`+chat+`,"message_id":`+itoa(m.MessageID)+`}`); code != 200 || body != `{"ok":true,"result":true}` {
		t.Fatalf("deleteMessage: %d %s", code, body)
	}
	if _, ok := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), m.MessageID); ok {
		t.Fatal("the deleted message is still there")
	}
	if code, body := v.call("GET", "/bot"+token+"/deletemessage?chat_id="+chat+"&message_id="+itoa(m.MessageID), "", ""); code != 400 || !strings.Contains(body, "message to delete not found") {
		t.Fatalf("deleting twice: %d %s", code, body)
	}
	// In a group: a user's message needs can_delete_messages; 48 hours on
	// nothing can be deleted.
	g := v.group(botapi.ChatTypeSupergroup)
	um, err := v.emu.Send(v.user.ID, emulator.InChat(g.ID), "spam")
	ok(t, err)
	ok(t, v.emu.SetMember(g.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusMember}))
	del := func(msg int64) (int, string) {
		return v.call("POST", "/bot"+token+"/deleteMessage", "application/x-www-form-urlencoded", "chat_id="+itoa(g.ID)+"&message_id="+itoa(msg))
	}
	if code, body := del(um.MessageID); code != 400 || !strings.Contains(body, "message can't be deleted") {
		t.Fatalf("a member deletes a user's message: %d %s", code, body)
	}
	own := v.text(g.ID, "mine")
	v.emu.Advance(49 * time.Hour)
	if code, body := del(own.MessageID); code != 400 {
		t.Fatalf("deleting after 48 hours: %d %s", code, body)
	}

	// stopPoll: closes the bot's poll, sets the keyboard, the bot gets the
	// poll update; a second stop is refused.
	v.drain()
	pm, err := v.bot.SendPoll(v.ctx, &botapi.SendPollParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Question: "q?", Options: []string{"a", "b"}})
	ok(t, err)
	stop := `{"chat_id":` + chat + `,"message_id":` + itoa(pm.MessageID) + `,"reply_markup":{"inline_keyboard":[[{"text":"k","callback_data":"d"}]]}}`
	code, body := v.call("POST", "/bot"+token+"/stopPoll", "application/json", stop)
	if code != 200 || !strings.Contains(body, `"is_closed":true`) || !strings.Contains(body, `"question":"q?"`) {
		t.Fatalf("stopPoll: %d %s", code, body)
	}
	now, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), pm.MessageID)
	if !now.Poll.IsClosed || now.ReplyMarkup == nil {
		t.Fatalf("after stopPoll: %+v", now)
	}
	if us := v.drain(); len(us) != 1 || us[0].Poll == nil || !us[0].Poll.IsClosed {
		t.Fatalf("poll update: %v", kinds(us))
	}
	if code, body := v.call("POST", "/bot"+token+"/stopPoll", "application/json", stop); code != 400 || !strings.Contains(body, "poll has already been closed") {
		t.Fatalf("second stopPoll: %d %s", code, body)
	}
	if code, body := v.call("POST", "/bot"+token+"/sendSticker", "application/json", `{"chat_id":`+chat+`,"sticker":"x"}`); code != 404 || body != `{"ok":false,"error_code":404,"description":"Not Found"}` {
		t.Fatalf("sendSticker: %d %s", code, body)
	}
}

// Issue 23, item 11: chats were never freed. After the message retention a
// private chat with nothing retained shrinks to a small record (its
// message ids go on counting, the user's /start and block stay), and a
// group nobody is in any more is forgotten with its @username.
// BenchmarkMemory measures the bytes.
func TestRetentionFreesWhatNothingRefersTo(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	last := v.text(v.user.ID, "before").MessageID
	g, err := v.emu.NewChat(botapi.ChatTypeSupergroup, "Gone", "gonegroup", v.user.ID)
	ok(t, err)
	kept := v.group(botapi.ChatTypeGroup)
	live := emulator.LiveChats(v.emu)
	ok(t, v.emu.Leave(g.ID, v.user.ID))
	v.emu.Advance(49 * time.Hour)
	if n := emulator.LiveChats(v.emu); n != live-2 {
		t.Fatalf("live chats %d after retention, want %d (private chat dormant, empty group gone)", n, live-2)
	}
	if _, err := v.emu.Send(v.user.ID, emulator.InChat(kept.ID), "still here"); err != nil {
		t.Fatalf("a group with members: %v", err)
	}
	if _, err := v.emu.Send(v.user.ID, emulator.InChat(g.ID), "x"); err == nil {
		t.Fatal("the empty group is still there")
	}
	// The bot may still write to the user (started), ids go on.
	if m := v.text(v.user.ID, "after"); m.MessageID != last+1 {
		t.Fatalf("message id after the chat slept: %d, want %d", m.MessageID, last+1)
	}
	if _, err := v.emu.NewChat(botapi.ChatTypeChannel, "New", "gonegroup", v.user.ID); err != nil {
		t.Fatalf("the forgotten group's username: %v", err)
	}
}
