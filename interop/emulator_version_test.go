package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// newestPage is the newest published page shared beside the checkout
// (never committed; the tests that need it skip without it).
const newestPage = "bot-api-9.0.html.gz"

// versionEmulator is the emulator program of the newest page, built once
// per test run by `apigen emulator --build-only` (about a minute).
var versionEmulator = sync.OnceValues(func() (string, error) {
	src, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	cache := os.Getenv("APIGEN_EMULATOR_CACHE")
	if cache == "" {
		if cache, err = os.MkdirTemp("", "interop-emulator-"); err != nil {
			return "", err
		}
		ownCache = cache
	}
	cmd := exec.Command("go", "run", "./cmd/apigen", "emulator", "--spec", filepath.Join(src, "..", "shared", "spec", "published", newestPage), "--cache", cache, "--build-only")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "APIGEN_SOURCE="+src)
	var out, log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("apigen emulator --build-only: %v\n%s", err, log.String())
	}
	return strings.TrimSpace(out.String()), nil
})

// ownCache is the cache directory this run made (removed at its end).
var ownCache string

func TestMain(m *testing.M) {
	code := m.Run()
	if ownCache != "" {
		os.RemoveAll(ownCache)
	}
	os.Exit(code)
}

// startVersionEmulator runs the newest page's emulator on loopback with
// the control token control and returns its address; skips in -short and
// without the page.
func startVersionEmulator(t *testing.T, control string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the emulator of the newest published page: not in -short")
	}
	page := filepath.Join("..", "..", "shared", "spec", "published", newestPage)
	if _, err := os.Stat(page); err != nil {
		t.Skipf("%s is absent (the published pages live beside the checkout, in ../shared): %v", page, err)
	}
	bin, err := versionEmulator()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-listen", "127.0.0.1:0", "-control-token", control)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		served := regexp.MustCompile(`server on (http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := served.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case a := <-addr:
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not say where it listens")
	}
	return ""
}

// Issue 33: grammY speaks Bot API 9.x; against the emulator of the 9.0
// page it runs the whole conversation with no adapter (poll options go as
// InputPollOption objects, as grammY sends them).
func TestEmulatorConversationJavaScriptAtNewestPage(t *testing.T) {
	if os.Getenv("APIGEN_SKIP_JS") != "" {
		t.Skip("APIGEN_SKIP_JS is set")
	}
	dir := installJS(t)
	base := startVersionEmulator(t, "interop-control")
	node := exec.Command("node", "--test", "--test-reporter=spec", "conversation.test.js")
	node.Dir = dir
	node.Env = append(os.Environ(), "EMULATOR_URL="+base, "BOT_TOKEN="+token, "CONTROL_TOKEN=interop-control", "EMULATOR_AT=9.0")
	out, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// Issue 33: every Go library's conversation (go-telegram-bot-api,
// telego with no adapter, telebot, the seed's generated client) against
// the emulator program of the newest shared page, the user's side through
// the HTTP control API.
func TestEmulatorConversationsAtNewestPage(t *testing.T) {
	for _, run := range []struct {
		name string
		f    func(*testing.T, *conversation)
	}{
		{"GoTelegramBotAPI", conversationGoTelegramBotAPI},
		{"Telego", conversationTelego},
		{"Telebot", conversationTelebot},
		{"GeneratedClient", conversationGeneratedClient},
	} {
		t.Run(run.name, func(t *testing.T) {
			base := startVersionEmulator(t, "interop-control")
			ctl := httpControls{t: t, base: base, token: "interop-control"}
			bot, err := ctl.AddBot(token)
			if err != nil {
				t.Fatal(err)
			}
			run.f(t, startConversation(t, ctl, base, "9.0", bot))
		})
	}
}

// httpControls is the control API of an emulator program over HTTP (its
// answers are in the seed's shapes, as the Go methods' are).
type httpControls struct {
	t           *testing.T
	base, token string
}

func (h httpControls) call(action string, body any, out any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, h.base+"/control/"+action, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+h.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var a struct {
		OK          bool            `json:"ok"`
		Result      json.RawMessage `json:"result"`
		Description string          `json:"description"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		return err
	}
	if !a.OK {
		return fmt.Errorf("control %s: %s", action, a.Description)
	}
	if out != nil {
		return json.Unmarshal(a.Result, out)
	}
	return nil
}

func where(w emulator.Where) map[string]any {
	if w.Chat != 0 {
		return map[string]any{"chat_id": w.Chat}
	}
	return map[string]any{"bot_id": w.Bot}
}

func (h httpControls) AddBot(token string) (u botapi.User, err error) {
	err = h.call("bot", map[string]any{"token": token}, &u)
	return u, err
}

func (h httpControls) NewUser(firstName, username string) (u botapi.User) {
	if err := h.call("user", map[string]any{"first_name": firstName, "username": username}, &u); err != nil {
		h.t.Fatal(err)
	}
	return u
}

func (h httpControls) Send(from int64, w emulator.Where, text string) (m botapi.Message, err error) {
	p := where(w)
	p["user_id"], p["text"] = from, text
	err = h.call("send", p, &m)
	return m, err
}

func (h httpControls) Press(from int64, w emulator.Where, id int64, data string) (string, error) {
	p := where(w)
	p["user_id"], p["message_id"], p["data"] = from, id, data
	var r struct {
		ID string `json:"callback_query_id"`
	}
	err := h.call("press", p, &r)
	return r.ID, err
}

func (h httpControls) CallbackAnswer(queryID string) (a emulator.CallbackAnswer, ok bool) {
	return a, h.call("callback_answer", map[string]any{"callback_query_id": queryID}, &a) == nil
}

func (h httpControls) Message(from int64, w emulator.Where, id int64) (m botapi.Message, ok bool) {
	p := where(w)
	p["user_id"], p["message_id"] = from, id
	return m, h.call("message", p, &m) == nil
}

func (h httpControls) Sent(botID int64) []emulator.Sent {
	// reply_markup (a union the Go type cannot decode alone) is left out.
	var sent []struct {
		Seq     int64          `json:"seq"`
		Method  string         `json:"method"`
		Message botapi.Message `json:"message"`
	}
	if err := h.call("sent", map[string]any{"bot_id": botID}, &sent); err != nil {
		h.t.Fatal(err)
	}
	out := make([]emulator.Sent, len(sent))
	for i, s := range sent {
		out[i] = emulator.Sent{Seq: s.Seq, Method: s.Method, Message: s.Message}
	}
	return out
}

func (h httpControls) Advance(d time.Duration) time.Time {
	var now int64
	if err := h.call("advance", map[string]any{"seconds": int64(d / time.Second)}, &now); err != nil {
		h.t.Fatal(err)
	}
	return time.Unix(now, 0)
}
