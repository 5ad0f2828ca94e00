package server

// Tests of defects found by probing the generated server with hostile input
// (issue 12). Each test is named after its defect.

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

func TestFormParametersUncapped(t *testing.T) {
	h := botapiserver.NewServer(newRecorder())
	pairs := strings.Repeat("a=b&", 5000) + "chat_id=1&text=hi"
	wantErr(t, serve(t, h, postForm(t, "sendMessage", pairs)), 400, "more than 1000 parameters")
	wantErr(t, serve(t, h, newReq(t, "POST", methodURL("sendMessage")+"?"+pairs, "", nil)), 400, "more than 1000 parameters")
	var b strings.Builder
	b.WriteString(`{"chat_id":1,"text":"hi"`)
	for i := 0; i < 5000; i++ {
		b.WriteString(`,"a":1`)
	}
	b.WriteString("}")
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", b.String())), 400, "more than 1000 parameters")
	var parts []part
	for i := 0; i < 998; i++ {
		parts = append(parts, field("a", "b"))
	}
	parts = append(parts, field("chat_id", "1"), field("text", "hi"))
	// 1000 parts (the part limit) and one query parameter.
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMessage")+"?q=1", multipartBody(parts...))), 400, "more than 1000 parameters")
	// A query string longer than the body limit.
	long := "chat_id=1&text=" + strings.Repeat("x", 2<<20)
	wantErr(t, serve(t, h, newReq(t, "POST", methodURL("sendMessage")+"?"+long, "", nil)), 413, "query string")
	// Ordinary requests are unaffected.
	mustOK(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi&"+strings.Repeat("disable_notification=1&", 50))))
}

func TestMultipartPartHeadersBypassBodyLimit(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithMaxBodySize(64<<10), botapiserver.WithTempDir(t.TempDir()))
	// Large part headers on text parts.
	big := part{headers: []string{`Content-Disposition: form-data; name="x"`, "X-Pad: " + strings.Repeat("p", 200<<10)}, body: "1"}
	body := multipartBody(field("chat_id", "1"), field("text", "hi"), big, big)
	wantErr(t, serve(t, h, newReq(t, "POST", methodURL("sendMessage"), "multipart/form-data; boundary="+boundary, chunked{strings.NewReader(body)})), 413, "Too Large")
	// Parts that are not form fields at all.
	var parts []part
	for i := 0; i < 20; i++ {
		parts = append(parts, part{headers: []string{"Content-Type: text/plain"}, body: strings.Repeat("z", 16<<10)})
	}
	parts = append(parts, field("chat_id", "1"), field("text", "hi"))
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(parts...))), 413, "Too Large")
	// Big headers on file parts count too.
	fp := filePart("photo", "a.jpg", "JPEG")
	fp.headers = append(fp.headers, "X-Pad: "+strings.Repeat("p", 200<<10))
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), fp))), 413, "Too Large")
	// File contents do not count against the body limit.
	res := serve(t, h, newReq(t, "POST", methodURL("sendPhoto"), "multipart/form-data; boundary="+boundary,
		chunked{strings.NewReader(multipartBody(field("chat_id", "1"), filePart("photo", "a.jpg", strings.Repeat("J", 1<<20))))}))
	mustOK(t, res)
}

func TestChatIDAcceptsGarbage(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	for _, v := range []string{"%20%20", "abc", "9223372036854775808", "-9223372036854775809", `%7B%22a%22%3A1%7D`, "%5B1%5D", "@", "@a%20b", "1.5", "%40%40x", "0x10"} {
		wantErr(t, serve(t, h, postForm(t, "sendMessage", "text=hi&chat_id="+v)), 400, `"chat_id"`)
	}
	for _, v := range []string{`"abc"`, `"  "`, `9223372036854775808`, `{"a":1}`, `"9223372036854775808"`, `1.5`, `true`} {
		wantErr(t, serve(t, h, postJSON(t, "sendMessage", `{"text":"hi","chat_id":`+v+`}`)), 400, `"chat_id"`)
	}
	for v, want := range map[string]any{"-1001234567890": int64(-1001234567890), "%40my_channel": "@my_channel", "42": int64(42)} {
		mustOK(t, serve(t, h, postForm(t, "sendMessage", "text=hi&chat_id="+v)))
		if got := chatID(t, r.last.(*botapi.SendMessageParams).ChatID); got != want {
			t.Errorf("%s: %v", v, got)
		}
	}
	for v, want := range map[string]any{`"@chan"`: "@chan", `"42"`: int64(42), `-7`: int64(-7)} {
		mustOK(t, serve(t, h, postJSON(t, "sendMessage", `{"text":"hi","chat_id":`+v+`}`)))
		if got := chatID(t, r.last.(*botapi.SendMessageParams).ChatID); got != want {
			t.Errorf("%s: %v", v, got)
		}
	}
}

