package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

func TestPhotoUpload(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n\x00binary\r\n--not-a-boundary\x00"
	cases := []struct {
		name   string
		target string
		parts  []part
		want   upload
	}{
		{"upload", methodURL("sendPhoto"), []part{field("chat_id", "1"), filePart("photo", "cat.png", png)}, upload{Kind: "upload", Name: "cat.png", Data: png}},
		{"file first", methodURL("sendPhoto"), []part{filePart("photo", "cat.png", png), field("chat_id", "1")}, upload{Kind: "upload", Name: "cat.png", Data: png}},
		{"empty filename", methodURL("sendPhoto"), []part{field("chat_id", "1"), filePart("photo", "", png)}, upload{Kind: "upload", Name: "", Data: png}},
		{"unquoted filename", methodURL("sendPhoto"), []part{field("chat_id", "1"), {headers: []string{"Content-Disposition: form-data; name=photo; filename=cat.png"}, body: png}}, upload{Kind: "upload", Name: "cat.png", Data: png}},
		{"unquoted filename with space", methodURL("sendPhoto"), []part{field("chat_id", "1"), {headers: []string{"Content-Disposition: form-data; name=photo; filename=my cat.png"}, body: png}}, upload{Kind: "upload", Name: "my cat.png", Data: png}},
		{"lower-case headers, no content type", methodURL("sendPhoto"), []part{field("chat_id", "1"), {headers: []string{`content-disposition: form-data; name="photo"; filename="x.jpg"`}, body: "jpeg"}}, upload{Kind: "upload", Name: "x.jpg", Data: "jpeg"}},
		{"utf-8 filename", methodURL("sendPhoto"), []part{field("chat_id", "1"), {headers: []string{`Content-Disposition: form-data; name="photo"; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE.png`}, body: "x"}}, upload{Kind: "upload", Name: "фото.png", Data: "x"}},
		{"empty file", methodURL("sendPhoto"), []part{field("chat_id", "1"), filePart("photo", "empty.png", "")}, upload{Kind: "upload", Name: "empty.png", Data: ""}},
		{"params in query, empty query value for the file", methodURL("sendPhoto") + "?chat_id=1&photo=&caption=hi", []part{filePart("photo", "cat.png", png)}, upload{Kind: "upload", Name: "cat.png", Data: png}},
		{"attach top-level", methodURL("sendPhoto"), []part{field("chat_id", "1"), field("photo", "attach://file-0"), filePart("file-0", "a.png", "AAA")}, upload{Kind: "upload", Name: "a.png", Data: "AAA"}},
		{"file_id", methodURL("sendPhoto"), []part{field("chat_id", "1"), field("photo", "AgACAgIAAxkBAAIB")}, upload{Kind: "id", Ref: "AgACAgIAAxkBAAIB"}},
		{"url", methodURL("sendPhoto"), []part{field("chat_id", "1"), field("photo", "https://example.com/cat.png")}, upload{Kind: "url", Ref: "https://example.com/cat.png"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRecorder()
			res := serve(t, botapiserver.NewServer(r), postMultipart(t, tc.target, multipartBody(tc.parts...)))
			mustOK(t, res)
			if got := r.files["photo"]; got != tc.want {
				t.Fatalf("photo %+v, want %+v", got, tc.want)
			}
		})
	}
	// file_id and URL through urlencoded and JSON bodies.
	r := newRecorder()
	h := botapiserver.NewServer(r)
	mustOK(t, serve(t, h, postForm(t, "sendPhoto", "chat_id=1&photo=FILEID")))
	if r.files["photo"] != (upload{Kind: "id", Ref: "FILEID"}) {
		t.Fatal(r.files["photo"])
	}
	mustOK(t, serve(t, h, postJSON(t, "sendPhoto", `{"chat_id":1,"photo":"http://example.com/a.jpg"}`)))
	if r.files["photo"] != (upload{Kind: "url", Ref: "http://example.com/a.jpg"}) {
		t.Fatal(r.files["photo"])
	}
}

