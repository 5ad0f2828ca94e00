package emulator_test

// One test per row of the specification's "Limits" table, named after the
// row. Limits the generated server's validation enforces are checked as the
// emulator's answers all the same: they are what a bot sees.

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

func limit(n int64) *botapi.GetUpdatesParams {
	p := &botapi.GetUpdatesParams{}
	setOpt(&p.Limit, n)
	return p
}

// getUpdates limit | 1-100, default 100; timeout default 0. Outside the
// range the reference server clamps (TestGetUpdatesLimitClampedTimeoutCapped).
func TestLimitGetUpdates(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	for _, n := range []int64{0, 101} {
		_, err := v.bot.GetUpdates(v.ctx, limit(n))
		ok(t, err)
	}
	for range 101 {
		v.send("x")
	}
	us, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	if len(us) != 100 {
		t.Fatalf("default limit: %d updates", len(us))
	}
	us, err = v.bot.GetUpdates(v.ctx, limit(1))
	ok(t, err)
	if len(us) != 1 {
		t.Fatalf("limit 1: %d", len(us))
	}
	_, err = v.bot.GetUpdates(v.ctx, offset(-1))
	ok(t, err)
	v.drain()
	// timeout 0 (default): short polling answers at once, empty.
	if us := v.poll(); len(us) != 0 {
		t.Fatal("not empty")
	}
	// A waiting getUpdates returns as soon as an update arrives: the update
	// is created after the call started waiting, and the call returns it
	// (a call that timed out would return nothing).
	got := make(chan []botapi.Update, 1)
	errs := make(chan error, 1)
	go func() {
		p := offset(v.last + 1)
		setOpt(&p.Timeout, 50)
		us, err := v.bot.GetUpdates(v.ctx, p)
		errs <- err
		got <- us
	}()
	eventually(t, "a waiting getUpdates", func() bool { return v.emu.Stats().Waiting == 1 })
	v.send("wake up")
	ok(t, <-errs)
	if us := <-got; len(us) != 1 || us[0].Message.Text.Value() != "wake up" {
		t.Fatalf("long poll: %+v", us)
	}
	// A newer getUpdates terminates a waiting one with 409.
	go func() {
		p := offset(v.last + 10)
		setOpt(&p.Timeout, 50)
		_, err := v.bot.GetUpdates(v.ctx, p)
		errs <- err
	}()
	eventually(t, "a waiting getUpdates", func() bool { return v.emu.Stats().Waiting == 1 })
	_, err = v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{})
	ok(t, err)
	wantErr(t, <-errs, 409, "terminated by other getUpdates request")
}

type failingTransport struct{}

func (failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("no network in tests")
}

var offline = &http.Client{Transport: failingTransport{}}

// Webhook max_connections | 1-100, default 40 (local server: up to 100000).
func TestLimitWebhookMaxConnections(t *testing.T) {
	v := newEnv(t, emulator.Config{WebhookClient: offline})
	for _, n := range []int{0, 101} {
		err := v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: "https://example.com/hook", MaxConnections: botapi.Some(n)})
		wantErr(t, err, 400, "max_connections")
	}
	ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: "https://example.com/hook"}))
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(t, err)
	if info.MaxConnections.Value() != 40 {
		t.Fatalf("default max_connections %v", info.MaxConnections)
	}
}

// Webhook ports (cloud) | 443, 80, 88, 8443.
func TestLimitWebhookPorts(t *testing.T) {
	v := newEnv(t, emulator.Config{WebhookClient: offline})
	for url, want := range map[string]string{
		"http://example.com/hook":       "HTTPS url must be provided",
		"https://example.com:8080/hook": "only on ports 80, 88, 443 or 8443",
		"https://127.0.0.1/hook":        "IP address 127.0.0.1 is reserved",
		"https://localhost:8443/hook":   "is reserved",
	} {
		wantErr(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: url}), 400, want)
	}
	for _, url := range []string{"https://example.com/h", "https://example.com:443/h", "https://example.com:80/h", "https://example.com:88/h", "https://example.com:8443/h"} {
		ok(t, v.bot.SetWebhook(v.ctx, &botapi.SetWebhookParams{URL: url}))
	}
}