func TestInvalidUTF8AndNULPassThrough(t *testing.T) {
	h := botapiserver.NewServer(newRecorder())
	const notUTF8 = "not valid UTF-8"
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=a%FFb")), 400, notUTF8)
	wantErr(t, serve(t, h, newReq(t, "POST", methodURL("sendMessage")+"?chat_id=1&text=a%C3", "", nil)), 400, notUTF8)
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(field("chat_id", "1"), field("text", "a\xffb")))), 400, notUTF8)
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", "{\"chat_id\":1,\"text\":\"a\xffb\"}")), 400, notUTF8)
	const nul = "NUL"
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=a%00b")), 400, nul)
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(field("chat_id", "1"), field("text", "a\x00b")))), 400, nul)
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", `{"chat_id":1,"text":"a\u0000b"}`)), 400, nul)
	wantErr(t, serve(t, h, postForm(t, "sendMessage", `chat_id=1&text=a&reply_markup={"force_reply":true,"x":"\u0000"}`)), 400, nul)
	// An escaped backslash before u0000 is text, not a NUL.
	mustOK(t, serve(t, h, postJSON(t, "sendMessage", `{"chat_id":1,"text":"a\\u0000b"}`)))
	mustOK(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=%C3%A9%E2%9C%93")))
}

func TestLenientNumbers(t *testing.T) {
	h := botapiserver.NewServer(newRecorder())
	for _, lat := range []string{"0x1p-2", "1e-400", "%2B5", "1_0", "Inf", ".5", "5.", "1e", "--1"} {
		wantErr(t, serve(t, h, postForm(t, "sendLocation", "chat_id=1&longitude=2&latitude="+lat)), 400, `"latitude"`)
	}
	wantErr(t, serve(t, h, postJSON(t, "sendLocation", `{"chat_id":1,"longitude":2,"latitude":"1e-400"}`)), 400, `"latitude"`)
	for _, id := range []string{"0x10", "%2B5", "1_000", "1e3"} {
		wantErr(t, serve(t, h, postForm(t, "forwardMessage", "chat_id=1&from_chat_id=2&message_id="+id)), 400, `"message_id"`)
	}
	for _, lat := range []string{"0", "-0.0", "52.52", "1e-300", "0.000", "5E%2B1"} {
		mustOK(t, serve(t, h, postForm(t, "sendLocation", "chat_id=1&longitude=2&latitude="+lat)))
	}
}

func TestFileServedWithSniffedType(t *testing.T) {
	store := mapStore{fstest.MapFS{
		"docs/x.html": {Data: []byte("<html><script>alert(1)</script>")},
		"docs/y.svg":  {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		"docs/z":      {Data: []byte("<!DOCTYPE html><p>hi")},
	}}
	h := botapiserver.NewServer(nil, botapiserver.WithFileStore(store))
	for _, p := range []string{"docs/x.html", "docs/y.svg", "docs/z"} {
		res := serve(t, h, newReq(t, "GET", "/file/bot"+token+"/"+p, "", nil))
		if res.status != 200 || res.header.Get("Content-Type") != "application/octet-stream" || res.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: %d %v", p, res.status, res.header)
		}
	}
}

func TestFileStoreFollowsSymlinks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "files")
	os.MkdirAll(filepath.Join(dir, "photos"), 0o700)
	os.WriteFile(filepath.Join(dir, "photos", "a.jpg"), []byte("IN"), 0o600)
	os.WriteFile(filepath.Join(root, "secret"), []byte("SECRET"), 0o600)
	if err := os.Symlink(filepath.Join(root, "secret"), filepath.Join(dir, "photos", "link.jpg")); err != nil {
		t.Skip("no symlinks:", err)
	}
	var hooked []error
	h := botapiserver.NewServer(nil, botapiserver.WithFileStore(botapiserver.DirFileStore(dir)),
		botapiserver.WithErrorHook(func(_ context.Context, _ string, err error) { hooked = append(hooked, err) }))
	if res := serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos/a.jpg", "", nil)); res.status != 200 || res.body != "IN" {
		t.Errorf("inside: %d %q", res.status, res.body)
	}
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos/link.jpg", "", nil)), 404, "Not Found")
	// A store of the caller's that meets os.Root's refusal answers 404 too.
	rootStore := storeFunc(func(ctx context.Context, p string) (fs.File, error) {
		r, err := os.OpenRoot(dir)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return r.Open(p)
	})
	h = botapiserver.NewServer(nil, botapiserver.WithFileStore(rootStore),
		botapiserver.WithErrorHook(func(_ context.Context, _ string, err error) { hooked = append(hooked, err) }))
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos/link.jpg", "", nil)), 404, "Not Found")
	if len(hooked) != 0 {
		t.Errorf("escapes reported as internal errors: %v", hooked)
	}
}

// timeoutBody fails like a connection whose read deadline passed.
type timeoutBody struct{ sent bool }

func (b *timeoutBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, "chat_id=1&te"), nil
	}
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 45583}
	peer := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 58162}
	return 0, &net.OpError{Op: "read", Net: "tcp", Source: addr, Addr: peer, Err: os.ErrDeadlineExceeded}
}

