package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

const token = "123456:ABC-def_ghi"

// upload is what the service read from an InputFile during the call.
type upload struct {
	Kind string // "upload", "id", "url", "unset"
	Name string
	Data string
	Ref  string
}

func readFile(f botapi.InputFile) upload {
	switch {
	case !f.IsSet():
		return upload{Kind: "unset"}
	case f.IsUpload():
		u := upload{Kind: "upload", Name: f.Name()}
		if r := f.Reader(); r != nil {
			b, err := io.ReadAll(r)
			if err != nil {
				u.Data = "read error: " + err.Error()
			} else {
				u.Data = string(b)
			}
		} else {
			u.Data = "<no reader>"
		}
		return u
	case f.IsURL():
		return upload{Kind: "url", Ref: f.Ref()}
	}
	return upload{Kind: "id", Ref: f.Ref()}
}

// recorder is an in-memory implementation that records what it was called
// with and reads uploads while the call lasts.
type recorder struct {
	botapiserver.Unimplemented

	mu     sync.Mutex
	calls  []string
	last   any
	files  map[string]upload // by path ("photo", "media[0].media")
	tokens []string
	err    error // returned by every method when set
	panic  any
	nilRes bool
}

func newRecorder() *recorder { return &recorder{files: map[string]upload{}} }

func (r *recorder) record(ctx context.Context, name string, p any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, name)
	r.last = p
	tok, _ := botapiserver.TokenFromContext(ctx)
	r.tokens = append(r.tokens, tok)
	if r.panic != nil {
		panic(r.panic)
	}
	return r.err
}

func (r *recorder) file(path string, f botapi.InputFile) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.files[path] = readFile(f)
}

var chat = botapi.Chat{ID: 42, Type: botapi.ChatTypePrivate}

func (r *recorder) message() *botapi.Message {
	if r.nilRes {
		return nil
	}
	return &botapi.Message{MessageID: 7, Date: 1600000000, Chat: chat, Text: botapi.Some("ok")}
}

func (r *recorder) GetMe(ctx context.Context) (*botapi.User, error) {
	if err := r.record(ctx, "getMe", nil); err != nil {
		return nil, err
	}
	if r.nilRes {
		return nil, nil
	}
	return &botapi.User{ID: 1, IsBot: true, FirstName: "Bot", Username: botapi.Some("the_bot")}, nil
}

func (r *recorder) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	if err := r.record(ctx, "sendMessage", p); err != nil {
		return nil, err
	}
	return r.message(), nil
}

func (r *recorder) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	r.file("photo", p.Photo)
	if err := r.record(ctx, "sendPhoto", p); err != nil {
		return nil, err
	}
	return r.message(), nil
}

func (r *recorder) SendDocument(ctx context.Context, p *botapi.SendDocumentParams) (*botapi.Message, error) {
	r.file("document", p.Document)
	r.file("thumb", p.Thumb)
	if err := r.record(ctx, "sendDocument", p); err != nil {
		return nil, err
	}
	return r.message(), nil
}

func (r *recorder) SetChatPhoto(ctx context.Context, p *botapi.SetChatPhotoParams) error {
	r.file("photo", p.Photo)
	return r.record(ctx, "setChatPhoto", p)
}

func (r *recorder) SetWebhook(ctx context.Context, p *botapi.SetWebhookParams) error {
	r.file("certificate", p.Certificate)
	return r.record(ctx, "setWebhook", p)
}

func mediaFiles(r *recorder, media []botapi.InputMedia, prefix string) {
	for i, m := range media {
		p := fmt.Sprintf("%s[%d]", prefix, i)
		switch m := m.(type) {
		case *botapi.InputMediaPhoto:
			r.file(p+".media", m.Media)
		case *botapi.InputMediaVideo:
			r.file(p+".media", m.Media)
			r.file(p+".thumb", m.Thumb)
		case *botapi.InputMediaDocument:
			r.file(p+".media", m.Media)
			r.file(p+".thumb", m.Thumb)
		case *botapi.InputMediaAudio:
			r.file(p+".media", m.Media)
			r.file(p+".thumb", m.Thumb)
		case *botapi.InputMediaAnimation:
			r.file(p+".media", m.Media)
			r.file(p+".thumb", m.Thumb)
		}
	}
}

func (r *recorder) SendMediaGroup(ctx context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	mediaFiles(r, p.Media, "media")
	if err := r.record(ctx, "sendMediaGroup", p); err != nil {
		return nil, err
	}
	out := make([]botapi.Message, len(p.Media))
	for i := range out {
		out[i] = botapi.Message{MessageID: int64(10 + i), Date: 1600000000, Chat: chat}
	}
	return out, nil
}

func (r *recorder) EditMessageMedia(ctx context.Context, p *botapi.EditMessageMediaParams) (botapi.MessageOrTrue, error) {
	mediaFiles(r, []botapi.InputMedia{p.Media}, "media")
	if err := r.record(ctx, "editMessageMedia", p); err != nil {
		return botapi.MessageOrTrue{}, err
	}
	return botapi.MessageOrTrueFromTrue(), nil
}

func (r *recorder) SendPoll(ctx context.Context, p *botapi.SendPollParams) (*botapi.Message, error) {
	if err := r.record(ctx, "sendPoll", p); err != nil {
		return nil, err
	}
	return r.message(), nil
}

