// Package windowtest is the chat window's scripted browser session, run
// against an emulator at any version (the seed's in package chatwindow's
// test, a published page's in cmd/apigen's): a bot answers in-process over
// HTTP while headless Chromium plays the user through the window's page,
// as a person would — keys, clicks, a file chosen — and checks what the
// page shows, that it logged no error and requested nothing outside the
// emulator.
package windowtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/internal/headless"
)

// Options says where the emulator is and what else to do.
type Options struct {
	// Base is the emulator's address (http://127.0.0.1:port), Login the
	// window's URL it printed, Control its control token.
	Base, Login, Control string
	// Shots, when set, is the directory the light and dark screenshots
	// are written to (chat-window-light.png, chat-window-dark.png).
	Shots string
	// Load opens a chat of LoadMessages messages and reports the time to
	// its first render, the page's memory and the scrolling frames.
	Load bool
}

// LoadMessages is the size of the chat the load part opens.
const LoadMessages = 1000

// Figures are what the load part measured.
type Figures struct {
	RenderMS     float64 // from asking for the chat's history to the first frame showing its latest messages
	AllMS        float64 // ... to every message in the page
	HeapMB       float64 // the page's JavaScript heap after the render
	Nodes        int     // DOM nodes of the page
	ScrollMeanMS float64 // mean frame time while scrolling the chat from bottom to top
	ScrollMaxMS  float64
}

const (
	botToken  = "4242:window"
	loadToken = "4343:load"
)

// Bot is the bot of the session: the README's bot (/ping answers pong,
// other text is echoed) with the colour flow of examples/colorbot (/start
// offers buttons; Blue answers the press, edits the message and sends a
// poll) and an answer to photos with a one-time reply keyboard.
func Bot() *botapi.Router {
	r := botapi.NewRouter()
	r.Use(botapi.Recover())
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		return m.Reply(ctx, &botapi.SendMessageParams{Text: "pong"})
	}, botapi.Command("ping"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		_, err := botapi.ReplyMessage(ctx, m, &botapi.SendMessageParams{
			Text:      `<b>Pick</b> a <i>colour</i> (see <a href="https://example.com/colours">the list</a>), <code>red</code> or <pre>blue</pre>`,
			ParseMode: botapi.Some(botapi.ParseModeHTML),
			ReplyMarkup: botapi.InlineKeyboard(botapi.Row(
				botapi.CallbackDataButton("Red", "color:red"), botapi.CallbackDataButton("Blue", "color:blue"))),
		}, botapi.NoQuote())
		return err
	}, botapi.Command("start"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		p := m.Photo[len(m.Photo)-1]
		kb := botapi.Keyboard(botapi.Row(botapi.TextButton("Again"), botapi.TextButton("Done")))
		kb.OneTimeKeyboard = botapi.Some(true)
		kb.ResizeKeyboard = botapi.Some(true)
		return m.Reply(ctx, &botapi.SendMessageParams{Text: fmt.Sprintf("Nice photo, %d×%d", p.Width, p.Height), ReplyMarkup: kb})
	}, func(_ context.Context, m *botapi.Message) bool { return len(m.Photo) > 0 })
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if _, err := botapi.ReplyMessage(ctx, m, &botapi.SendLocationParams{Latitude: 52.52, Longitude: 13.405}, botapi.NoQuote()); err != nil {
			return err
		}
		_, err := botapi.ReplyMessage(ctx, m, &botapi.SendDocumentParams{Document: botapi.Upload("colours.txt", strings.NewReader("red\nblue\n")),
			Caption: botapi.Some("The list")}, botapi.NoQuote())
		return err
	}, botapi.Command("where"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		text, ok := m.Text.Get()
		if !ok {
			return nil
		}
		return m.Reply(ctx, &botapi.SendMessageParams{Text: text})
	})
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		_, err := botapi.AnswerCallbackQuery(ctx, q, &botapi.AnswerCallbackQueryParams{Text: botapi.Some("Red is taken"), ShowAlert: botapi.Some(true)})
		return err
	}, botapi.DataEqual("color:red"))
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		if _, err := botapi.AnswerCallbackQuery(ctx, q, &botapi.AnswerCallbackQueryParams{Text: botapi.Some("You chose blue")}); err != nil {
			return err
		}
		if _, err := botapi.AnswerMessage(ctx, q.Message, &botapi.EditMessageTextParams{Text: "Blue it is"}); err != nil {
			return err
		}
		p := (&botapi.SendPollParams{Question: "Which one is blue?", IsAnonymous: botapi.Some(false)}).WithOptions("red", "blue")
		_, err := botapi.ReplyMessage(ctx, q.Message, p, botapi.NoQuote())
		return err
	}, botapi.DataEqual("color:blue"))
	return r
}

