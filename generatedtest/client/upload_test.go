package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

type part struct {
	name, filename, ctype string
	data                  []byte
}

func parseMultipart(t *testing.T, r recorded) []part {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.ContentType)
	if err != nil || mt != "multipart/form-data" {
		t.Fatalf("content type %q: %v", r.ContentType, err)
	}
	mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
	var out []part
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("multipart: %v", err)
		}
		data, _ := io.ReadAll(p)
		out = append(out, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), data})
	}
}

func checkParts(t *testing.T, got []part, want []part) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d parts, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if i >= len(got) {
			break
		}
		g, w := got[i], want[i]
		if g.name != w.name || g.filename != w.filename || string(g.data) != string(w.data) {
			t.Errorf("part %d: got %s filename=%q %q, want %s filename=%q %q", i, g.name, g.filename, g.data, w.name, w.filename, w.data)
		}
		if w.filename != "" && g.ctype != "application/octet-stream" {
			t.Errorf("part %d content type %q", i, g.ctype)
		}
	}
}

const msg = `{"message_id":1,"date":1,"chat":{"id":1,"type":"private"}}`

func TestUploadTopLevel(t *testing.T) {
	rec := newRecorder(t, ok(msg))
	c := rec.client()
	_, err := c.SendPhoto(context.Background(), &botapi.SendPhotoParams{
		ChatID:      chat(42),
		Photo:       botapi.Upload(`evil"name`+"\r\nX: y.png", strings.NewReader("PNGDATA")),
		Caption:     botapi.Some("hello"),
		ReplyMarkup: &botapi.ForceReply{ForceReply: botapi.True{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := parseMultipart(t, rec.last())
	checkParts(t, got, []part{
		{name: "chat_id", data: []byte("42")},
		{name: "caption", data: []byte("hello")},
		{name: "reply_markup", data: []byte(`{"force_reply":true}`)},
		{name: "photo", filename: `evil"name__X: y.png`, data: []byte("PNGDATA")},
	})
}

func TestUploadThumbAndFileID(t *testing.T) {
	rec := newRecorder(t, ok(msg))
	c := rec.client()
	_, err := c.SendDocument(context.Background(), &botapi.SendDocumentParams{
		ChatID:   botapi.ChatRefFromString("@chan"),
		Document: botapi.FileID("AgADBAAD"),
		Thumb:    botapi.Upload("t.jpg", strings.NewReader("JPEG")),
	})
	if err != nil {
		t.Fatal(err)
	}
	checkParts(t, parseMultipart(t, rec.last()), []part{
		{name: "chat_id", data: []byte("@chan")},
		{name: "document", data: []byte("AgADBAAD")},
		{name: "thumb", filename: "t.jpg", data: []byte("JPEG")},
	})
	// Without uploads the same call is JSON.
	_, err = c.SendDocument(context.Background(), &botapi.SendDocumentParams{ChatID: chat(1), Document: botapi.FileURL("https://example.invalid/a.pdf")})
	if err != nil {
		t.Fatal(err)
	}
	if r := rec.last(); r.ContentType != "application/json" || string(r.Body) != `{"chat_id":1,"document":"https://example.invalid/a.pdf"}` {
		t.Errorf("got %s %s", r.ContentType, r.Body)
	}
}

func TestUploadMediaGroup(t *testing.T) {
	rec := newRecorder(t, ok("["+msg+","+msg+","+msg+"]"))
	c := rec.client()
	media := []botapi.InputMedia{
		&botapi.InputMediaPhoto{Media: botapi.Upload("a.jpg", strings.NewReader("AAA")), Caption: botapi.Some("first")},
		&botapi.InputMediaPhoto{Media: botapi.FileID("known")},
		&botapi.InputMediaVideo{Media: botapi.Upload("v.mp4", strings.NewReader("VVV")), Thumb: botapi.Upload("v.jpg", strings.NewReader("TTT"))},
	}
	res, err := c.SendMediaGroup(context.Background(), &botapi.SendMediaGroupParams{ChatID: chat(7), Media: media})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 3 {
		t.Errorf("%d messages", len(res))
	}
	checkParts(t, parseMultipart(t, rec.last()), []part{
		{name: "chat_id", data: []byte("7")},
		{name: "media", data: []byte(`[{"type":"photo","media":"attach://file0","caption":"first"},{"type":"photo","media":"known"},{"type":"video","media":"attach://file1","thumb":"attach://file2"}]`)},
		{name: "file0", filename: "a.jpg", data: []byte("AAA")},
		{name: "file1", filename: "v.mp4", data: []byte("VVV")},
		{name: "file2", filename: "v.jpg", data: []byte("TTT")},
	})
	// The caller's values are untouched: encoding them alone still
	// refuses the uploads (no part name was stored in them).
	if b, err := media[0].(*botapi.InputMediaPhoto).MarshalJSON(); err == nil {
		t.Errorf("caller's InputMedia was modified: %s", b)
	}
}

func TestUploadEditMessageMedia(t *testing.T) {
	rec := newRecorder(t, ok("true"))
	c := rec.client()
	_, err := c.EditMessageMedia(context.Background(), &botapi.EditMessageMediaParams{
		InlineMessageID: "inl",
		Media:           &botapi.InputMediaDocument{Media: botapi.Upload("d.txt", strings.NewReader("DOC"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkParts(t, parseMultipart(t, rec.last()), []part{
		{name: "inline_message_id", data: []byte("inl")},
		{name: "media", data: []byte(`{"type":"document","media":"attach://file0"}`)},
		{name: "file0", filename: "d.txt", data: []byte("DOC")},
	})
}

func TestUploadOnlyRejectsReference(t *testing.T) {
	rec := newRecorder(t)
	c := rec.client()
	err := c.SetChatPhoto(context.Background(), &botapi.SetChatPhotoParams{ChatID: chat(1), Photo: botapi.FileID("x")})
	var ve *botapi.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a validation error, got %v", err)
	}
	if len(rec.requests()) != 0 {
		t.Error("an invalid request reached the network")
	}
	if err := c.SetChatPhoto(context.Background(), &botapi.SetChatPhotoParams{ChatID: chat(1), Photo: botapi.Upload("p.png", strings.NewReader("P"))}); err != nil {
		t.Fatal(err)
	}
	checkParts(t, parseMultipart(t, rec.last()), []part{
		{name: "chat_id", data: []byte("1")},
		{name: "photo", filename: "p.png", data: []byte("P")},
	})
}

// failingReader fails after n bytes.
type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk on fire")
	}
	if len(p) > f.n {
		p = p[:f.n]
	}
	for i := range p {
		p[i] = 'x'
	}
	f.n -= len(p)
	return len(p), nil
}

func TestUploadReaderError(t *testing.T) {
	rec := newRecorder(t, ok(msg))
	c := rec.client()
	_, err := c.SendVoice(context.Background(), &botapi.SendVoiceParams{ChatID: chat(1), Voice: botapi.Upload("v.ogg", &failingReader{n: 100000})})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("want the reader's error, got %v", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Errorf("token in error: %v", err)
	}
}
