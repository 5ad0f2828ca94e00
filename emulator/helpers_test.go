package emulator_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

const token = "123456:TEST-token_1"

// env is an emulator on a manual clock, served over loopback, with one bot
// (a generated client without client-side validation, so the server's
// answers are what the tests see) and one user who has started the bot.
type env struct {
	t    *testing.T
	ctx  context.Context
	emu  *emulator.Emulator
	srv  *httptest.Server
	bot  *botapi.Client
	me   botapi.User // the bot
	user botapi.User // Alice
	last int64       // last update_id seen
}

func newEnv(t *testing.T, cfg emulator.Config) *env {
	t.Helper()
	if cfg.Clock == nil {
		cfg.Clock = emulator.ManualClock(time.Now().Truncate(time.Second))
	}
	emu := emulator.New(cfg)
	t.Cleanup(emu.Shutdown)
	srv := httptest.NewServer(emu.Handler())
	t.Cleanup(srv.Close)
	v := &env{t: t, ctx: context.Background(), emu: emu, srv: srv}
	v.bot = v.client(token)
	me, err := emu.AddBot(token)
	if err != nil {
		t.Fatal(err)
	}
	v.me = me
	v.user = emu.NewUser("Alice", "alice")
	return v
}

func (v *env) client(tok string) *botapi.Client {
	return botapi.NewClient(tok, botapi.WithBaseURL(v.srv.URL), botapi.WithValidation(false))
}

// start: the user writes /start, the bot reads and confirms it.
func (v *env) start() {
	v.t.Helper()
	v.send("/start")
	v.drain()
}

func (v *env) send(text string) botapi.Message {
	v.t.Helper()
	m, err := v.emu.Send(v.user.ID, emulator.Private(v.me.ID), text)
	if err != nil {
		v.t.Fatal(err)
	}
	return m
}

// poll returns the pending updates (not confirming them).
func (v *env) poll() []botapi.Update {
	v.t.Helper()
	us, err := v.bot.GetUpdates(v.ctx, offset(v.last+1))
	if err != nil {
		v.t.Fatal(err)
	}
	return us
}

// drain returns the pending updates and confirms them.
func (v *env) drain() []botapi.Update {
	v.t.Helper()
	us := v.poll()
	if len(us) > 0 {
		v.last = us[len(us)-1].UpdateID
	}
	v.poll()
	return us
}

// group creates a chat of typ created by the user, with the bot an
// administrator holding every right.
func (v *env) group(typ botapi.ChatType) botapi.Chat {
	v.t.Helper()
	c, err := v.emu.NewChat(typ, "Test "+string(typ), "", v.user.ID)
	if err != nil {
		v.t.Fatal(err)
	}
	t := botapi.Some(true)
	if err := v.emu.SetMember(c.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusAdministrator,
		CanChangeInfo: t, CanPostMessages: t, CanEditMessages: t, CanDeleteMessages: t, CanInviteUsers: t,
		CanRestrictMembers: t, CanPinMessages: t, CanPromoteMembers: t, IsAnonymous: t}); err != nil {
		v.t.Fatal(err)
	}
	return c
}

func (v *env) text(chat int64, text string) *botapi.Message {
	v.t.Helper()
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(chat), Text: text})
	if err != nil {
		v.t.Fatal(err)
	}
	return m
}

// wantErr checks an API error's code and that its description contains
// want.
func wantErr(t *testing.T, err error, code int, want string) {
	t.Helper()
	var e *botapi.Error
	if !errors.As(err, &e) {
		t.Fatalf("want API error %d %q, got %v", code, want, err)
	}
	if e.Code != code || !strings.Contains(e.Description, want) {
		t.Fatalf("want API error %d %q, got %d %q", code, want, e.Code, e.Description)
	}
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// pngImage and jpegImage encode a w x h image.
func pngImage(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func jpegImage(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var b bytes.Buffer
	jpeg.Encode(&b, img, nil)
	return b.Bytes()
}

func kinds(us []botapi.Update) []string {
	var out []string
	for _, u := range us {
		out = append(out, string(u.Kind()))
	}
	return out
}

// eventually waits (bounded) for cond, for work the emulator does in the
// background (webhook delivery).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// setOpt sets an optional integer of whatever width the generated field has.
func setOpt[T ~int | ~int64](dst *botapi.Opt[T], v int64) { dst.Set(T(v)) }

func offset(n int64) *botapi.GetUpdatesParams {
	p := &botapi.GetUpdatesParams{}
	setOpt(&p.Offset, n)
	return p
}