// session is the browser, the page and the test.
type session struct {
	t    *testing.T
	ctx  context.Context
	b    *headless.Browser
	page string
	o    Options
}

// Run plays the scripted session; with o.Load it returns the figures.
func Run(t *testing.T, o Options) Figures {
	bin, missing := headless.Find()
	if missing != "" {
		if os.Getenv("APIGEN_REQUIRE_BROWSER") != "" { // make docs-check, CI
			t.Fatal(missing)
		}
		t.Skip(missing)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	control(t, o, "bot", map[string]any{"token": botToken}, nil)
	api := botapi.NewClient(botToken, botapi.WithBaseURL(o.Base))
	if err := api.SetMyCommands(ctx, &botapi.SetMyCommandsParams{Commands: []botapi.BotCommand{
		{Command: "start", Description: "Pick a colour"}, {Command: "ping", Description: "Answers pong"}}}); err != nil {
		t.Fatal(err)
	}
	botCtx, stopBot := context.WithCancel(ctx)
	botDone := make(chan error, 1)
	go func() { botDone <- Bot().Poll(botCtx, api, &botapi.GetUpdatesParams{Timeout: botapi.Some(5)}) }()
	defer func() { stopBot(); <-botDone }()

	t.Setenv("TZ", "UTC") // the page's times, in the screenshots
	b, err := headless.Start(ctx, bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	page, err := b.Page(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{t: t, ctx: ctx, b: b, page: page, o: o}
	s.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 960, "height": 640, "deviceScaleFactor": 1, "mobile": false})

	// The printed URL logs in and leaves the address bar without its token.
	s.navigate(o.Login)
	s.waitFor("the page to start", `document.body.dataset.ready === "true"`)
	if href := s.str(`location.href`); href != o.Base+"/chat/" {
		t.Errorf("after the login the page is at %s, want %s/chat/ (the token out of the address bar)", href, o.Base)
	}
	// No user yet: the window asks for one.
	s.waitFor("the user form", `!document.getElementById("user-form").hidden`)
	s.typeInto("#user-name", "Alice")
	s.click(`#user-form button[type=submit]`)
	s.waitFor("the bot's chat to open, with its command menu", `document.getElementById("chat-title").textContent === "Bot 4242" && !document.getElementById("menu").hidden`)

	// The command menu, then /start typed and sent with Enter.
	s.typeInto("#text", "/")
	s.waitFor("the command menu", `document.querySelectorAll("#commands li").length === 2 && !document.getElementById("commands").hidden`)
	s.typeInto("#text", "start")
	s.key("Enter")
	s.waitFor("/start sent, with its command entity", `!!document.querySelector(".msg.out .text .cmd")`)
	s.waitFor("the bot's formatted answer with buttons", `(function () {
		var m = Array.from(document.querySelectorAll(".msg.in")).find(function (m) { return m.textContent.indexOf("Pick") >= 0; });
		return !!m && !!m.querySelector("strong") && !!m.querySelector("em") && !!m.querySelector("a[href='https://example.com/colours']") &&
			!!m.querySelector("code") && !!m.querySelector("pre") && m.querySelectorAll(".inline-kb button").length === 2;
	})()`)

	// Red: the bot's answer is an alert; Blue: a toast, the message edited
	// in place, then a poll.
	s.clickText(".inline-kb button", "Red")
	s.waitFor("the alert", `document.getElementById("alert").open && document.getElementById("alert-text").textContent === "Red is taken"`)
	s.key("Enter") // the alert's OK has the focus
	s.waitFor("the alert closed", `!document.getElementById("alert").open`)
	before := s.num(`document.querySelectorAll(".msg").length`)
	s.clickText(".inline-kb button", "Blue")
	s.waitFor("the toast", `!document.getElementById("toast").hidden && document.getElementById("toast").textContent === "You chose blue"`)
	s.waitFor("the edit", `(function () {
		var m = Array.from(document.querySelectorAll(".msg.in")).find(function (m) { return m.textContent.indexOf("Blue it is") >= 0; });
		return !!m && m.querySelector(".meta").textContent.indexOf("edited") === 0 && !m.querySelector(".inline-kb");
	})()`)
	s.waitFor("the poll", `!!document.querySelector(".poll h3") && document.querySelector(".poll h3").textContent === "Which one is blue?"`)
	if after := s.num(`document.querySelectorAll(".msg").length`); after != before+1 {
		t.Errorf("%v messages after the edit and the poll, want %v (the edit in place)", after, before+1)
	}
	s.clickText(".poll .option", "blue")
	s.waitFor("the vote counted", `(function () {
		var o = document.querySelector(".poll .option.chosen");
		return !!o && o.textContent.indexOf("blue") >= 0 && o.querySelector(".count").textContent === "1 · 100%";
	})()`)

	// A photo chosen in the file dialog, sent as a photo; the bot's answer
	// brings a one-time reply keyboard.
	pic := filepath.Join(t.TempDir(), "blue.png")
	img := image.NewRGBA(image.Rect(0, 0, 80, 60))
	for i := range img.Pix {
		if i%4 == 2 || i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	img.Set(0, 0, color.White)
	var buf bytes.Buffer
	png.Encode(&buf, img)
	if err := os.WriteFile(pic, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s.setFile("#file", pic)
	s.waitFor("the attachment bar", `!document.getElementById("attachment").hidden`)
	s.typeInto("#text", "my blue")
	s.click("#send-photo")
	s.waitFor("the photo shown from the file store", `(function () {
		var i = document.querySelector(".msg.out img.photo");
		return !!i && i.complete && i.naturalWidth === 80;
	})()`)
	s.waitFor("the bot's answer and its keyboard", `document.body.textContent.indexOf("Nice photo, 80×60") >= 0 &&
		!document.getElementById("keyboard").hidden && document.querySelectorAll("#keyboard button").length === 2`)
	s.clickText("#keyboard button", "Again")
	s.waitFor("the keyboard's text sent and the one-time keyboard gone", `document.querySelectorAll(".msg.out .text").length >= 2 &&
		Array.from(document.querySelectorAll(".msg.out")).some(function (m) { return m.dataset.text === "Again"; }) &&
		document.getElementById("keyboard").hidden`)

	// A location and a document from the bot.
	s.typeInto("#text", "/where")
	s.key("Enter")
	s.waitFor("the location and the document", `(function () {
		var loc = document.querySelector(".msg.in .location a"), doc = document.querySelector(".msg.in .file a");
		return !!loc && loc.textContent === "Location 52.52000, 13.40500" && !!doc && doc.textContent === "colours.txt" &&
			doc.getAttribute("href").indexOf("file/") === 0;
	})()`)
	var got string
	s.eval(`fetch(document.querySelector(".msg.in .file a").getAttribute("href")).then(function (r) { return r.text(); })`, &got)
	if got != "red\nblue\n" {
		t.Errorf("the document from the file store: %q", got)
	}

	// Edit, then delete, the user's own message.
	s.eval(`(function () {
		var m = Array.from(document.querySelectorAll(".msg.out")).find(function (m) { return m.dataset.text === "Again"; });
		Array.from(m.querySelectorAll(".actions button")).find(function (b) { return b.textContent === "Edit"; }).click();
		return true;
	})()`, nil)
	s.eval(`(function () { var t = document.getElementById("text"); t.value = ""; return true; })()`, nil)
	s.typeInto("#text", "Again, edited")
	s.key("Enter")
	s.waitFor("the user's edit", `Array.from(document.querySelectorAll(".msg.out")).some(function (m) {
		return m.dataset.text === "Again, edited" && m.querySelector(".meta").textContent.indexOf("edited") === 0;
	})`)
	s.eval(`(function () {
		var m = Array.from(document.querySelectorAll(".msg.out")).find(function (m) { return m.dataset.text === "Again, edited"; });
		Array.from(m.querySelectorAll(".actions button")).find(function (b) { return b.textContent === "Delete"; }).click();
		return true;
	})()`, nil)
	s.waitFor("the deletion", `!Array.from(document.querySelectorAll(".msg.out")).some(function (m) { return m.dataset.text === "Again, edited"; })`)

	// The clock.
	clock := s.str(`document.getElementById("clock").textContent`)
	s.click("#advance")
	s.waitFor("the clock advanced", fmt.Sprintf(`document.getElementById("clock").textContent !== %q`, clock))

	// A group the bot made: the user joins, writes, leaves.
	var group struct {
		ID int64 `json:"id"`
	}
	control(t, o, "chat", map[string]any{"type": "group", "title": "Colour club", "user_id": 4242}, &group)
	key := fmt.Sprintf("c%d", group.ID)
	s.waitFor("the group in the list", fmt.Sprintf(`!!document.querySelector('.chat-item[data-key="%s"]')`, key))
	s.click(fmt.Sprintf(`.chat-item[data-key="%s"]`, key))
	s.waitFor("the group, not joined", `!document.getElementById("join").hidden && document.getElementById("text").disabled`)
	s.click("#join")
	s.waitFor("the group, joined", `document.getElementById("join").hidden && !document.getElementById("leave").hidden && !document.getElementById("text").disabled &&
		Array.from(document.querySelectorAll(".msg.service")).some(function (m) { return m.textContent === "Alice joined"; })`)
	s.typeInto("#text", "hello club")
	s.key("Enter")
	s.waitFor("the echo in the group, with its sender", `Array.from(document.querySelectorAll(".msg.in")).some(function (m) {
		return m.dataset.text === "hello club" && m.querySelector(".sender") && m.querySelector(".sender").textContent === "Bot 4242";
	})`)
	s.click("#leave")
	s.waitFor("the group, left", `!document.getElementById("join").hidden && document.getElementById("text").disabled`)

	// Another user: their own chats.
	control(t, o, "user", map[string]any{"first_name": "Bob"}, nil)
	s.waitFor("Bob among the users", `Array.from(document.querySelectorAll("#user option")).some(function (o) { return o.textContent === "Bob"; })`)
	s.eval(`(function () {
		var sel = document.getElementById("user");
		sel.value = Array.from(sel.options).find(function (o) { return o.textContent === "Bob"; }).value;
		sel.dispatchEvent(new Event("change"));
		return true;
	})()`, nil)
	s.waitFor("Bob's chat with the bot, not started", `!!document.querySelector('.chat-item[data-key="b4242"]') &&
		document.querySelector('.chat-item[data-key="b4242"] .preview').textContent === "Start the bot"`)
	s.eval(`(function () {
		var sel = document.getElementById("user");
		sel.value = Array.from(sel.options).find(function (o) { return o.textContent === "Alice"; }).value;
		sel.dispatchEvent(new Event("change"));
		return true;
	})()`, nil)
	s.waitFor("Alice's chats again", `document.querySelector('.chat-item[data-key="b4242"] .preview').textContent !== "Start the bot"`)
	s.click(`.chat-item[data-key="b4242"]`)
	s.waitFor("the bot's chat again, its one-time keyboard still hidden", `document.getElementById("chat-title").textContent === "Bot 4242" && !!document.querySelector(".poll") &&
		document.getElementById("keyboard").hidden && !document.getElementById("kb-toggle").hidden`)

	for _, p := range s.b.Problems(o.Base) {
		t.Errorf("the session: %s", p)
	}

	if o.Shots != "" {
		s.screenshots()
	}
	var fig Figures
	if o.Load {
		fig = s.load()
	}
	s.phone()
	for _, p := range s.b.Problems(o.Base) {
		t.Errorf("the load and the phone-sized window: %s", p)
	}
	return fig
}

// screenshots writes the chat in the light and the dark theme.
func (s *session) screenshots() {
	if err := os.MkdirAll(s.o.Shots, 0o755); err != nil {
		s.t.Fatal(err)
	}
	// The start again, so the picture ends on the buttons.
	s.typeInto("#text", "/start")
	s.key("Enter")
	s.waitFor("the second answer's buttons", `document.querySelectorAll(".msg.in .inline-kb").length === 1`)
	s.eval(`(function () { document.getElementById("toast").hidden = true; document.getElementById("text").blur(); return true; })()`, nil)
	s.eval(`(function () { var b = document.getElementById("messages"); b.scrollTop = b.scrollHeight; return true; })()`, nil)
	for _, theme := range []string{"light", "dark"} {
		s.call("Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": theme}}})
		var img struct {
			Data []byte `json:"data"`
		}
		if err := s.b.Call(s.ctx, s.page, "Page.captureScreenshot", map[string]any{"format": "png"}, &img); err != nil {
			s.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(s.o.Shots, "chat-window-"+theme+".png"), img.Data, 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
	s.call("Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{}})
}

// load opens a chat of LoadMessages messages and measures it.
func (s *session) load() Figures {
	t := s.t
	control(t, s.o, "bot", map[string]any{"token": loadToken}, nil)
	var users []struct {
		ID    int64 `json:"id"`
		IsBot bool  `json:"is_bot"`
	}
	control(t, s.o, "users", nil, &users)
	var alice int64
	for _, u := range users {
		if !u.IsBot && alice == 0 {
			alice = u.ID // the first user, Alice
		}
	}
	control(t, s.o, "send", map[string]any{"user_id": alice, "bot_id": 4343, "text": "/start"}, nil)
	c := botapi.NewClient(loadToken, botapi.WithBaseURL(s.o.Base))
	for i := 1; i < LoadMessages; i++ {
		if _, err := c.SendMessage(s.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(alice),
			Text:      fmt.Sprintf("<b>Message %d</b> of the load: <i>some</i> text with <code>code</code> and a <a href=\"https://example.com/%d\">link</a>", i, i),
			ParseMode: botapi.Some(botapi.ParseModeHTML)}); err != nil {
			t.Fatal(err)
		}
	}
	s.waitFor("the load chat in the list", `!!document.querySelector('.chat-item[data-key="b4343"]')`)
	// Keyboard: the chat list moves with the arrow keys.
	s.eval(`(function () { document.querySelector(".chat-item").focus(); return true; })()`, nil)
	s.key("ArrowDown")
	if got, want := s.str(`document.activeElement.dataset.key || ""`), s.str(`document.querySelectorAll(".chat-item")[1].dataset.key`); got != want {
		t.Errorf("ArrowDown in the chat list: focus on %q, want the second chat %q", got, want)
	}
	s.call("HeapProfiler.collectGarbage", nil)
	s.click(`.chat-item[data-key="b4343"]`)
	s.waitFor("the 1,000 messages, in order", fmt.Sprintf(`document.querySelectorAll("#messages .msg").length === %d &&
		typeof window.APIGEN_CHAT_RENDER_MS === "number" && typeof window.APIGEN_CHAT_ALL_MS === "number" &&
		document.getElementById("chat-title").textContent === "Bot 4343" &&
		Array.from(document.querySelectorAll("#messages .msg")).every(function (m, i, a) { return i === 0 || +a[i - 1].dataset.id < +m.dataset.id; })`, LoadMessages))
	var fig Figures
	fig.RenderMS = s.num(`window.APIGEN_CHAT_RENDER_MS`)
	fig.AllMS = s.num(`window.APIGEN_CHAT_ALL_MS`)
	s.call("HeapProfiler.collectGarbage", nil)
	var heap struct {
		Used float64 `json:"usedSize"`
	}
	if err := s.b.Call(s.ctx, s.page, "Runtime.getHeapUsage", nil, &heap); err != nil {
		t.Fatal(err)
	}
	fig.HeapMB = heap.Used / (1 << 20)
	fig.Nodes = int(s.num(`document.getElementsByTagName("*").length`))
	if gap := s.num(`(function () { var b = document.getElementById("messages"); return b.scrollHeight - b.scrollTop - b.clientHeight; })()`); gap > 100 {
		t.Errorf("the chat opened %v px above its latest message, want at it", gap)
	}
	var frames struct {
		Mean float64 `json:"mean"`
		Max  float64 `json:"max"`
	}
	s.eval(`new Promise(function (done) {
		var box = document.getElementById("messages"), times = [], last = 0;
		function step(now) {
			if (last) { times.push(now - last); }
			last = now;
			if (box.scrollTop === 0 || times.length > 2000) {
				done({mean: times.reduce(function (a, b) { return a + b; }, 0) / times.length, max: Math.max.apply(null, times)});
				return;
			}
			box.scrollTop -= box.clientHeight * 0.8;
			requestAnimationFrame(step);
		}
		requestAnimationFrame(step);
	})`, &frames)
	fig.ScrollMeanMS, fig.ScrollMaxMS = frames.Mean, frames.Max
	if top := s.num(`document.getElementById("messages").scrollTop`); top != 0 {
		t.Errorf("scrolling did not reach the top: scrollTop %v", top)
	}
	return fig
}

// phone checks the window at a phone's width: no sideways scrolling, the
// open chat alone, Back to the list.
func (s *session) phone() {
	s.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 390, "height": 780, "deviceScaleFactor": 2, "mobile": true})
	s.waitFor("the phone layout: the chat alone", `getComputedStyle(document.getElementById("side")).display === "none" &&
		getComputedStyle(document.getElementById("chat")).display !== "none" && document.documentElement.scrollWidth <= innerWidth`)
	s.click("#back")
	s.waitFor("the phone layout: the list after Back", `getComputedStyle(document.getElementById("side")).display !== "none" &&
		getComputedStyle(document.getElementById("chat")).display === "none" && document.documentElement.scrollWidth <= innerWidth`)
}

