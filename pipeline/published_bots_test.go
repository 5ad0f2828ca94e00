package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 35: the README's bot and client snippet and the examples were
// written against the seed's package; against a package from a published
// page they did not compile (the page's IntegerOrString had no ChatID, a
// callback query's message may be inaccessible there, …).
// TestExamplesBuildAgainstEveryPublishedPage generates a package from each
// published page beside the checkout into a module with the examples'
// path, copies in the bots' sources and the README's snippets as they
// are (only the README's import path is the examples'), and builds them.
func TestExamplesBuildAgainstEveryPublishedPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package per published page: skipped in -short")
	}
	pages, _ := filepath.Glob(filepath.Join(publishedDir, "bot-api-*.html.gz"))
	if len(pages) == 0 {
		t.Skipf("no published pages in %s (they live beside the checkout, in ../shared)", publishedDir)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	bot := fencedGo(t, string(readme), "package main")
	client := fencedGo(t, string(readme), "c.SendMessage(ctx")
	for _, page := range pages {
		name := filepath.Base(page)
		t.Run(name, func(t *testing.T) {
			root := generatePublished(t, name, "github.com/apigen/apigen/examples")
			for _, ex := range []string{"echobot", "quizbot", "colorbot"} {
				copyBotSources(t, filepath.Join("../examples", ex), filepath.Join(root, ex))
			}
			writeFile(t, filepath.Join(root, "readmebot", "main.go"), strings.ReplaceAll(bot, `"example.com/bot/botapi"`, `"github.com/apigen/apigen/examples/botapi"`))
			writeFile(t, filepath.Join(root, "readmebot", "client.go"), readmeClientProgram(client))
			want, ok := pageReplyJSON[name]
			if !ok {
				t.Fatalf("no expected reply JSON for %s in pageReplyJSON", name)
			}
			writeFile(t, filepath.Join(root, "botapi", "botlib_json_test.go"), strings.NewReplacer("WANT_REPLY", want[0], "WANT_OPTIONS", want[1]).Replace(botlibJSONTest))
			test := exec.Command("go", "test", "-count=1", "-v", "-run", "TestBuildersSendThePagesJSON", "./botapi")
			test.Dir = root
			if out, err := test.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestBuildersSendThePagesJSON") {
				t.Errorf("in the %s package: %v\n%s", name, err, out)
			}
			for _, prog := range []string{"readmebot", "echobot", "quizbot", "colorbot"} {
				cmd := exec.Command("go", "build", "-o", os.DevNull, "./"+prog)
				cmd.Dir = root
				out, err := cmd.CombinedOutput()
				gap := pageLacks[name][prog]
				switch {
				case err != nil && gap == "":
					t.Errorf("%s does not build against the %s package: %v\n%s", prog, name, err, out)
				case err == nil && gap != "":
					t.Errorf("%s builds against the %s package now: drop its entry in pageLacks (%s)", prog, name, gap)
				}
			}
		})
	}
}

// pageLacks are the bots that use what a page does not offer in the
// seed's shape, per page and bot: the builds expected to fail, and why.
// None: ReplyToMessage and Reply fill reply_parameters where a page has
// it instead of reply_to_message_id, WithOptions wraps the texts in
// InputPollOption objects, and a message that may be inaccessible has
// Reply as a message does.
var pageLacks = map[string]map[string]string{}

// pageReplyJSON is what botlibJSONTest expects of each page's package:
// the sendMessage parameters ReplyToMessage and Reply fill for message 3
// of chat 7, and the options WithOptions("a", "b") sends. The pages
// before 7.0 refer to the message by reply_to_message_id, the later ones
// by reply_parameters; the options are objects from 7.3.
var pageReplyJSON = map[string][2]string{
	"bot-api-6.3.html.gz":  {`{"chat_id":7,"text":"x","reply_to_message_id":3}`, `["a","b"]`},
	"bot-api-7.10.html.gz": {`{"chat_id":7,"text":"x","reply_parameters":{"message_id":3}}`, `[{"text":"a"},{"text":"b"}]`},
	"bot-api-9.0.html.gz":  {`{"chat_id":7,"text":"x","reply_parameters":{"message_id":3}}`, `[{"text":"a"},{"text":"b"}]`},
}

