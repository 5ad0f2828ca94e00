package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// examplesImport is the import path of the package the examples use; in
// the emulator program's module the version's package is emulatorModule's
// botapi.
const examplesImport = `"github.com/apigen/apigen/examples/botapi"`

// Issue 35: the three example bots, their sources unchanged (only the
// import path of the package rewritten), built against the package of
// the newest shared page (the one the emulator program was built with)
// and run as processes against the emulator of that page; each bot's own
// conversation is driven over the HTTP control API and checked in what
// the emulator recorded. The control API answers in the version's
// shapes (9.0's Message), so a reply shows as reply_to_message: at 9.0
// the bot can only have sent reply_parameters (reply_to_message_id is no
// parameter there, and the version's server is strict), which the front
// translated.
func TestExampleBotsAgainstEmulatorAtNewestPage(t *testing.T) {
	bin := emulatorAt(t, "bot-api-9.0.html.gz")
	bots := []string{"echobot", "quizbot", "colorbot"}
	// One go command builds the three, inside the emulator program's
	// module, so the version's package is the one already compiled.
	dir, err := os.MkdirTemp(filepath.Dir(bin), "examples-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	args := []string{"build", "-mod=mod", "-o", filepath.Join(dir, "bin") + string(filepath.Separator)}
	for _, name := range bots {
		copyExampleBot(t, filepath.Join("..", "..", "examples", name), filepath.Join(dir, name))
		args = append(args, "./"+name)
	}
	build := exec.Command("go", args...)
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the example bots against the 9.0 package: %v\n%s", err, out)
	}
	// One emulator for the three bots: each has its token, its users and
	// its record.
	ctl := &controlAPI{base: startProgram(t, bin, "-listen", "127.0.0.1:0", "-control-token", "examples"), token: "examples"}
	for i, name := range bots {
		t.Run(name, func(t *testing.T) {
			id := int64(7001 + i)
			token := fmt.Sprintf("%d:%s", id, name)
			var me struct {
				FirstName string `json:"first_name"`
			}
			ctl.do(t, "bot", fmt.Sprintf(`{"token":%q}`, token), &me)
			var user struct{ ID int64 }
			ctl.do(t, "user", `{"first_name":"Alice","username":"alice"}`, &user)
			b := startBot(t, filepath.Join(dir, "bin", name), token, ctl.base)
			conv := &conversation{t: t, ctl: ctl, bot: b, botID: id, userID: user.ID}
			switch name {
			case "echobot":
				echobotConversation(conv)
			case "quizbot":
				quizbotConversation(conv)
			case "colorbot":
				colorbotConversation(conv, me.FirstName)
			}
		})
	}
}

// echobot echoes each text as a reply to it.
func echobotConversation(c *conversation) {
	texts := []string{"hello there", "and again"}
	var ids []int64
	for _, text := range texts {
		ids = append(ids, c.send(text))
	}
	sent := c.sentBy(len(texts))
	for i, s := range sent {
		if s.Method != "sendMessage" || s.Message.Text != texts[i] {
			c.t.Errorf("sent %d: %s %q, want sendMessage %q", i, s.Method, s.Message.Text, texts[i])
		}
		if r := s.Message.ReplyToMessage; r == nil || r.MessageID != ids[i] {
			c.t.Errorf("the echo of %q is no reply to the user's message %d: reply_to_message %+v", texts[i], ids[i], r)
		}
	}
}