// ---------------------------------------------------------------- driving the page

func (s *session) call(method string, params any) {
	s.t.Helper()
	if err := s.b.Call(s.ctx, s.page, method, params, nil); err != nil {
		s.t.Fatal(err)
	}
}

func (s *session) eval(expr string, into any) {
	s.t.Helper()
	if err := s.b.Eval(s.ctx, s.page, expr, into); err != nil {
		s.t.Fatalf("%v\n%s", err, expr)
	}
}

func (s *session) str(expr string) string {
	s.t.Helper()
	var v string
	s.eval(expr, &v)
	return v
}

func (s *session) num(expr string) float64 {
	s.t.Helper()
	var v float64
	s.eval(expr, &v)
	return v
}

// waitFor waits for expr to be true (15 s at most).
func (s *session) waitFor(what, expr string) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok bool
		s.eval("!!("+expr+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var shown string
			s.eval(`(document.getElementById("messages") ? document.getElementById("messages").innerText.slice(-1500) : "") +
				"\n[chat: " + document.getElementById("chat-title").textContent + ", " + document.querySelectorAll("#messages .msg").length +
				" messages, rendered in " + window.APIGEN_CHAT_RENDER_MS + " ms; compose: " + JSON.stringify(document.getElementById("text").value) + ", menu hidden: " + document.getElementById("menu").hidden +
				", toast: " + JSON.stringify(document.getElementById("toast").textContent) + "]"`, &shown)
			s.t.Fatalf("waiting for %s: not after 15 s.\nproblems: %v\nthe chat shows:\n%s", what, s.b.Problems(s.o.Base), shown)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

func (s *session) navigate(url string) {
	s.t.Helper()
	s.b.Reset()
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := s.b.Call(s.ctx, s.page, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		s.t.Fatal(err)
	}
	if nav.ErrorText != "" {
		s.t.Fatalf("%s: %s", url, nav.ErrorText)
	}
	if err := s.b.WaitLoad(s.ctx, 20*time.Second); err != nil {
		s.t.Fatal(err)
	}
}

// click clicks the element of a CSS selector.
func (s *session) click(sel string) {
	s.t.Helper()
	var ok bool
	s.eval(fmt.Sprintf(`(function () { var e = document.querySelector(%q); if (!e) { return false; } e.click(); return true; })()`, sel), &ok)
	if !ok {
		s.t.Fatalf("no element %s to click", sel)
	}
}

// clickText clicks the element of sel whose text contains text.
func (s *session) clickText(sel, text string) {
	s.t.Helper()
	var ok bool
	s.eval(fmt.Sprintf(`(function () {
		var e = Array.from(document.querySelectorAll(%q)).find(function (e) { return e.textContent.indexOf(%q) >= 0; });
		if (!e) { return false; } e.click(); return true; })()`, sel, text), &ok)
	if !ok {
		s.t.Fatalf("no %s with %q to click", sel, text)
	}
}

// typeInto focuses the element and types text as keys would.
func (s *session) typeInto(sel, text string) {
	s.t.Helper()
	s.eval(fmt.Sprintf(`(function () { document.querySelector(%q).focus(); return true; })()`, sel), nil)
	s.call("Input.insertText", map[string]any{"text": text})
}

var keyCodes = map[string]int{"Enter": 13, "ArrowDown": 40, "ArrowUp": 38, "Escape": 27}

// key presses a key on the focused element.
func (s *session) key(name string) {
	s.t.Helper()
	p := map[string]any{"type": "rawKeyDown", "key": name, "code": name, "windowsVirtualKeyCode": keyCodes[name]}
	if name == "Enter" {
		p["type"], p["text"] = "keyDown", "\r"
	}
	s.call("Input.dispatchKeyEvent", p)
	s.call("Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": name, "code": name, "windowsVirtualKeyCode": keyCodes[name]})
}