func (v *env) document(name string, r io.Reader) *botapi.Message {
	v.t.Helper()
	m, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Document: botapi.Upload(name, r)})
	if err != nil {
		v.t.Fatal(err)
	}
	return m
}

func (v *env) download(path string) []byte {
	v.t.Helper()
	resp, err := http.Get(v.srv.URL + "/file/bot" + token + "/" + path)
	ok(v.t, err)
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		v.t.Fatalf("download %s: %s", path, resp.Status)
	}
	b, err := io.ReadAll(resp.Body)
	ok(v.t, err)
	return b
}

// Download size (cloud) | 20 MB; download link valid at least 1 hour.
// (The emulator reads the document's MB as MiB: 20<<20 bytes.)
func TestLimitDownloadSize(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	small := v.document("notes.txt", strings.NewReader("hello file"))
	f, err := v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: small.Document.FileID})
	ok(t, err)
	v.emu.Advance(time.Hour)
	if got := string(v.download(f.FilePath.Value())); got != "hello file" {
		t.Fatalf("downloaded %q", got)
	}
	big := v.document("big.bin", bytes.NewReader(make([]byte, 20<<20+1)))
	_, err = v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: big.Document.FileID})
	wantErr(t, err, 400, "file is too big")

	local := newEnv(t, emulator.Config{Local: true})
	local.start()
	big = local.document("big.bin", bytes.NewReader(make([]byte, 20<<20+1)))
	_, err = local.bot.GetFile(local.ctx, &botapi.GetFileParams{FileID: big.Document.FileID})
	ok(t, err)
}

// zeros is an endless reader that allocates nothing.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	n := int64(len(p))
	if n > z.n {
		n = z.n
	}
	clear(p[:n])
	z.n -= n
	return int(n), nil
}

// Upload size per send operation (cloud) | up to 50 MB (read as MiB:
// 50<<20 bytes, the generated server's bound).
func TestLimitUploadSize(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	_, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID),
		Document: botapi.Upload("huge.bin", &zeros{n: 50<<20 + 1})})
	wantErr(t, err, 413, "Request Entity Too Large")
}

// Local server | unlimited download; upload up to 2000 MB (read as MiB);
// uploads by local path using the file URI scheme; HTTP URL, any local IP
// and any port for webhooks; getFile returns an absolute local path in
// file_path.
func TestLimitLocalServer(t *testing.T) {
	dir := t.TempDir()
	v := newEnv(t, emulator.Config{Local: true, FilesDir: filepath.Join(dir, "store")})
	v.start()
	src := filepath.Join(dir, "report.txt")
	ok(t, os.WriteFile(src, []byte("local file"), 0o644))
	m, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Document: botapi.FileID("file://" + filepath.ToSlash(src))})
	ok(t, err)
	f, err := v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: m.Document.FileID})
	ok(t, err)
	if !filepath.IsAbs(f.FilePath.Value()) {
		t.Fatalf("file_path %q is not absolute", f.FilePath.Value())
	}
	if b, err := os.ReadFile(f.FilePath.Value()); err != nil || string(b) != "local file" {
		t.Fatalf("stored file: %q %v", b, err)
	}
	r := newReceiver(t) // http://127.0.0.1:<any port>
	v.hook(r, &botapi.SetWebhookParams{})
	cloud := newEnv(t, emulator.Config{})
	cloud.start()
	_, err = cloud.bot.SendDocument(cloud.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(cloud.user.ID), Document: botapi.FileID("file://" + filepath.ToSlash(src))})
	wantErr(t, err, 400, "wrong file identifier")
}

func (v *env) sendText(p *botapi.SendMessageParams) error {
	p.ChatID = botapi.ChatRefFromInteger64(v.user.ID)
	_, err := v.bot.SendMessage(v.ctx, p)
	return err
}