// quizbot answers /start with a keyboard; its buttons answer the callback
// and send a captioned picture or a quiz poll, each a reply to the
// keyboard's message.
func quizbotConversation(c *conversation) {
	c.send("/start")
	kbd := c.sentBy(1)[0]
	if kbd.Message.Text != "Ready?" || kbd.buttons() != "Picture=quiz:photo Question=quiz:poll" {
		c.t.Fatalf("first message %q with keyboard %q", kbd.Message.Text, kbd.buttons())
	}
	var queries []string
	for i, data := range []string{"quiz:photo", "quiz:poll"} {
		queries = append(queries, c.press(kbd.Message.MessageID, data))
		c.sentBy(2 + i) // one at a time: each press answers and sends
	}
	sent := c.sentBy(3)
	if got := methods(sent); got != "sendMessage,sendPhoto,sendPoll" {
		c.t.Fatalf("the bot sent %s", got)
	}
	for _, s := range sent[1:] {
		if r := s.Message.ReplyToMessage; r == nil || r.MessageID != kbd.Message.MessageID {
			c.t.Errorf("%s is no reply to the keyboard's message %d: %+v", s.Method, kbd.Message.MessageID, r)
		}
	}
	if m := sent[1].Message; len(m.Photo) == 0 || m.Caption != "What colour is this?" {
		c.t.Errorf("photo %+v, caption %q", m.Photo, m.Caption)
	}
	c.quiz(sent[2], "2 + 2 = ?", "3,4,5")
	for _, q := range queries {
		c.answered(q, "Here it comes")
	}
}

// colorbot answers /start with a keyboard (no quote); Blue answers the
// callback, edits the keyboard's message and sends a picture and a quiz
// poll (no quote).
func colorbotConversation(c *conversation, botName string) {
	c.send("/start")
	kbd := c.sentBy(1)[0]
	if want := "Pick a colour, says " + botName; kbd.Message.Text != want || kbd.Message.ReplyToMessage != nil ||
		kbd.buttons() != "Red=color:red Blue=color:blue" {
		c.t.Fatalf("first message %q (reply to %+v, keyboard %q), want %q without a quote",
			kbd.Message.Text, kbd.Message.ReplyToMessage, kbd.buttons(), want)
	}
	q := c.press(kbd.Message.MessageID, "color:blue")
	sent := c.sentBy(4)
	if got := methods(sent); got != "sendMessage,editMessageText,sendPhoto,sendPoll" {
		c.t.Fatalf("the bot sent %s", got)
	}
	if m := sent[2].Message; len(m.Photo) == 0 || m.Photo[len(m.Photo)-1].Width != 8 || m.ReplyToMessage != nil {
		c.t.Errorf("photo %+v (reply to %+v), want 8 pixels wide, no quote", m.Photo, m.ReplyToMessage)
	}
	c.quiz(sent[3], "Which one is blue?", "red,blue")
	if sent[3].Message.ReplyToMessage != nil {
		c.t.Errorf("the poll quotes %+v", sent[3].Message.ReplyToMessage)
	}
	var now recordedMessage
	c.ctl.do(c.t, "message", fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"message_id":%d}`, c.userID, c.botID, kbd.Message.MessageID), &now)
	if now.Text != "Blue it is" || now.EditDate == 0 {
		c.t.Errorf("the keyboard's message is now %q (edit_date %d), want %q edited", now.Text, now.EditDate, "Blue it is")
	}
	c.answered(q, "You chose blue")
}

// conversation is one user's private chat with one running bot.
type conversation struct {
	t             *testing.T
	ctl           *controlAPI
	bot           *runningBot
	botID, userID int64
}

// send has the user write text to the bot and returns its message id.
func (c *conversation) send(text string) int64 {
	c.t.Helper()
	var m recordedMessage
	c.ctl.do(c.t, "send", fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"text":%q}`, c.userID, c.botID, text), &m)
	return m.MessageID
}