func TestUploadOnly(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	mustOK(t, serve(t, h, postMultipart(t, methodURL("setChatPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "p.jpg", "JPEG")))))
	if r.files["photo"].Data != "JPEG" {
		t.Fatal(r.files["photo"])
	}
	res := serve(t, h, postForm(t, "setChatPhoto", "chat_id=1&photo=FILEID"))
	wantErr(t, res, 400, "Bad Request: photo")
}

func TestMediaGroup(t *testing.T) {
	for _, names := range [][2]string{{"0", "1"}, {"file-0", "file-1"}, {"a8f3k2j1", "zz9q"}, {"dir/sub/photo.jpg", "dir/thumb"}} {
		t.Run(names[0], func(t *testing.T) {
			media := `[{"type":"photo","media":"attach://` + names[0] + `","caption":"first"},` +
				`{"type":"video","media":"attach://` + names[1] + `","thumb":"attach://` + names[0] + `","supports_streaming":true},` +
				`{"type":"photo","media":"FILEID"},{"type":"photo","media":"https://example.com/x.jpg","unknown_key":{"a":1}}]`
			body := multipartBody(field("chat_id", "@group"), field("media", media),
				filePart(names[0], "one.jpg", "ONE"), filePart(names[1], "two.mp4", "TWO"))
			r := newRecorder()
			mustOK(t, serve(t, botapiserver.NewServer(r), postMultipart(t, methodURL("sendMediaGroup"), body)))
			want := map[string]upload{
				"media[0].media": {Kind: "upload", Name: "one.jpg", Data: "ONE"},
				"media[1].media": {Kind: "upload", Name: "two.mp4", Data: "TWO"},
				"media[1].thumb": {Kind: "upload", Name: "one.jpg", Data: "ONE"},
				"media[2].media": {Kind: "id", Ref: "FILEID"},
				"media[3].media": {Kind: "url", Ref: "https://example.com/x.jpg"},
			}
			for k, w := range want {
				if r.files[k] != w {
					t.Errorf("%s = %+v, want %+v", k, r.files[k], w)
				}
			}
			p := r.last.(*botapi.SendMediaGroupParams)
			if v := p.Media[1].(*botapi.InputMediaVideo); !v.SupportsStreaming.Value() || p.Media[0].(*botapi.InputMediaPhoto).Caption.Value() != "first" {
				t.Fatalf("%+v", p.Media)
			}
		})
	}
	// media as a JSON string inside a JSON body (no uploads).
	r := newRecorder()
	mustOK(t, serve(t, botapiserver.NewServer(r), postJSON(t, "sendMediaGroup",
		`{"chat_id":1,"media":"[{\"type\":\"photo\",\"media\":\"ID1\"},{\"type\":\"photo\",\"media\":\"ID2\"}]"}`)))
	if r.files["media[1].media"] != (upload{Kind: "id", Ref: "ID2"}) {
		t.Fatal(r.files)
	}
	// editMessageMedia: one InputMedia object with attach.
	r = newRecorder()
	mustOK(t, serve(t, botapiserver.NewServer(r), postMultipart(t, methodURL("editMessageMedia"), multipartBody(
		field("chat_id", "1"), field("message_id", "5"),
		field("media", `{"type":"document","media":"attach://doc","thumb":"attach://th"}`),
		filePart("doc", "a.pdf", "PDF"), filePart("th", "t.jpg", "THUMB")))))
	if r.files["media[0].media"].Data != "PDF" || r.files["media[0].thumb"].Data != "THUMB" {
		t.Fatal(r.files)
	}
}

func TestSpoolToDisk(t *testing.T) {
	dir := t.TempDir()
	r := newRecorder()
	h := botapiserver.NewServer(r, botapiserver.WithMaxMultipartMemory(10), botapiserver.WithTempDir(dir))
	big := strings.Repeat("0123456789", 1000)
	res := serve(t, h, postMultipart(t, methodURL("sendMediaGroup"), multipartBody(field("chat_id", "1"),
		field("media", `[{"type":"photo","media":"attach://a"},{"type":"photo","media":"attach://b"}]`),
		filePart("a", "a.bin", big), filePart("b", "b.bin", "small"))))
	mustOK(t, res)
	if r.files["media[0].media"].Data != big || r.files["media[1].media"].Data != "small" {
		t.Fatal("spooled contents differ")
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 0 {
		t.Fatalf("temporary files left behind: %v", left)
	}
}

func TestLimits(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r, botapiserver.WithMaxBodySize(100), botapiserver.WithMaxUploadSize(1000))
	long := strings.Repeat("x", 200)
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text="+long)), 413, "Request Entity Too Large")
	req := postJSON(t, "sendMessage", `{"chat_id":1,"text":"`+long+`"}`)
	req.Body = readCloser{chunked{strings.NewReader(`{"chat_id":1,"text":"` + long + `"}`)}}
	req.ContentLength = -1
	wantErr(t, serve(t, h, req), 413, "Request Entity Too Large")
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), field("caption", long), filePart("photo", "a", "x")))), 413, "Too Large")
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "a", strings.Repeat("y", 1001))))), 413, "Too Large")
	// Two files of 600 bytes: 1200 > 1000 per request.
	wantErr(t, serve(t, h, postMultipart(t, methodURL("sendMediaGroup"), multipartBody(field("chat_id", "1"),
		filePart("a", "a", strings.Repeat("y", 600)), filePart("b", "b", strings.Repeat("y", 600))))), 413, "Too Large")
	// At the limit: accepted.
	mustOK(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "a", strings.Repeat("y", 1000))))))
	if r.files["photo"].Data != strings.Repeat("y", 1000) {
		t.Fatal("upload at the limit")
	}
	// The local server limit raises the upload limit.
	h = botapiserver.NewServer(r, botapiserver.WithMaxUploadSize(10), botapiserver.WithLocalServerLimits())
	mustOK(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "a", strings.Repeat("y", 100))))))
}

