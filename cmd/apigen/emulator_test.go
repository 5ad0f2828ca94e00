package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// emulatorBuilds holds the emulator program built for each page in this
// test run: one build per page, whatever the number of tests using it.
var emulatorBuilds sync.Map // page path -> *emulatorBuild

type emulatorBuild struct {
	once     sync.Once
	bin, log string
	err      error
	// stale is what the go command says of the version's package beside
	// the program just after a build of this run (before any bot is built
	// there): "" when there was no build, else `go list`'s Stale and
	// StaleReason.
	stale string
}

// emulatorCache is the cache directory of this run's builds
// ($APIGEN_EMULATOR_CACHE when set, to keep them across runs).
var emulatorCache = sync.OnceValues(func() (string, error) {
	if d := os.Getenv(emulatorCacheEnv); d != "" {
		return d, nil
	}
	d, err := os.MkdirTemp("", "apigen-emulator-test-")
	ownCache = d
	return d, err
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

// emulatorAt builds (once per run) the emulator of the shared page name
// through `apigen emulator --build-only`, or skips: in -short, and
// without the page.
func emulatorAt(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the emulator of a published page (about a minute): not in -short")
	}
	page, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "spec", "published", name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(page); err != nil {
		t.Skipf("%s is absent (the published pages live beside the checkout, in ../shared): %v", page, err)
	}
	v, _ := emulatorBuilds.LoadOrStore(page, &emulatorBuild{})
	b := v.(*emulatorBuild)
	b.once.Do(func() {
		cache, err := emulatorCache()
		if err != nil {
			b.err = err
			return
		}
		var out, log bytes.Buffer
		if code := run([]string{"emulator", "--spec", page, "--cache", cache, "--build-only"}, &out, &log); code != 0 {
			b.err = fmt.Errorf("exit status %d", code)
		}
		b.bin, b.log = strings.TrimSpace(out.String()), log.String()
		if b.err == nil && strings.Contains(b.log, "building") {
			b.stale = staleness(filepath.Dir(b.bin), "./botapi")
		}
	})
	if b.err != nil {
		t.Fatalf("apigen emulator --spec %s --build-only: %v\n%s", page, b.err, b.log)
	}
	return b.bin
}

// staleness is `go list`'s word on whether building pkg in the module at
// dir would compile it again (not from the build cache).
func staleness(dir, pkg string) string {
	list := exec.Command("go", "list", "-mod=mod", "-f", "{{.Stale}} {{.StaleReason}}", pkg)
	list.Dir = dir
	list.Env = append(os.Environ(), "GOWORK=off")
	out, err := list.CombinedOutput()
	if err != nil {
		return fmt.Sprintf("go list: %v: %s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// Issue 33: the program was built in a temporary directory and then
// moved into the cache, so the version's package was compiled (and
// cached by the go command) under a directory that no longer exists: a
// bot built beside the program (as the README says to) compiled the
// whole package again, the longest part of the build (and most of its
// memory). Right after a build, the package beside
// the program must be up to date in the build cache.
func TestEmulatorBotBesideTheProgramReusesTheCompiledPackage(t *testing.T) {
	emulatorAt(t, "bot-api-9.0.html.gz")
	v, _ := emulatorBuilds.Load(mustAbs(t, filepath.Join("..", "..", "..", "shared", "spec", "published", "bot-api-9.0.html.gz")))
	b := v.(*emulatorBuild)
	if b.stale == "" {
		t.Skipf("the program was in the cache already (%s): nothing was built in this run", b.bin)
	}
	if b.stale != "false" {
		t.Errorf("after the build, go list says of botapi beside the program: %q, want false (compiled, cached)", b.stale)
	}
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Issue 33: at each shared page, the version's generated client calls
// every method of that version with minimal valid parameters (the held
// chat, users, messages, file and callback query in place of the
// synthesized ids) against the emulator of that version: each is served
// (never 404, never a 5xx, always an answer the client decodes), and all
// give a typed result but the core's own rules (close is refused for 10
// minutes after launch; the emulator has no sticker sets) and a method of
// a resource the bot never created (an invite link, a forum topic: its
// identifier is <IDENTIFIER>_INVALID, as the emulator holds it, issue 41).
func TestEmulatorServesEveryMethodAtEachPublishedPage(t *testing.T) {
	for _, page := range []string{"bot-api-6.3.html.gz", "bot-api-7.10.html.gz", "bot-api-9.0.html.gz"} {
		t.Run(page, func(t *testing.T) {
			bin := emulatorAt(t, page)
			out, err := exec.Command(bin, "-listen", "127.0.0.1:0", "-call-every-method").CombinedOutput()
			if err != nil {
				t.Fatalf("%s -call-every-method: %v\n%s", bin, err, out)
			}
			var typed, state, uncreated int
			for _, line := range strings.Split(string(out), "\n") {
				switch {
				case strings.HasPrefix(line, "typed "):
					typed++
				case strings.HasPrefix(line, "state ") && neverCreated.MatchString(line):
					uncreated++
				case strings.HasPrefix(line, "state "):
					state++
					if !strings.HasPrefix(line, "state close:") && !strings.HasPrefix(line, "state setChatStickerSet:") {
						t.Errorf("%s", line)
					}
				case strings.HasPrefix(line, "FAIL "):
					t.Errorf("%s", line)
				}
			}
			if typed == 0 || state > 2 {
				t.Errorf("%d typed results, %d errors:\n%s", typed, state, out)
			}
			t.Logf("%d methods typed, %d refused by the core's rules, %d name a resource never created", typed, state, uncreated)
		})
	}
}

// neverCreated matches a refusal of a resource's identifier the bot never
// created (editChatInviteLink of an invite link, editForumTopic of a
// topic: the harness creates none).
var neverCreated = regexp.MustCompile(`^state (edit|revoke|close|reopen|delete)[A-Za-z]*: .*Bad Request: [A-Z_]+_INVALID$`)

// The seed's emulator needs no page and no build: apigen runs it itself.
func TestEmulatorAtTheSeedRunsWithoutABuild(t *testing.T) {
	cache := t.TempDir()
	var out, log bytes.Buffer
	if code := run([]string{"emulator", "--cache", cache, "-listen", "127.0.0.1:0", "-call-every-method"}, &out, &log); code != 0 {
		t.Fatalf("exit %d\n%s", code, log.String())
	}
	if !strings.Contains(log.String(), "the seed's version") || !strings.Contains(log.String(), " 0 not served") {
		t.Errorf("unexpected output:\n%s", log.String())
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("the seed's emulator built something: %v", entries)
	}
}

// A second start with the same page reuses the program: the same path,
// nothing rebuilt.
func TestEmulatorSecondStartReusesTheBuild(t *testing.T) {
	bin := emulatorAt(t, "bot-api-9.0.html.gz")
	st, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	cache, _ := emulatorCache()
	page, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "spec", "published", "bot-api-9.0.html.gz"))
	var out, log bytes.Buffer
	if code := run([]string{"emulator", "--spec", page, "--cache", cache, "--build-only"}, &out, &log); code != 0 {
		t.Fatalf("exit %d\n%s", code, log.String())
	}
	if got := strings.TrimSpace(out.String()); got != bin || strings.Contains(log.String(), "building") {
		t.Errorf("second start: %q (log %q), want %q reused", got, log.String(), bin)
	}
	if st2, _ := os.Stat(bin); !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("the program was rewritten")
	}
}

// Issue 33: the README's bot, built against the package of the newest
// shared page (the package the emulator program was built with, botapi/
// beside it), answers /ping with "pong" and echoes a text on the emulator
// of that page, driven by the control API over HTTP.
func TestReadmeBotAgainstEmulatorAtNewestPage(t *testing.T) {
	bin := emulatorAt(t, "bot-api-9.0.html.gz")
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const open, imp = "```go\npackage main\n", `"example.com/bot/botapi"`
	i := bytes.Index(readme, []byte(open))
	if i < 0 {
		t.Fatal("README.md has no bot (a go block starting with package main)")
	}
	src := readme[i+len("```go\n"):]
	src = src[:bytes.Index(src, []byte("```"))]
	if !bytes.Contains(src, []byte(imp)) {
		t.Fatalf("the README's bot does not import %s", imp)
	}
	src = bytes.Replace(src, []byte(imp), []byte(`"`+emulatorModule+`/botapi"`), 1)
	botBin := buildBeside(t, bin, "readmebot", src)
	base := startProgram(t, bin, "-listen", "127.0.0.1:0", "-control-token", "readme")
	bot := exec.Command(botBin)
	bot.Env = append(os.Environ(), "BOT_TOKEN=123:x", "BOT_API_URL="+base)
	var botLog bytes.Buffer
	bot.Stdout, bot.Stderr = &botLog, &botLog
	if err := bot.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bot.Process.Kill(); bot.Wait() })
	ctl := &controlAPI{base, "readme"}
	var user struct{ ID int64 }
	ctl.do(t, "bot", `{"token":"123:x"}`, nil) // the bot may not have made its first request yet
	ctl.do(t, "user", `{"first_name":"Alice","username":"alice"}`, &user)
	ctl.do(t, "send", fmt.Sprintf(`{"user_id":%d,"bot_id":123,"text":"/ping"}`, user.ID), nil)
	ctl.do(t, "send", fmt.Sprintf(`{"user_id":%d,"bot_id":123,"text":"hello there"}`, user.ID), nil)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var raw json.RawMessage
		ctl.do(t, "sent", `{"bot_id":123}`, &raw)
		sent := string(raw)
		if strings.Contains(sent, `"text":"pong"`) && strings.Contains(sent, `"text":"hello there"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not answer: sent %s\nbot: %s", sent, botLog.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The control API answers in the version's shapes: a document the bot
	// sent with a thumbnail (9.0's name; the core's Document has thumb)
	// is recorded with the version's thumbnail.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("chat_id", fmt.Sprint(user.ID))
	fw, _ := mw.CreateFormFile("document", "a.txt")
	fw.Write([]byte("hello"))
	fw, _ = mw.CreateFormFile("thumbnail", "t.jpg")
	jpeg.Encode(fw, image.NewRGBA(image.Rect(0, 0, 90, 90)), nil)
	mw.Close()
	resp, err := http.Post(base+"/bot123:x/sendDocument", mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("sendDocument: %d %s", resp.StatusCode, b)
	}
	var sent []struct {
		Method  string
		Message struct{ Document map[string]any }
	}
	ctl.do(t, "sent", `{"bot_id":123}`, &sent)
	if n := len(sent); n == 0 || sent[n-1].Method != "sendDocument" {
		t.Fatalf("control sent: no sendDocument last: %+v", sent)
	}
	if d := sent[len(sent)-1].Message.Document; d["thumbnail"] == nil || d["thumb"] != nil {
		t.Errorf("control sent: the document %v, want 9.0's thumbnail (not the core's thumb)", d)
	}
}

// buildBeside builds the bot main.go src inside the emulator program's
// module, so the version's package is the one already compiled, and
// returns the bot's path.
func buildBeside(t *testing.T, bin, name string, src []byte) string {
	t.Helper()
	dir, err := os.MkdirTemp(filepath.Dir(bin), name+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-mod=mod", "-o", "bot", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %s against the version's package: %v\n%s", name, err, out)
	}
	return filepath.Join(dir, "bot")
}

// started are the process ids startProgram started, in order.
var (
	startedMu sync.Mutex
	started   []int
)

// startProgram runs an emulator program and returns the address it says
// it serves on.
func startProgram(t *testing.T, bin string, args ...string) string {
	t.Helper()
	return startProgramPrinting(t, bin, nil, args...)[0]
}

// startProgramPrinting is startProgram that also waits for a line matching
// each of more and returns their first submatches after the address.
func startProgramPrinting(t *testing.T, bin string, more []*regexp.Regexp, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	startedMu.Lock()
	started = append(started, cmd.Process.Pid)
	startedMu.Unlock()
	t.Cleanup(func() { cancel(); cmd.Wait() })
	found := make(chan []string, 1)
	go func() {
		want := append([]*regexp.Regexp{regexp.MustCompile(`server on (http://\S+)`)}, more...)
		got := make([]string, len(want))
		n := 0
		sc := bufio.NewScanner(stderr)
		for n < len(want) && sc.Scan() {
			for i, re := range want {
				if m := re.FindStringSubmatch(sc.Text()); m != nil && got[i] == "" {
					got[i] = m[1]
					n++
				}
			}
		}
		if n == len(want) {
			found <- got
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case got := <-found:
		return got
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not say where it listens")
	}
	return nil
}

// controlAPI calls an emulator program's HTTP control API.
type controlAPI struct{ base, token string }

// do posts body (JSON text, or a value to encode) to the action and
// decodes the result into out, unless out is nil.
func (c *controlAPI) do(t *testing.T, action string, body, out any) {
	t.Helper()
	code, res, ok, raw := c.try(t, action, body)
	if code != 200 || !ok {
		t.Fatalf("control %s: %d %s", action, code, raw)
	}
	if out == nil {
		return
	}
	if err := json.Unmarshal(res, out); err != nil {
		t.Fatalf("control %s: %v in %s", action, err, res)
	}
}

// try posts body (JSON text, or a value to encode) to the action and
// returns the status, the result, whether the answer was ok, and the
// answer's bytes.
func (c *controlAPI) try(t *testing.T, action string, body any) (int, json.RawMessage, bool, []byte) {
	t.Helper()
	text, ok := body.(string)
	if !ok {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		text = string(b)
	}
	req, err := http.NewRequest(http.MethodPost, c.base+"/control/"+action, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r struct {
		OK     bool            `json:"ok"`
		Result json.RawMessage `json:"result"`
	}
	json.Unmarshal(b, &r)
	return resp.StatusCode, r.Result, r.OK, b
}