// Text message | 1-4096 characters after entity parsing.
func TestLimitTextMessage(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: ""}), 400, "text")
	ok(t, v.sendText(&botapi.SendMessageParams{Text: strings.Repeat("я", 4096)}))
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: strings.Repeat("я", 4097)}), 400, "text")
	// Markup does not count: 4096 characters inside bold.
	md := "*" + strings.Repeat("a", 4096) + "*"
	ok(t, v.sendText(&botapi.SendMessageParams{Text: md, ParseMode: botapi.Some(botapi.ParseModeMarkdownV2)}))
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: "*open", ParseMode: botapi.Some(botapi.ParseModeMarkdownV2)}), 400, "can't parse entities")
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: "<b></b>", ParseMode: botapi.Some(botapi.ParseModeHTML)}), 400, "text")
}

func (v *env) photo(caption string) error {
	_, err := v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID),
		Photo: botapi.Upload("p.png", bytes.NewReader(pngImage(4, 3))), Caption: botapi.Some(caption)})
	return err
}

// Caption | 0-1024 characters after entity parsing.
func TestLimitCaption(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	ok(t, v.photo(""))
	ok(t, v.photo(strings.Repeat("c", 1024)))
	wantErr(t, v.photo(strings.Repeat("c", 1025)), 400, "caption")
}

// Poll (sendPoll) | question 1-300 characters; 2-10 options of 1-100
// characters; explanation 0-200 characters, at most 2 line feeds;
// open_period 5-600 s; close_date 5-600 s ahead.
func TestLimitPoll(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	send := func(p botapi.SendPollParams) error {
		p.ChatID = botapi.ChatRefFromInteger64(v.user.ID)
		if p.Question == "" {
			p.Question = "q"
		}
		if p.Options == nil {
			p.Options = []string{"a", "b"}
		}
		_, err := v.bot.SendPoll(v.ctx, &p)
		return err
	}
	ok(t, send(botapi.SendPollParams{Question: strings.Repeat("q", 300)}))
	wantErr(t, send(botapi.SendPollParams{Question: strings.Repeat("q", 301)}), 400, "question")
	wantErr(t, send(botapi.SendPollParams{Options: []string{"a"}}), 400, "options")
	wantErr(t, send(botapi.SendPollParams{Options: strings.Split("abcdefghijk", "")}), 400, "options")
	wantErr(t, send(botapi.SendPollParams{Options: []string{"a", strings.Repeat("b", 101)}}), 400, "options[1]")
	quiz := botapi.SendPollParams{Type: botapi.Some(botapi.PollTypeQuiz), CorrectOptionID: botapi.Some(0)}
	quiz.Explanation = botapi.Some("1\n2\n3")
	ok(t, send(quiz))
	quiz.Explanation = botapi.Some("1\n2\n3\n4")
	wantErr(t, send(quiz), 400, "explanation")
	quiz.Explanation = botapi.Some(strings.Repeat("e", 201))
	wantErr(t, send(quiz), 400, "explanation")
	wantErr(t, send(botapi.SendPollParams{OpenPeriod: botapi.Some(4)}), 400, "open_period")
	wantErr(t, send(botapi.SendPollParams{OpenPeriod: botapi.Some(601)}), 400, "open_period")
	soon := botapi.SendPollParams{}
	setOpt(&soon.CloseDate, v.emu.Now().Unix()+2)
	wantErr(t, send(soon), 400, "close_date")
	both := botapi.SendPollParams{OpenPeriod: botapi.Some(10)}
	setOpt(&both.CloseDate, v.emu.Now().Unix()+60)
	wantErr(t, send(both), 400, "close_date")
}

func photos(n int) []botapi.InputMedia {
	var out []botapi.InputMedia
	for range n {
		out = append(out, &botapi.InputMediaPhoto{Media: botapi.Upload("p.png", bytes.NewReader(pngImage(2, 2)))})
	}
	return out
}