type readCloser struct {
	r interface{ Read([]byte) (int, error) }
}

func (r readCloser) Read(p []byte) (int, error) { return r.r.Read(p) }
func (readCloser) Close() error                 { return nil }

type mapStore struct{ fs fstest.MapFS }

func (m mapStore) Open(ctx context.Context, p string) (fs.File, error) {
	if tok, _ := botapiserver.TokenFromContext(ctx); tok != token {
		return nil, &botapi.Error{Code: 403, Description: "Forbidden: wrong token in context"}
	}
	if p == "boom" {
		return nil, errors.New("disk on fire")
	}
	return m.fs.Open(p)
}

func TestFileDownload(t *testing.T) {
	store := mapStore{fstest.MapFS{"photos/file_1.jpg": {Data: []byte("JPEGDATA")}, "docs/a b.txt": {Data: []byte("text")}}}
	var hooked []error
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithFileStore(store), botapiserver.WithTokens(token),
		botapiserver.WithErrorHook(func(_ context.Context, _ string, err error) { hooked = append(hooked, err) }))
	res := serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos/file_1.jpg", "", nil))
	if res.status != 200 || res.body != "JPEGDATA" {
		t.Fatalf("%d %q", res.status, res.body)
	}
	req := newReq(t, "GET", "/file/bot"+token+"/photos/file_1.jpg", "", nil)
	req.Header.Set("Range", "bytes=4-")
	if res := serve(t, h, req); res.status != 206 || res.body != "DATA" {
		t.Fatalf("range: %d %q", res.status, res.body)
	}
	if res := serve(t, h, newReq(t, "GET", "/file/bot"+token+"/docs/a%20b.txt", "", nil)); res.body != "text" {
		t.Fatal(res.body)
	}
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos/missing.jpg", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/bot"+token+"/photos", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/botWRONG/photos/file_1.jpg", "", nil)), 401, "Unauthorized")
	wantErr(t, serve(t, h, newReq(t, "GET", "/file/bot"+token+"/boom", "", nil)), 500, "Internal Server Error")
	if len(hooked) != 1 || !strings.Contains(hooked[0].Error(), "disk on fire") {
		t.Fatal(hooked)
	}
	wantErr(t, serve(t, h, newReq(t, "POST", "/file/bot"+token+"/photos/file_1.jpg", "", nil)), 405, "Method Not Allowed")
	// No store: 404.
	wantErr(t, serve(t, botapiserver.NewServer(nil), newReq(t, "GET", "/file/bot"+token+"/photos/file_1.jpg", "", nil)), 404, "Not Found")
}