func TestTimeoutLeaksSocketAddress(t *testing.T) {
	h := botapiserver.NewServer(newRecorder())
	for _, ct := range []string{"application/x-www-form-urlencoded", "multipart/form-data; boundary=" + boundary} {
		body := io.Reader(&timeoutBody{})
		if strings.HasPrefix(ct, "multipart") {
			body = io.MultiReader(strings.NewReader("--"+boundary+"\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n1"), &timeoutBody{sent: true})
		}
		res := serve(t, h, newReq(t, "POST", methodURL("sendMessage"), ct, body))
		if res.status != 400 || strings.Contains(res.body, "127.0.0.1") || strings.Contains(res.body, "45583") || !strings.Contains(res.env.Description, "timed out") {
			t.Errorf("%s: %d %s", ct, res.status, res.body)
		}
	}
}

func TestExactlyOneRejectsEmptyBesideChoice(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	kb := func(buttons string) string {
		return `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[[` + buttons + `]]}}`
	}
	// What telebot v3 sends: the member it means plus an empty one.
	mustOK(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a","callback_data":"x","switch_inline_query_current_chat":""}`))))
	mustOK(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a","url":"https://e.org","switch_inline_query":"","switch_inline_query_current_chat":""}`))))
	// An empty member alone is a choice.
	mustOK(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a","switch_inline_query":""}`))))
	// Two real choices, or two empty ones, are still ambiguous.
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a","callback_data":"x","url":"https://e.org"}`))), 400, "exactly one")
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a","switch_inline_query":"","switch_inline_query_current_chat":""}`))), 400, "exactly one")
	wantErr(t, serve(t, h, postJSON(t, "sendMessage", kb(`{"text":"a"}`))), 400, "exactly one")
	// The client-side validator stays strict.
	b := botapi.InlineKeyboardButton{Text: "a", CallbackData: botapi.Some("x"), SwitchInlineQueryCurrentChat: botapi.Some("")}
	var ve *botapi.ValidationError
	if err := b.Validate(); !errors.As(err, &ve) {
		t.Errorf("client validation: %v", err)
	}
}

// spoolProbe is a service whose sendDocument reports whether its upload was
// spooled to a temporary file, and can hold the request open.
type spoolProbe struct {
	botapiserver.Unimplemented
	dir     string
	entered chan bool // receives "spooled?" when a call starts
	release chan struct{}
}

func (s *spoolProbe) SendDocument(ctx context.Context, p *botapi.SendDocumentParams) (*botapi.Message, error) {
	files, _ := filepath.Glob(filepath.Join(s.dir, "*"))
	s.entered <- len(files) > 0
	<-s.release
	return &botapi.Message{MessageID: 1, Date: 1, Chat: chat}, nil
}

func TestConcurrentUploadsUnboundedMemory(t *testing.T) {
	dir := t.TempDir()
	s := &spoolProbe{dir: dir, entered: make(chan bool), release: make(chan struct{})}
	h := botapiserver.NewServer(s, botapiserver.WithTempDir(dir), botapiserver.WithMaxMultipartMemory(1<<20), botapiserver.WithMaxMultipartMemoryTotal(1<<20))
	upload := func() *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, postMultipart(t, methodURL("sendDocument"), multipartBody(field("chat_id", "1"), filePart("document", "d.bin", strings.Repeat("D", 600<<10)))))
		return rec
	}
	done := make(chan int, 2)
	go func() { done <- upload().Code }()
	if spooled := <-s.entered; spooled {
		t.Fatal("first upload spooled")
	}
	// The first request holds 600 KiB of the 1 MiB shared budget: the
	// second upload no longer fits in memory.
	go func() { done <- upload().Code }()
	if spooled := <-s.entered; !spooled {
		t.Error("second concurrent upload kept in memory beyond the shared budget")
	}
	s.release <- struct{}{}
	s.release <- struct{}{}
	if a, b := <-done, <-done; a != 200 || b != 200 {
		t.Fatalf("status %d %d", a, b)
	}
	// Both requests gave their share back.
	go func() { done <- upload().Code }()
	if spooled := <-s.entered; spooled {
		t.Error("memory budget not given back")
	}
	s.release <- struct{}{}
	<-done
}

// TestMultipartPreambleLineBound: the server's own multipart reader (issue
// 14) reads lines between parts through a 16 KiB buffer. A preamble line
// within it is skipped like mime/multipart does; a longer one is a 400, not
// a growing buffer.
func TestMultipartPreambleLineBound(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithTempDir(t.TempDir()))
	body := multipartBody(field("chat_id", "1"), field("text", "hi"))
	short := strings.Repeat("p", 8<<10) + "\r\n" + body
	mustOK(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), short)))
	long := strings.Repeat("p", 20<<10) + "\r\n" + body
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), long)), 400, "multipart")
}
