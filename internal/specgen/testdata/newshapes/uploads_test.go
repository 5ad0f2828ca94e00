// This file is copied next to the package generated from
// specgen.NewShapes(5.0 document) and run there by
// TestNewShapesBuildAndRoundTrip: the client's uploads reach the server
// through either union of a shared variant. It is an external test, as the
// server package beside the package imports it; it reads the package's
// names unqualified.
package botapi_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	. "example.com/scale"
	"example.com/scale/botapiserver"
)

// uploads records what the server received.
type uploads struct {
	botapiserver.Unimplemented
	album, edit string
}

func read(t *testing.T, f InputFile) string {
	if !f.IsUpload() {
		return "not an upload: " + f.String()
	}
	b, err := io.ReadAll(f.Reader())
	if err != nil {
		return err.Error()
	}
	return f.Name() + ":" + string(b)
}

func (u *uploads) SendAlbum(ctx context.Context, p *SendAlbumParams) ([]Message, error) {
	if ph, ok := p.Media[0].(*InputMediaPhoto); ok {
		u.album = read(nil, ph.Media)
	}
	return []Message{{MessageID: 1, Date: 1, Chat: Chat{ID: 1, Type: ChatTypePrivate}}}, nil
}

func (u *uploads) EditMessageMedia(ctx context.Context, p *EditMessageMediaParams) (MessageOrTrue, error) {
	if ph, ok := p.Media.(*InputMediaPhoto); ok {
		u.edit = read(nil, ph.Media)
	}
	return MessageOrTrueFromTrue(), nil
}

func TestUploadsThroughEitherUnion(t *testing.T) {
	svc := &uploads{}
	srv := httptest.NewServer(botapiserver.NewServer(svc))
	defer srv.Close()
	c := NewClient("123:abc", WithBaseURL(srv.URL))
	ctx := context.Background()
	if _, err := c.SendAlbum(ctx, &SendAlbumParams{ChatID: ChatRefFromInteger64(1), Media: []InputMediaAlbum{
		&InputMediaPhoto{Media: Upload("a.jpg", strings.NewReader("album bytes"))},
		&InputMediaVideo{Media: FileID("vid")},
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.EditMessageMedia(ctx, &EditMessageMediaParams{ChatID: ChatRefFromInteger64(1), MessageID: 2,
		Media: &InputMediaPhoto{Media: Upload("b.jpg", strings.NewReader("edit bytes"))}}); err != nil {
		t.Fatal(err)
	}
	if svc.album != "a.jpg:album bytes" || svc.edit != "b.jpg:edit bytes" {
		t.Fatalf("uploads received: album %q, edit %q", svc.album, svc.edit)
	}
}
