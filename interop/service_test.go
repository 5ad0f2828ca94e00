package interop

import (
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// token has the shape clients check: digits, a colon, 35 characters.
const token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0"

// file is an InputFile as the implementation read it during the call.
type file struct {
	Upload bool
	Name   string
	Data   string
	Ref    string
}

func read(f botapi.InputFile) file {
	if !f.IsUpload() {
		return file{Ref: f.Ref()}
	}
	out := file{Upload: true, Name: f.Name()}
	if r := f.Reader(); r != nil {
		b, _ := io.ReadAll(r)
		out.Data = string(b)
	}
	return out
}

// memService is an in-memory bot backend: it records every call.
type memService struct {
	botapiserver.Unimplemented
	mu    sync.Mutex
	last  map[string]any
	files map[string]file
	seq   int64
}

func newMem() *memService { return &memService{last: map[string]any{}, files: map[string]file{}} }

func (m *memService) rec(method string, p any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last[method] = p
}

func (m *memService) file(key string, f botapi.InputFile) {
	if !f.IsSet() {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[key] = read(f)
}

func (m *memService) msg(chat botapi.ChatRef) *botapi.Message {
	m.mu.Lock()
	m.seq++
	id := m.seq
	m.mu.Unlock()
	c := botapi.Chat{ID: 42, Type: botapi.ChatTypePrivate}
	if n, ok := chat.AsInteger64(); ok {
		c.ID = n
	}
	return &botapi.Message{MessageID: id, Date: 1700000000, Chat: c}
}

func (m *memService) GetMe(ctx context.Context) (*botapi.User, error) {
	return &botapi.User{ID: 123456789, IsBot: true, FirstName: "Interop", Username: botapi.Some("interop_bot")}, nil
}

func (m *memService) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	m.rec("sendMessage", p)
	msg := m.msg(p.ChatID)
	msg.Text = botapi.Some(p.Text)
	return msg, nil
}

func (m *memService) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	m.file("photo", p.Photo)
	m.rec("sendPhoto", p)
	msg := m.msg(p.ChatID)
	msg.Photo = []botapi.PhotoSize{{FileID: "photo-1", FileUniqueID: "u-photo-1", Width: 1, Height: 1}}
	return msg, nil
}

func (m *memService) SendMediaGroup(ctx context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	for i, it := range p.Media {
		if ph, ok := it.(*botapi.InputMediaPhoto); ok {
			m.file("media"+string(rune('0'+i)), ph.Media)
		}
	}
	m.rec("sendMediaGroup", p)
	out := []botapi.Message{}
	for range p.Media {
		out = append(out, *m.msg(p.ChatID))
	}
	return out, nil
}

func (m *memService) SendPoll(ctx context.Context, p *botapi.SendPollParams) (*botapi.Message, error) {
	m.rec("sendPoll", p)
	return m.msg(p.ChatID), nil
}

func (m *memService) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	m.rec("getUpdates", p)
	return []botapi.Update{{UpdateID: 501, Message: &botapi.Message{MessageID: 9, Date: 1700000000,
		Chat: botapi.Chat{ID: 7, Type: botapi.ChatTypePrivate}, Text: botapi.Some("/start")}}}, nil
}

func (m *memService) GetFile(ctx context.Context, p *botapi.GetFileParams) (*botapi.File, error) {
	m.rec("getFile", p)
	return &botapi.File{FileID: p.FileID, FileUniqueID: "u-" + p.FileID, FileSize: botapi.Some(len(fileData)), FilePath: botapi.Some("photos/file_0.jpg")}, nil
}

const fileData = "\xff\xd8\xff\xe0 fake jpeg"

type store struct{ fs fstest.MapFS }

func (s store) Open(ctx context.Context, p string) (fs.File, error) { return s.fs.Open(p) }

// start serves a fresh memService on 127.0.0.1.
func start(t *testing.T) (*memService, *httptest.Server) {
	t.Helper()
	m := newMem()
	h := botapiserver.NewServer(m, botapiserver.WithTokens(token),
		botapiserver.WithFileStore(store{fstest.MapFS{"photos/file_0.jpg": {Data: []byte(fileData)}}}),
		botapiserver.WithErrorHook(func(_ context.Context, method string, err error) { t.Errorf("%s: %v", method, err) }))
	srv := httptest.NewUnstartedServer(h)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return m, srv
}

func download(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("download %s: %d %s", url, res.StatusCode, b)
	}
	return string(b)
}

func chatOf(t *testing.T, c botapi.ChatRef) any {
	if n, ok := c.AsInteger64(); ok {
		return n
	}
	if s, ok := c.AsString(); ok {
		return s
	}
	t.Fatal("chat_id unset")
	return nil
}