func TestFileTraversal(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "secret"), []byte("s"), 0o600)
	called := false
	store := storeFunc(func(ctx context.Context, p string) (fs.File, error) {
		called = true
		return nil, fs.ErrNotExist
	})
	h := botapiserver.NewServer(nil, botapiserver.WithFileStore(store))
	for _, p := range []string{
		"../secret", "photos/../../secret", "a/..", "./a", "a/./b", "a//b", "a/", "%2e%2e/secret", "a%2fb", "a%2Fb", "a%5cb",
		"a%00b", "a\\b", "..%5csecret", "/etc/passwd", "%2fetc/passwd", "C:/x", "a%0ab", "%ff",
	} {
		called = false
		req := newReq(t, "GET", "/file/bot"+token+"/x", "", nil)
		req.URL, _ = url.Parse("/file/bot" + token + "/" + p)
		if req.URL == nil {
			continue
		}
		res := serve(t, h, req)
		if res.status != 400 || called {
			t.Errorf("%q: status %d (store called %v): %s", p, res.status, called, res.body)
		}
	}
}

type storeFunc func(ctx context.Context, p string) (fs.File, error)

func (f storeFunc) Open(ctx context.Context, p string) (fs.File, error) { return f(ctx, p) }

// chunkSvc checks an upload kept in memory in pooled chunks: read whole,
// by ReadAt across chunk boundaries, after a Seek, and kept past the call.
type chunkSvc struct {
	botapiserver.Unimplemented
	t    *testing.T
	want string
	kept io.Reader
}

func (s *chunkSvc) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	r := p.Photo.Reader()
	var b bytes.Buffer
	if _, err := io.Copy(&b, r); err != nil || b.String() != s.want {
		s.t.Errorf("read %d bytes (%v), want %d", b.Len(), err, len(s.want))
	}
	if sk, ok := r.(io.Seeker); !ok {
		s.t.Errorf("upload reader %T is not an io.Seeker", r)
	} else if len(s.want) >= 3 {
		if pos, err := sk.Seek(-3, io.SeekEnd); err != nil || pos != int64(len(s.want)-3) {
			s.t.Errorf("seek: %d, %v", pos, err)
		}
		got, _ := io.ReadAll(r)
		if string(got) != s.want[len(s.want)-3:] {
			s.t.Errorf("after seek: %q", got)
		}
		sk.Seek(0, io.SeekStart)
		one := make([]byte, 1)
		var c strings.Builder
		for {
			n, err := r.Read(one)
			c.Write(one[:n])
			if err != nil {
				break
			}
		}
		if c.String() != s.want {
			s.t.Errorf("byte-wise read differs")
		}
	}
	if ra, ok := r.(io.ReaderAt); ok && len(s.want) > 40000 {
		buf := make([]byte, 20000)
		if n, err := ra.ReadAt(buf, 20000); n != len(buf) || err != nil || string(buf) != s.want[20000:40000] {
			s.t.Errorf("ReadAt across a chunk boundary: %d, %v", n, err)
		}
	}
	s.kept = p.Photo.Reader()
	return &botapi.Message{MessageID: 1}, nil
}

func TestUploadChunks(t *testing.T) {
	var sb strings.Builder
	for i := 0; sb.Len() < 200<<10; i++ {
		sb.WriteString(strconv.Itoa(i))
		sb.WriteByte(',')
	}
	all := sb.String()
	for _, size := range []int{0, 1, 32<<10 - 1, 32 << 10, 32<<10 + 1, 64 << 10, 100<<10 + 7, 200 << 10} {
		for _, mem := range []int64{8 << 20, 40 << 10} {
			t.Run(fmt.Sprint(size, "/", mem), func(t *testing.T) {
				dir := t.TempDir()
				data := all[:size]
				s := &chunkSvc{t: t, want: data}
				h := botapiserver.NewServer(s, botapiserver.WithMaxMultipartMemory(mem), botapiserver.WithTempDir(dir))
				for range 2 { // the second request reuses pooled chunks
					mustOK(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "p.bin", data)))))
				}
				if n, err := s.kept.Read(make([]byte, 10)); err == nil && size > 0 {
					t.Fatalf("an upload read after the call returned %d bytes and no error", n)
				}
				if left, _ := os.ReadDir(dir); len(left) != 0 {
					t.Fatalf("temporary files left behind: %v", left)
				}
			})
		}
	}
}