// setFile chooses a file in a file input, as the file dialog would.
func (s *session) setFile(sel, path string) {
	s.t.Helper()
	var doc struct {
		Root struct {
			NodeID int `json:"nodeId"`
		} `json:"root"`
	}
	if err := s.b.Call(s.ctx, s.page, "DOM.getDocument", nil, &doc); err != nil {
		s.t.Fatal(err)
	}
	var node struct {
		NodeID int `json:"nodeId"`
	}
	if err := s.b.Call(s.ctx, s.page, "DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": sel}, &node); err != nil {
		s.t.Fatal(err)
	}
	s.call("DOM.setFileInputFiles", map[string]any{"files": []string{path}, "nodeId": node.NodeID})
}

// control makes a control API request.
func control(t *testing.T, o Options, action string, params any, out any) {
	t.Helper()
	b, _ := json.Marshal(params)
	if params == nil {
		b = []byte("{}")
	}
	req, _ := http.NewRequest("POST", o.Base+"/control/"+action, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+o.Control)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("control %s: %d %s", action, resp.StatusCode, strings.TrimSpace(string(body)))
	}
	if out != nil {
		var res struct {
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(body, &res); err != nil || json.Unmarshal(res.Result, out) != nil {
			t.Fatalf("control %s: %s", action, body)
		}
	}
}