// Album | 2-10 items.
func TestLimitAlbum(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := botapi.ChatRefFromInteger64(v.user.ID)
	for _, n := range []int{1, 11} {
		_, err := v.bot.SendMediaGroup(v.ctx, &botapi.SendMediaGroupParams{ChatID: chat, Media: photos(n)})
		wantErr(t, err, 400, "media")
	}
	ms, err := v.bot.SendMediaGroup(v.ctx, &botapi.SendMediaGroupParams{ChatID: chat, Media: photos(2)})
	ok(t, err)
	if len(ms) != 2 || ms[0].MediaGroupID.Value() == "" || ms[0].MediaGroupID != ms[1].MediaGroupID || ms[1].MessageID != ms[0].MessageID+1 {
		t.Fatalf("album %+v", ms)
	}
	mixed := append(photos(1), &botapi.InputMediaDocument{Media: botapi.Upload("d.txt", strings.NewReader("d"))})
	_, err = v.bot.SendMediaGroup(v.ctx, &botapi.SendMediaGroupParams{ChatID: chat, Media: mixed})
	wantErr(t, err, 400, "cannot be in one group")
}

// vcard | 0-2048 bytes.
func TestLimitVcard(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	send := func(n int) error {
		_, err := v.bot.SendContact(v.ctx, &botapi.SendContactParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID),
			PhoneNumber: "+100", FirstName: "Al", Vcard: botapi.Some(strings.Repeat("v", n))})
		return err
	}
	ok(t, send(2048))
	wantErr(t, send(2049), 400, "vcard")
}

// callback_data | 1-64 bytes.
func TestLimitCallbackData(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	ok(t, v.sendText(&botapi.SendMessageParams{Text: "k", ReplyMarkup: keyboard(strings.Repeat("d", 64))}))
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: "k", ReplyMarkup: keyboard(strings.Repeat("d", 65))}), 400, "callback_data")
	wantErr(t, v.sendText(&botapi.SendMessageParams{Text: "k", ReplyMarkup: keyboard("")}), 400, "callback_data")
}

// answerCallbackQuery text | 0-200 characters.
func TestLimitAnswerCallbackText(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Text: "k", ReplyMarkup: keyboard("x")})
	ok(t, err)
	id, err := v.emu.Press(v.user.ID, emulator.Private(v.me.ID), m.MessageID, "x")
	ok(t, err)
	wantErr(t, v.bot.AnswerCallbackQuery(v.ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: id, Text: botapi.Some(strings.Repeat("t", 201))}), 400, "text")
	ok(t, v.bot.AnswerCallbackQuery(v.ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: id, Text: botapi.Some(strings.Repeat("t", 200))}))
}

// Thumbnail | JPEG, under 200 kB, each side at most 320: others are
// ignored.
func TestLimitThumbnail(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	send := func(thumb []byte) *botapi.Document {
		m, err := v.bot.SendDocument(v.ctx, &botapi.SendDocumentParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID),
			Document: botapi.Upload("a.txt", strings.NewReader("a")), Thumb: botapi.Upload("t.jpg", bytes.NewReader(thumb))})
		ok(t, err)
		return m.Document
	}
	if d := send(jpegImage(320, 90)); d.Thumb == nil || d.Thumb.Width != 320 {
		t.Fatalf("a valid thumbnail was dropped: %+v", d.Thumb)
	}
	if d := send(jpegImage(321, 90)); d.Thumb != nil {
		t.Fatal("a thumbnail wider than 320 was kept")
	}
	if d := send(pngImage(90, 90)); d.Thumb != nil {
		t.Fatal("a PNG thumbnail was kept")
	}
}