// botlibJSONTest runs inside each page's package (issue 35): one source
// for every version, as the bots are. A callback query's message of date
// 0 is inaccessible from 7.0 (a union variant without Reply before), a
// Message before; ReplyToMessage and its Reply fill the same parameters.
const botlibJSONTest = `package botapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/apigen/apigen/examples/botapi"
	"github.com/apigen/apigen/examples/botapi/botapiserver"
)

func TestBuildersSendThePagesJSON(t *testing.T) {
	var q botapi.CallbackQuery
	if err := json.Unmarshal([]byte(` + "`" + `{"id":"1","from":{"id":9,"is_bot":false,"first_name":"A"},"chat_instance":"c","message":{"message_id":3,"date":0,"chat":{"id":7,"type":"private"}}}` + "`" + `), &q); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal((&botapi.SendMessageParams{Text: "x"}).ReplyToMessage(q.Message))
	if want := ` + "`WANT_REPLY`" + `; err != nil || string(got) != want {
		t.Errorf("ReplyToMessage: %s, %v; want %s", got, err, want)
	}
	p := &botapi.SendMessageParams{Text: "x"}
	if err := q.Message.Reply(context.Background(), p); err == nil {
		t.Error("Reply outside a handler sent something")
	}
	if got, err := json.Marshal(p); err != nil || string(got) != ` + "`WANT_REPLY`" + ` {
		t.Errorf("Reply filled %s, %v", got, err)
	}
	got, err = json.Marshal((&botapi.SendPollParams{Question: "?"}).WithOptions("a", "b").Options)
	if want := ` + "`WANT_OPTIONS`" + `; err != nil || string(got) != want {
		t.Errorf("WithOptions: %s, %v; want %s", got, err, want)
	}
	// Issue 42: the edit methods' text and message_id keep the type of a
	// required field at every page (message_id is required only while
	// inline_message_id is not given), and Reply quotes the message it
	// answers at every page.
	edit := botapi.EditMessageTextParams{Text: "x", MessageID: 3}
	if got, err := json.Marshal(&edit); err != nil || string(got) != ` + "`" + `{"message_id":3,"text":"x"}` + "`" + ` {
		t.Errorf("EditMessageTextParams: %s, %v", got, err)
	}
	var m botapi.Message
	if err := json.Unmarshal([]byte(` + "`" + `{"message_id":3,"date":1,"chat":{"id":7,"type":"private"}}` + "`" + `), &m); err != nil {
		t.Fatal(err)
	}
	quoted := &botapi.SendMessageParams{Text: "x"}
	_ = m.Reply(context.Background(), quoted)
	if got, err := json.Marshal(quoted); err != nil || string(got) != ` + "`WANT_REPLY`" + ` {
		t.Errorf("Message.Reply filled %s, %v; want a reply quoting message 3", got, err)
	}
}
`

// readmeClientProgram wraps the README's client snippet in a function
// giving it the names it uses without declaring them (ctx, c, id, f,
// impl).
func readmeClientProgram(snippet string) string {
	return `package main

import (
	"context"
	"errors"
	"os"

	"github.com/apigen/apigen/examples/botapi"
)

var _ = errors.As

func readmeClient(ctx context.Context, c *botapi.Client, f *os.File, impl botapiserver.Service) error {
	id := botapi.ChatID(1)
` + snippet + `	_, _, _ = msg, apiErr, srv
	return err
}

var _ = readmeClient
`
}

// fencedGo is the one fenced Go block of a Markdown text containing
// marker.
func fencedGo(t *testing.T, md, marker string) string {
	t.Helper()
	var found []string
	for _, m := range regexp.MustCompile("(?ms)^```go\n(.*?)^```").FindAllStringSubmatch(md, -1) {
		if strings.Contains(m[1], marker) {
			found = append(found, m[1])
		}
	}
	if len(found) != 1 {
		t.Fatalf("want one Go block with %q in the README, found %d", marker, len(found))
	}
	return found[0]
}

// copyBotSources copies a bot's files except its tests.
func copyBotSources(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
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
		writeFile(t, filepath.Join(to, e.Name()), string(data))
	}
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