// press has the user press the button of data under a message.
func (c *conversation) press(messageID int64, data string) string {
	c.t.Helper()
	var r struct {
		ID string `json:"callback_query_id"`
	}
	c.ctl.do(c.t, "press", fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"message_id":%d,"data":%q}`, c.userID, c.botID, messageID, data), &r)
	return r.ID
}

// sentBy waits until the bot has sent (or edited) n messages.
func (c *conversation) sentBy(n int) []sentRecord {
	c.t.Helper()
	var sent []sentRecord
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c.ctl.do(c.t, "sent", fmt.Sprintf(`{"bot_id":%d}`, c.botID), &sent)
		if len(sent) >= n {
			return sent
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the bot sent %d messages (%s), want %d\nbot: %s", len(sent), methods(sent), n, c.bot.log())
		}
	}
}

// quiz checks that a sent message is a quiz poll of the question and
// options whose right answer is the second.
func (c *conversation) quiz(s sentRecord, question, options string) {
	c.t.Helper()
	p := s.Message.Poll
	if p == nil {
		c.t.Errorf("%s sent no poll: %+v", s.Method, s.Message)
		return
	}
	var texts []string
	for _, o := range p.Options {
		texts = append(texts, o.Text)
	}
	if p.Question != question || strings.Join(texts, ",") != options || p.Type != "quiz" || p.CorrectOptionID == nil || *p.CorrectOptionID != 1 {
		c.t.Errorf("poll %q options %q type %q correct %v, want %q options %q, a quiz whose answer is 1",
			p.Question, texts, p.Type, p.CorrectOptionID, question, options)
	}
}

// answered checks the bot's answer to a callback query.
func (c *conversation) answered(queryID, text string) {
	c.t.Helper()
	var a struct {
		Answered bool
		Text     string
	}
	c.ctl.do(c.t, "callback_answer", fmt.Sprintf(`{"callback_query_id":%q}`, queryID), &a)
	if !a.Answered || a.Text != text {
		c.t.Errorf("callback answer %+v, want %q", a, text)
	}
}

func methods(sent []sentRecord) string {
	var m []string
	for _, s := range sent {
		m = append(m, s.Method)
	}
	return strings.Join(m, ",")
}

// sentRecord is what the control API's sent action lists: the fields of
// the version's Message these tests read.
type sentRecord struct {
	Method      string          `json:"method"`
	Message     recordedMessage `json:"message"`
	ReplyMarkup struct {
		InlineKeyboard [][]struct {
			Text         string `json:"text"`
			CallbackData string `json:"callback_data"`
		} `json:"inline_keyboard"`
	} `json:"reply_markup"`
}

// buttons spells the inline keyboard as "text=data ...".
func (s sentRecord) buttons() string {
	var b []string
	for _, row := range s.ReplyMarkup.InlineKeyboard {
		for _, k := range row {
			b = append(b, k.Text+"="+k.CallbackData)
		}
	}
	return strings.Join(b, " ")
}

type recordedMessage struct {
	MessageID      int64  `json:"message_id"`
	Text           string `json:"text"`
	Caption        string `json:"caption"`
	EditDate       int64  `json:"edit_date"`
	ReplyToMessage *struct {
		MessageID int64 `json:"message_id"`
	} `json:"reply_to_message"`
	Photo []struct {
		Width int `json:"width"`
	} `json:"photo"`
	Poll *struct {
		Question string `json:"question"`
		Type     string `json:"type"`
		Options  []struct {
			Text string `json:"text"`
		} `json:"options"`
		CorrectOptionID *int `json:"correct_option_id"`
	} `json:"poll"`
}

// copyExampleBot copies a bot's sources (not its tests) as they are, but
// for the import path of the package.
func copyExampleBot(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(e.Name(), ".go") {
			data = bytes.ReplaceAll(data, []byte(examplesImport), []byte(`"`+emulatorModule+`/botapi"`))
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runningBot is a bot program started for a test (stopped at its end).
type runningBot struct {
	cmd *exec.Cmd
	out *lockedBuffer
}

func (b *runningBot) log() string { return b.out.String() }

func startBot(t *testing.T, bin, token, base string) *runningBot {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "BOT_TOKEN="+token, "BOT_API_URL="+base)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return &runningBot{cmd: cmd, out: out}
}

// lockedBuffer collects a process's output while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