// Live location | live_period 60-86400 s; horizontal_accuracy 0-1500 m;
// heading 1-360; proximity_alert_radius 1-100000 m.
func TestLimitLiveLocation(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	send := func(p botapi.SendLocationParams) error {
		p.ChatID = botapi.ChatRefFromInteger64(v.user.ID)
		_, err := v.bot.SendLocation(v.ctx, &p)
		return err
	}
	ok(t, send(botapi.SendLocationParams{LivePeriod: botapi.Some(60), HorizontalAccuracy: botapi.Some(1500.0), Heading: botapi.Some(360), ProximityAlertRadius: botapi.Some(100000)}))
	ok(t, send(botapi.SendLocationParams{LivePeriod: botapi.Some(86400), Heading: botapi.Some(1), ProximityAlertRadius: botapi.Some(1)}))
	wantErr(t, send(botapi.SendLocationParams{LivePeriod: botapi.Some(59)}), 400, "live_period")
	wantErr(t, send(botapi.SendLocationParams{LivePeriod: botapi.Some(86401)}), 400, "live_period")
	wantErr(t, send(botapi.SendLocationParams{HorizontalAccuracy: botapi.Some(1500.5)}), 400, "horizontal_accuracy")
	wantErr(t, send(botapi.SendLocationParams{Heading: botapi.Some(0)}), 400, "heading")
	wantErr(t, send(botapi.SendLocationParams{ProximityAlertRadius: botapi.Some(100001)}), 400, "proximity_alert_radius")
}

// Ban / restriction until_date | under 30 seconds or over 366 days from now
// means forever.
func TestLimitUntilDate(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	now := v.emu.Now()
	for _, c := range []struct {
		ahead time.Duration
		keep  bool
	}{{29 * time.Second, false}, {30 * time.Second, true}, {366 * 24 * time.Hour, true}, {367 * 24 * time.Hour, false}} {
		ok(t, v.emu.Join(g.ID, bob.ID))
		kick := &botapi.KickChatMemberParams{ChatID: ref, UserID: bob.ID}
		setOpt(&kick.UntilDate, now.Add(c.ahead).Unix())
		ok(t, v.bot.KickChatMember(v.ctx, kick))
		got := int64(v.member(g.ID, bob.ID).UntilDate.Value())
		if (got != 0) != c.keep {
			t.Fatalf("kick until %v ahead: until_date %d", c.ahead, got)
		}
		restrict := &botapi.RestrictChatMemberParams{ChatID: ref, UserID: bob.ID}
		setOpt(&restrict.UntilDate, now.Add(c.ahead).Unix())
		ok(t, v.bot.UnbanChatMember(v.ctx, &botapi.UnbanChatMemberParams{ChatID: ref, UserID: bob.ID}))
		ok(t, v.emu.Join(g.ID, bob.ID))
		ok(t, v.bot.RestrictChatMember(v.ctx, restrict))
		got = int64(v.member(g.ID, bob.ID).UntilDate.Value())
		if (got != 0) != c.keep {
			t.Fatalf("restrict until %v ahead: until_date %d", c.ahead, got)
		}
		ok(t, v.emu.Leave(g.ID, bob.ID))
		ok(t, v.bot.UnbanChatMember(v.ctx, &botapi.UnbanChatMemberParams{ChatID: ref, UserID: bob.ID}))
	}
	// A ban with an end lets the user back afterwards.
	ok(t, v.emu.Join(g.ID, bob.ID))
	kick := &botapi.KickChatMemberParams{ChatID: ref, UserID: bob.ID}
	setOpt(&kick.UntilDate, now.Add(time.Hour).Unix())
	ok(t, v.bot.KickChatMember(v.ctx, kick))
	v.emu.Advance(time.Hour)
	ok(t, v.emu.Join(g.ID, bob.ID))
}

// Chat title / description | 1-255 / 0-255 characters.
func TestLimitChatTitleDescription(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	wantErr(t, v.bot.SetChatTitle(v.ctx, &botapi.SetChatTitleParams{ChatID: ref, Title: ""}), 400, "title")
	wantErr(t, v.bot.SetChatTitle(v.ctx, &botapi.SetChatTitleParams{ChatID: ref, Title: strings.Repeat("t", 256)}), 400, "title")
	ok(t, v.bot.SetChatTitle(v.ctx, &botapi.SetChatTitleParams{ChatID: ref, Title: strings.Repeat("t", 255)}))
	wantErr(t, v.bot.SetChatDescription(v.ctx, &botapi.SetChatDescriptionParams{ChatID: ref, Description: botapi.Some(strings.Repeat("d", 256))}), 400, "description")
	ok(t, v.bot.SetChatDescription(v.ctx, &botapi.SetChatDescriptionParams{ChatID: ref, Description: botapi.Some(strings.Repeat("d", 255))}))
	c, err := v.bot.GetChat(v.ctx, &botapi.GetChatParams{ChatID: ref})
	ok(t, err)
	if c.Title.Value() != strings.Repeat("t", 255) || len(c.Description.Value()) != 255 {
		t.Fatalf("chat %+v", c)
	}
	v.start()
	wantErr(t, v.bot.SetChatTitle(v.ctx, &botapi.SetChatTitleParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Title: "x"}), 400, "private chats")
}

