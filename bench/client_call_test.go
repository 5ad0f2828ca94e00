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
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/go-faster/jx"
	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/mymmrac/telego"

	"github.com/apigen/apigen/bench/internal/fixtures"
	"github.com/apigen/apigen/generated/botapi"
)

const (
	clientToken = fixtures.ClientToken
	clientText  = fixtures.ClientText
)

// memTransport answers sendMessage with the message of payloads["message"].
var memTransport = func() *fixtures.MemTransport {
	t, err := fixtures.NewMemTransport(payloads)
	if err != nil {
		panic(err)
	}
	return t
}()

// clientCall is one library's full sendMessage call, set up once.
type clientCall struct {
	name string
	call func() error
}

func clientCalls(tb testing.TB) []clientCall {
	hc := &http.Client{Transport: memTransport}
	ctx := context.Background()
	c := botapi.NewClient(clientToken, botapi.WithBaseURL("http://bot.test"), botapi.WithHTTPClient(hc))
	p := &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(283749102), Text: clientText,
		ParseMode: botapi.Some(botapi.ParseModeHTML), DisableNotification: botapi.Some(true)}
	bot, err := telego.NewBot(clientToken, telego.WithHTTPClient(hc), telego.WithAPIServer("http://bot.test"), telego.WithDiscardLogger())
	if err != nil {
		tb.Fatal(err)
	}
	tp := &telego.SendMessageParams{ChatID: telego.ChatID{ID: 283749102}, Text: clientText, ParseMode: "HTML", DisableNotification: true}
	tbot, err := tgbotapi.NewBotAPIWithClient(clientToken, "http://bot.test/bot%s/%s", hc)
	if err != nil {
		tb.Fatal(err)
	}
	check := func(id int64, err error) error {
		if err == nil && id != 18233 {
			err = fmt.Errorf("message_id %d", id)
		}
		return err
	}
	return []clientCall{
		{"apigen", func() error {
			m, err := c.SendMessage(ctx, p)
			if err != nil {
				return err
			}
			return check(m.MessageID, nil)
		}},
		{"telego", func() error {
			m, err := bot.SendMessage(ctx, tp)
			if err != nil {
				return err
			}
			return check(int64(m.MessageID), nil)
		}},
		{"tgbotapi", func() error {
			msg := tgbotapi.NewMessage(283749102, clientText)
			msg.ParseMode = "HTML"
			msg.DisableNotification = true
			m, err := tbot.Send(msg)
			return check(int64(m.MessageID), err)
		}},
		{"jx", func() error {
			m, err := hwSendMessageCall(ctx, hc, "http://bot.test/bot"+clientToken+"/sendMessage",
				&hwSendMessage{ChatID: 283749102, Text: clientText, ParseMode: "HTML", DisableNotification: true})
			if err != nil {
				return err
			}
			return check(m.MessageID, nil)
		}},
	}
}

// hwSendMessageCall is the hand-written client call: a jx-encoded body, one
// net/http request, the response decoded with jx. No validation.
func hwSendMessageCall(ctx context.Context, hc *http.Client, url string, p *hwSendMessage) (*hwMessage, error) {
	e := jx.GetEncoder()
	defer jx.PutEncoder(e)
	p.encode(e)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(e.Bytes()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	d := jx.GetDecoder()
	defer jx.PutDecoder(d)
	d.ResetBytes(body)
	var ok bool
	var desc string
	m := new(hwMessage)
	err = d.ObjBytes(func(d *jx.Decoder, key []byte) error {
		var err error
		switch string(key) {
		case "ok":
			ok, err = d.Bool()
		case "description":
			desc, err = d.Str()
		case "result":
			err = m.decode(d)
		default:
			err = d.Skip()
		}
		return err
	})
	if err == nil && !ok {
		err = fmt.Errorf("api error: %s", desc)
	}
	return m, err
}

func BenchmarkClientSendMessage(b *testing.B) {
	for _, c := range clientCalls(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.call(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
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
	const size = 50 << 20
	c := botapi.NewClient(clientToken, botapi.WithBaseURL("http://bot.test"), botapi.WithHTTPClient(&http.Client{Transport: memTransport}))
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