func (r *recorder) SendLocation(ctx context.Context, p *botapi.SendLocationParams) (*botapi.Message, error) {
	if err := r.record(ctx, "sendLocation", p); err != nil {
		return nil, err
	}
	return r.message(), nil
}

func (r *recorder) SendChatAction(ctx context.Context, p *botapi.SendChatActionParams) error {
	return r.record(ctx, "sendChatAction", p)
}

func (r *recorder) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	if err := r.record(ctx, "getUpdates", p); err != nil {
		return nil, err
	}
	return []botapi.Update{{UpdateID: 100, Message: r.message()}}, nil
}

func (r *recorder) GetChatMembersCount(ctx context.Context, p *botapi.GetChatMembersCountParams) (int, error) {
	if err := r.record(ctx, "getChatMembersCount", p); err != nil {
		return 0, err
	}
	return 12, nil
}

func (r *recorder) ExportChatInviteLink(ctx context.Context, p *botapi.ExportChatInviteLinkParams) (string, error) {
	if err := r.record(ctx, "exportChatInviteLink", p); err != nil {
		return "", err
	}
	return "https://example.invalid/join", nil
}

func (r *recorder) SetMyCommands(ctx context.Context, p *botapi.SetMyCommandsParams) error {
	return r.record(ctx, "setMyCommands", p)
}

func (r *recorder) GetFile(ctx context.Context, p *botapi.GetFileParams) (*botapi.File, error) {
	if err := r.record(ctx, "getFile", p); err != nil {
		return nil, err
	}
	return &botapi.File{FileID: p.FileID, FileUniqueID: "u1", FilePath: botapi.Some("photos/file_1.jpg")}, nil
}

// envelope is a decoded response.
type envelope struct {
	OK          bool            `json:"ok"`
	Result      json.RawMessage `json:"result"`
	ErrorCode   int             `json:"error_code"`
	Description string          `json:"description"`
	Parameters  *struct {
		RetryAfter      int   `json:"retry_after"`
		MigrateToChatID int64 `json:"migrate_to_chat_id"`
	} `json:"parameters"`
}

type response struct {
	status int
	header http.Header
	body   string
	env    envelope
}

func serve(t testing.TB, h http.Handler, req *http.Request) response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := response{status: rec.Code, header: rec.Header(), body: rec.Body.String()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(rec.Body.Bytes(), &res.env); err != nil {
			t.Fatalf("response is not JSON: %v\n%s", err, rec.Body.String())
		}
		if res.env.OK != (res.status == 200) {
			t.Fatalf("status %d but ok=%v: %s", res.status, res.env.OK, res.body)
		}
		if !res.env.OK && res.env.ErrorCode != res.status {
			t.Fatalf("status %d but error_code %d", res.status, res.env.ErrorCode)
		}
	}
	return res
}

func methodURL(method string) string { return "/bot" + token + "/" + method }

func newReq(t testing.TB, httpMethod, target, contentType string, body io.Reader) *http.Request {
	t.Helper()
	req := httptest.NewRequest(httpMethod, target, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return req
}

func postJSON(t testing.TB, method, body string) *http.Request {
	return newReq(t, "POST", methodURL(method), "application/json", strings.NewReader(body))
}

func postForm(t testing.TB, method, body string) *http.Request {
	return newReq(t, "POST", methodURL(method), "application/x-www-form-urlencoded", strings.NewReader(body))
}

// part is one multipart part written by hand, so that tests control every
// byte of the headers.
type part struct {
	headers []string // full header lines
	body    string
}

func field(name, value string) part {
	return part{headers: []string{`Content-Disposition: form-data; name="` + name + `"`}, body: value}
}

func filePart(name, filename, data string) part {
	return part{headers: []string{
		`Content-Disposition: form-data; name="` + name + `"; filename="` + filename + `"`,
		"Content-Type: application/octet-stream",
	}, body: data}
}

const boundary = "XyZzY-boundary"

func multipartBody(parts ...part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString("--" + boundary + "\r\n")
		for _, h := range p.headers {
			b.WriteString(h + "\r\n")
		}
		b.WriteString("\r\n")
		b.WriteString(p.body)
		b.WriteString("\r\n")
	}
	b.WriteString("--" + boundary + "--\r\n")
	return b.String()
}

func postMultipart(t testing.TB, target string, body string) *http.Request {
	return newReq(t, "POST", target, "multipart/form-data; boundary="+boundary, strings.NewReader(body))
}

// chunked hides the length of a body so that the request is sent without
// Content-Length.
type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) {
	if len(p) > 7 {
		p = p[:7]
	}
	return c.r.Read(p)
}

func mustOK(t testing.TB, res response) {
	t.Helper()
	if res.status != 200 {
		t.Fatalf("status %d: %s", res.status, res.body)
	}
}

func wantErr(t testing.TB, res response, status int, descPart string) {
	t.Helper()
	if res.status != status {
		t.Fatalf("status %d, want %d: %s", res.status, status, res.body)
	}
	if !strings.Contains(res.env.Description, descPart) {
		t.Fatalf("description %q does not contain %q", res.env.Description, descPart)
	}
}

func chatID(t testing.TB, c botapi.ChatRef) any {
	t.Helper()
	if n, ok := c.AsInteger64(); ok {
		return n
	}
	if s, ok := c.AsString(); ok {
		return s
	}
	t.Fatal("chat_id unset")
	return nil
}

var errBoom = errors.New("db password is hunter2")

var _ = bytes.NewReader
