package bench

// Full client calls side by side: sendMessage built, sent over the same
// in-memory http.RoundTripper, and its result decoded, with the generated
// client, telego v1.6.0 (net/http caller) and go-telegram-bot-api v5.5.1.
// Plus a 50 MB streamed upload through the generated client, reporting the
// heap bytes allocated per upload.
//
//	go test -run '^$' -bench 'Client' -benchmem

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/mymmrac/telego"

	"github.com/apigen/apigen/generated/botapi"
)

// clientToken has the shape telego insists on.
const clientToken = "123456789:AAEexampleexampleexampleexample0001"

var (
	clientRespOnce sync.Once
	clientSendResp []byte // {"ok":true,"result":<message>}
	clientMeResp   = []byte(`{"ok":true,"result":{"id":5012345678,"is_bot":true,"first_name":"Helper Bot","username":"helper_bot"}}`)
)

func clientResponses() {
	clientRespOnce.Do(func() {
		var u map[string]json.RawMessage
		if err := json.Unmarshal(load("message_update.json"), &u); err != nil {
			panic(err)
		}
		clientSendResp = append(append([]byte(`{"ok":true,"result":`), u["message"]...), '}')
	})
}

// memTransport drains the request like a server and answers from memory.
type memTransport struct{}

type memBody struct{ bytes.Reader }

func (*memBody) Close() error { return nil }

var memHeader = http.Header{"Content-Type": {"application/json"}}

func (memTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	body := clientSendResp
	if strings.HasSuffix(r.URL.Path, "/getMe") {
		body = clientMeResp
	}
	b := &memBody{}
	b.Reset(body)
	return &http.Response{StatusCode: 200, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: memHeader, Body: b, ContentLength: int64(len(body)), Request: r}, nil
}

const clientText = "Your plan is active until 2024-12-31. Reply /help for the list of commands."

func BenchmarkClientSendMessage(b *testing.B) {
	clientResponses()
	hc := &http.Client{Transport: memTransport{}}
	ctx := context.Background()

	b.Run("apigen", func(b *testing.B) {
		c := botapi.NewClient(clientToken, botapi.WithBaseURL("http://bot.test"), botapi.WithHTTPClient(hc))
		p := &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(283749102), Text: clientText,
			ParseMode: botapi.Some(botapi.ParseModeHTML), DisableNotification: botapi.Some(true)}
		b.ReportAllocs()
		for b.Loop() {
			m, err := c.SendMessage(ctx, p)
			if err != nil || m.MessageID != 18233 {
				b.Fatal(m, err)
			}
		}
	})
	b.Run("telego", func(b *testing.B) {
		bot, err := telego.NewBot(clientToken, telego.WithHTTPClient(hc), telego.WithAPIServer("http://bot.test"), telego.WithDiscardLogger())
		if err != nil {
			b.Fatal(err)
		}
		p := &telego.SendMessageParams{ChatID: telego.ChatID{ID: 283749102}, Text: clientText, ParseMode: "HTML", DisableNotification: true}
		b.ReportAllocs()
		for b.Loop() {
			m, err := bot.SendMessage(ctx, p)
			if err != nil || m.MessageID != 18233 {
				b.Fatal(m, err)
			}
		}
	})
	b.Run("tgbotapi", func(b *testing.B) {
		bot, err := tgbotapi.NewBotAPIWithClient(clientToken, "http://bot.test/bot%s/%s", hc)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			msg := tgbotapi.NewMessage(283749102, clientText)
			msg.ParseMode = "HTML"
			msg.DisableNotification = true
			m, err := bot.Send(msg)
			if err != nil || m.MessageID != 18233 {
				b.Fatal(m, err)
			}
		}
	})
}

// zeroStream yields n zero bytes without holding them; it is not an
// io.WriterTo, so it is copied chunk by chunk like a file or socket.
type zeroStream struct{ n int64 }

func (z *zeroStream) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > z.n {
		p = p[:z.n]
	}
	clear(p)
	z.n -= int64(len(p))
	return len(p), nil
}

// BenchmarkClientUpload50MB streams 50 MB per op; B/op is the heap
// allocated per upload (the target is under 1 MB).
func BenchmarkClientUpload50MB(b *testing.B) {
	clientResponses()
	const size = 50 << 20
	c := botapi.NewClient(clientToken, botapi.WithBaseURL("http://bot.test"), botapi.WithHTTPClient(&http.Client{Transport: memTransport{}}))
	ctx := context.Background()
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		_, err := c.SendVideo(ctx, &botapi.SendVideoParams{ChatID: botapi.ChatRefFromInteger64(1), Video: botapi.Upload("big.mp4", &zeroStream{n: size})})
		if err != nil {
			b.Fatal(err)
		}
	}
}