// custom_title | 0-16 characters, no emoji.
func TestLimitCustomTitle(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	ok(t, v.bot.PromoteChatMember(v.ctx, &botapi.PromoteChatMemberParams{ChatID: ref, UserID: bob.ID, CanPinMessages: botapi.Some(true)}))
	set := func(s string) error {
		return v.bot.SetChatAdministratorCustomTitle(v.ctx, &botapi.SetChatAdministratorCustomTitleParams{ChatID: ref, UserID: bob.ID, CustomTitle: s})
	}
	ok(t, set(strings.Repeat("ж", 16)))
	wantErr(t, set(strings.Repeat("ж", 17)), 400, "custom_title")
	wantErr(t, set("boss 😎"), 400, "emoji are not allowed")
	if got := v.member(g.ID, bob.ID).CustomTitle.Value(); got != strings.Repeat("ж", 16) {
		t.Fatalf("custom_title %q", got)
	}
}

// Commands | at most 100; command 1-32 characters, description 3-256.
func TestLimitCommands(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	cmds := func(n int, cmd, desc string) error {
		var cs []botapi.BotCommand
		for range n {
			cs = append(cs, botapi.BotCommand{Command: cmd, Description: desc})
		}
		return v.bot.SetMyCommands(v.ctx, &botapi.SetMyCommandsParams{Commands: cs})
	}
	ok(t, cmds(100, "start", "begin"))
	wantErr(t, cmds(101, "start", "begin"), 400, "commands")
	wantErr(t, cmds(1, strings.Repeat("c", 33), "begin"), 400, "command")
	wantErr(t, cmds(1, "start", "no"), 400, "description")
	ok(t, cmds(1, strings.Repeat("c", 32), strings.Repeat("d", 256)))
	got, err := v.bot.GetMyCommands(v.ctx)
	ok(t, err)
	if len(got) != 1 || got[0].Command != strings.Repeat("c", 32) {
		t.Fatalf("commands %+v", got)
	}
}

// getUserProfilePhotos limit | 1-100, default 100; up to 4 sizes per photo.
// Outside the range the reference server clamps.
func TestLimitUserProfilePhotos(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	for _, n := range []int{0, 101} {
		_, err := v.bot.GetUserProfilePhotos(v.ctx, &botapi.GetUserProfilePhotosParams{UserID: v.user.ID, Limit: botapi.Some(n)})
		ok(t, err)
	}
	ph, err := v.bot.GetUserProfilePhotos(v.ctx, &botapi.GetUserProfilePhotosParams{UserID: v.user.ID})
	ok(t, err)
	if ph.TotalCount != 0 || ph.Photos == nil {
		t.Fatalf("%+v", ph)
	}
}

// Typing status | 5 seconds or less (cleared when a message from the bot
// arrives).
func TestLimitTypingStatus(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	act := func() error {
		return v.bot.SendChatAction(v.ctx, &botapi.SendChatActionParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Action: botapi.ChatActionTyping})
	}
	ok(t, act())
	if a, on := v.emu.ChatAction(v.me.ID, v.user.ID); !on || a != botapi.ChatActionTyping {
		t.Fatal("no typing status")
	}
	v.emu.Advance(5 * time.Second)
	if _, on := v.emu.ChatAction(v.me.ID, v.user.ID); on {
		t.Fatal("typing status outlived 5 seconds")
	}
	ok(t, act())
	v.text(v.user.ID, "done")
	if _, on := v.emu.ChatAction(v.me.ID, v.user.ID); on {
		t.Fatal("a message did not clear the typing status")
	}
}
