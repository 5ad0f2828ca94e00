package pipeline_test

import (
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// TestPublishedPageGeneratesBuildingPackage reads the platform's published
// 9.0 page (beside the checkout in ../shared, never committed), runs every
// backend, writes the Go package into a temporary module and builds and
// vets it: the size apigen has to handle for today's API (260+ objects,
// 150+ methods). Then it runs publishedAlbumUploadTest inside it: an album
// whose items name attach:// uploads, which the page states only in prose.
func TestPublishedPageGeneratesBuildingPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 90 000-line package: skipped in -short")
	}
	root := buildPublished(t, "bot-api-9.0.html.gz")
	// The package just built is reused (an external test package adds no
	// recompilation of it): the behaviour the page's prose promises.
	if err := os.WriteFile(filepath.Join(root, "botapi", "album_upload_test.go"), []byte(publishedAlbumUploadTest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "botapi", "older_server_test.go"), []byte(publishedOlderServerTest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "botapi", "reply_parameters_test.go"), []byte(publishedReplyParametersTest), 0o644); err != nil {
		t.Fatal(err)
	}
	// An older server: the 5.0 emulator, which writes the objects of 5.0
	// (no ChatFullInfo.accepted_gift_types, no Chat.accent_color_id, ...).
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Unix(1700000000, 0))})
	defer emu.Shutdown()
	srv := httptest.NewServer(emu.Handler())
	defer srv.Close()
	const token = "4242:older-server"
	bot, err := emu.AddBot(token)
	if err != nil {
		t.Fatal(err)
	}
	alice := emu.NewUser("Alice", "alice")
	for _, text := range []string{"/start", "hello"} {
		if _, err := emu.Send(alice.ID, emulator.Private(bot.ID), text); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "TestPublishedAlbumUploadSendsAttachParts|TestNewestPackageReadsOlderServer|TestPublishedEmptyReplyParametersFails|TestPublishedAnswerTakesInaccessibleMessage", "./botapi")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "OLDER_SERVER_URL="+srv.URL, "OLDER_SERVER_TOKEN="+token, fmt.Sprintf("OLDER_SERVER_CHAT=%d", alice.ID))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("in the generated 9.0 package: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestNewestPackageReadsOlderServer") {
		t.Fatalf("the older-server test did not run:\n%s", out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "older_server_test.go") {
			t.Log(strings.TrimSpace(line))
		}
	}
}

// publishedOlderServerTest is run inside the package generated from the 9.0
// page against the 5.0 emulator (issue 32): the newest package reads an
// older server's answers and updates without error, counting what it
// tolerated; strict decoding shows where the two documents differ.
const publishedOlderServerTest = `package botapi_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"published/botapi"
	"published/botapi/botapiserver"
)

func TestNewestPackageReadsOlderServer(t *testing.T) {
	url, token := os.Getenv("OLDER_SERVER_URL"), os.Getenv("OLDER_SERVER_TOKEN")
	if url == "" {
		t.Skip("run by pipeline.TestPublishedPageGeneratesBuildingPackage")
	}
	chat, _ := strconv.ParseInt(os.Getenv("OLDER_SERVER_CHAT"), 10, 64)
	ctx := context.Background()
	var tolerated []string
	c := botapi.NewClient(token, botapi.WithBaseURL(url), botapi.WithToleratedHook(func(method string, d botapi.Tolerated) {
		tolerated = append(tolerated, method+" "+d.String())
	}))
	if _, err := c.GetMe(ctx); err != nil {
		t.Fatalf("getMe: %v", err)
	}
	if _, err := c.GetChat(ctx, &botapi.GetChatParams{ChatID: botapi.IntegerOrStringFromInteger(chat)}); err != nil {
		t.Fatalf("getChat: %v", err)
	}
	if _, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: botapi.IntegerOrStringFromInteger(chat), Text: "hi"}); err != nil {
		t.Fatalf("sendMessage: %v", err)
	}
	n := 0
	for u, err := range c.Updates(ctx, &botapi.GetUpdatesParams{Timeout: botapi.Some(0)}) {
		if err != nil {
			t.Fatalf("updates: %v", err)
		}
		if u.Message == nil || u.Message.Chat.ID != chat {
			t.Fatalf("update %+v", u)
		}
		if n++; n == 2 {
			break
		}
	}
	if c.ToleratedCount() == 0 {
		t.Fatal("nothing tolerated: the 5.0 emulator should lack fields the 9.0 page requires")
	}
	t.Logf("tolerated %d: %v", c.ToleratedCount(), tolerated)
	strict := botapi.NewClient(token, botapi.WithBaseURL(url), botapi.WithStrictDecoding(true))
	if _, err := strict.GetChat(ctx, &botapi.GetChatParams{ChatID: botapi.IntegerOrStringFromInteger(chat)}); err == nil {
		t.Error("strict decoding read the older server's chat without complaint")
	} else {
		t.Logf("strict: %v", err)
	}
}
`

// TestEveryPublishedPageGeneratesBuildingPackage: every other published
// page beside the checkout (today 6.3 and 7.10; a page dropped into
// ../shared/spec/published is picked up) regenerates with no code change
// into a package that builds and vets.
func TestEveryPublishedPageGeneratesBuildingPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package per published page: skipped in -short")
	}
	pages, _ := filepath.Glob(filepath.Join(publishedDir, "bot-api-*.html.gz"))
	if len(pages) == 0 {
		t.Skipf("no published pages in %s (they live beside the checkout, in ../shared)", publishedDir)
	}
	for _, page := range pages {
		name := filepath.Base(page)
		if name == "bot-api-9.0.html.gz" {
			continue // TestPublishedPageGeneratesBuildingPackage
		}
		t.Run(name, func(t *testing.T) { buildPublished(t, name) })
	}
}

// publishedDir holds the published pages, beside the checkout.
const publishedDir = "../../shared/spec/published"

// buildPublished generates every backend's output from the published page
// name, writes the Go package into a temporary module, builds and vets it,
// and returns the module's root.
func buildPublished(t *testing.T, name string) string {
	t.Helper()
	return buildPage(t, publishedpages.Read(t, publishedDir, name), strings.TrimSuffix(name, ".gz"))
}

// buildPage is buildPublished for a page already read (a published page as
// a later release might change it, see nextrelease_test.go), named source.
// Each of tests (a test file inside the generated package) runs in the same
// go test as the prose-facts check: one compilation of the test binary.
func buildPage(t *testing.T, page []byte, source string, tests ...packageTest) string {
	t.Helper()
	name := source
	root := generatePage(t, page, source, "published")
	if err := os.WriteFile(filepath.Join(root, "botapi", "prose_facts_test.go"), []byte(publishedProseFactsTest), 0o644); err != nil {
		t.Fatal(err)
	}
	run := "TestPublishedProseFacts"
	for _, x := range tests {
		if err := os.WriteFile(filepath.Join(root, "botapi", x.file), []byte(x.text), 0o644); err != nil {
			t.Fatal(err)
		}
		run += "|" + x.run
	}
	for _, args := range [][]string{{"build", "./botapi"}, {"vet", "./botapi"}, {"test", "-count=1", "-v", "-run", run, "./botapi"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		for _, x := range tests {
			if args[0] == "test" && !strings.Contains(string(out), "--- PASS: "+x.run) {
				t.Errorf("%s: %s did not run in the generated package:\n%s", name, x.run, out)
			}
		}
	}
	return root
}

// generatePublished generates every backend's output from the published
// page name and writes the Go package into botapi/ of a temporary module
// named module, returning the module's root.
func generatePublished(t *testing.T, name, module string) string {
	t.Helper()
	return generatePage(t, publishedpages.Read(t, publishedDir, name), strings.TrimSuffix(name, ".gz"), module)
}

// generatePage is generatePublished for a page already read, named source.
func generatePage(t *testing.T, page []byte, source, module string) string {
	t.Helper()
	s, err := loader.FromSpec(page, source, nil)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: source, ImportPath: module + "/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	if len(outs.Docs) == 0 || len(outs.OpenAPI) == 0 {
		t.Errorf("docs %d files, openapi %d files: every backend should write", len(outs.Docs), len(outs.OpenAPI))
	}
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), outs.Go); err != nil {
		t.Fatal(err)
	}
	if _, err := output.Write(filepath.Join(root, "botapi", "botapiserver"), outs.Server); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// packageTest is a test file written into a generated package: its name,
// its text, and the name of its test function (which must pass).
type packageTest struct{ file, text, run string }

// publishedProseFactsTest runs inside the package generated from each
// published page: facts the page states only in prose are checked by the
// generated validators. The secret token of setWebhook is "1-256
// characters. Only characters A-Z, a-z, 0-9, _ and - are allowed": the
// defect was a length of 0-9 read from the character class, which refused
// every real token. An inline button must have exactly one kind.
const publishedProseFactsTest = `package botapi_test

import (
	"strings"
	"testing"

	"published/botapi"
)

func TestPublishedProseFacts(t *testing.T) {
	token := "Ab3_-" + strings.Repeat("x", 27)
	if len(token) != 32 {
		t.Fatal("the token is not 32 characters")
	}
	ok := &botapi.SetWebhookParams{URL: "https://example.com/hook", SecretToken: botapi.Some(token)}
	if err := ok.Validate(); err != nil {
		t.Errorf("a 32-character token of A-Z, a-z, 0-9, _ and -: %v", err)
	}
	bad := &botapi.SetWebhookParams{URL: "https://example.com/hook", SecretToken: botapi.Some("with a space")}
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "secret_token") {
		t.Errorf("a token with a space: %v, want a secret_token problem", err)
	}
	long := &botapi.SetWebhookParams{URL: "https://example.com/hook", SecretToken: botapi.Some(strings.Repeat("a", 257))}
	if err := long.Validate(); err == nil {
		t.Error("a 257-character token is accepted")
	}
	if err := (&botapi.InlineKeyboardButton{Text: "x"}).Validate(); err == nil {
		t.Error("an inline button with no kind is accepted")
	}
	if err := (&botapi.InlineKeyboardButton{Text: "x", CallbackData: botapi.Some("d")}).Validate(); err != nil {
		t.Errorf("an inline button with callback data: %v", err)
	}
}
`

// publishedAlbumUploadTest is run inside the package generated from the 9.0
// page (TestPublishedPageGeneratesBuildingPackage). The page types
// InputMedia*.media, thumbnail and cover as String and says in prose that
// they may be “attach://<file_attach_name>” naming a multipart part; the
// defect was that the package kept them as string, so an album could not
// carry an upload. Client to generated server: the request is multipart,
// the media JSON names attach:// parts that hold the uploads, and the
// server binds them back to the InputMedia values.
const publishedAlbumUploadTest = `package botapi_test

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"published/botapi"
)

type albumService struct {
	botapiserver.Unimplemented
	got map[string]string // "item field" -> "upload name: content" or "ref"
}

func (s *albumService) SendMediaGroup(_ context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	s.got = map[string]string{}
	see := func(key string, f botapi.InputFile) {
		if !f.IsUpload() {
			s.got[key] = f.Ref()
			return
		}
		b, _ := io.ReadAll(f.Reader())
		s.got[key] = f.Name() + ": " + string(b)
	}
	for i, m := range p.Media {
		switch v := m.(type) {
		case *botapi.InputMediaPhoto:
			see(string(rune('0'+i))+" media", v.Media)
		case *botapi.InputMediaVideo:
			see(string(rune('0'+i))+" media", v.Media)
			see(string(rune('0'+i))+" thumbnail", v.Thumbnail)
		}
	}
	return []botapi.Message{}, nil
}

func TestPublishedAlbumUploadSendsAttachParts(t *testing.T) {
	svc := &albumService{}
	server := botapiserver.NewServer(svc)
	parts := map[string]string{} // part name -> file name: content
	var mediaJSON, contentType string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Error(err)
		}
		contentType = r.Header.Get("Content-Type")
		if _, params, err := mime.ParseMediaType(contentType); err == nil && params["boundary"] != "" {
			mr := multipart.NewReader(strings.NewReader(string(body)), params["boundary"])
			for {
				p, err := mr.NextPart()
				if err != nil {
					break
				}
				b, _ := io.ReadAll(p)
				if p.FileName() != "" {
					parts[p.FormName()] = p.FileName() + ": " + string(b)
				} else if p.FormName() == "media" {
					mediaJSON = string(b)
				}
			}
		}
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		server.ServeHTTP(w, r)
	}))
	defer ts.Close()
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(ts.URL))
	_, err := c.SendMediaGroup(context.Background(), &botapi.SendMediaGroupParams{
		ChatID: botapi.IntegerOrStringFromInteger(7),
		Media: []botapi.InputMedia{
			&botapi.InputMediaPhoto{Media: botapi.Upload("a.jpg", strings.NewReader("AAA"))},
			&botapi.InputMediaPhoto{Media: botapi.FileID("known")},
			&botapi.InputMediaVideo{Media: botapi.Upload("v.mp4", strings.NewReader("VVV")), Thumbnail: botapi.Upload("t.jpg", strings.NewReader("TTT"))},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(contentType, "multipart/form-data") {
		t.Fatalf("Content-Type %q, want multipart/form-data", contentType)
	}
	var items []map[string]any
	if err := json.Unmarshal([]byte(mediaJSON), &items); err != nil {
		t.Fatalf("media part %q: %v", mediaJSON, err)
	}
	want := []map[string]string{
		{"media": "a.jpg: AAA"},
		{"media": "known"},
		{"media": "v.mp4: VVV", "thumbnail": "t.jpg: TTT"},
	}
	if len(items) != len(want) {
		t.Fatalf("media part %s: %d items, want %d", mediaJSON, len(items), len(want))
	}
	for i, w := range want {
		for field, content := range w {
			ref, _ := items[i][field].(string)
			if name, ok := strings.CutPrefix(ref, "attach://"); ok {
				if parts[name] != content {
					t.Errorf("item %d %s: %q names part %q holding %q, want %q", i, field, ref, name, parts[name], content)
				}
			} else if ref != content {
				t.Errorf("item %d %s: %q, want %q (media part %s)", i, field, ref, content, mediaJSON)
			}
			if got := svc.got[string(rune('0'+i))+" "+field]; got != content {
				t.Errorf("server bound item %d %s to %q, want %q", i, field, got, content)
			}
		}
	}
	if len(parts) != 3 {
		t.Errorf("upload parts %v, want 3", parts)
	}
}
`

// publishedReplyParametersTest runs inside the package generated from the
// 9.0 page (issue 35): an empty ReplyParameters validated, though the
// message it replies to is required; a required identifier left 0 is
// unset.
const publishedReplyParametersTest = `package botapi_test

import (
	"context"
	"strings"
	"testing"

	"published/botapi"
)

// A callback query's message may be inaccessible: the union offers the
// chat and message_id both variants carry, and AnswerMessage takes it.
func TestPublishedAnswerTakesInaccessibleMessage(t *testing.T) {
	var m botapi.MaybeInaccessibleMessage = &botapi.InaccessibleMessage{Chat: botapi.Chat{ID: 7}, MessageID: 3}
	if m.GetChat().ID != 7 || m.GetMessageID() != 3 {
		t.Errorf("GetChat().ID %d, GetMessageID() %d", m.GetChat().ID, m.GetMessageID())
	}
	p := &botapi.EditMessageTextParams{Text: "gone"}
	if _, err := botapi.AnswerMessage(context.Background(), m, p); err == nil {
		t.Error("AnswerMessage outside a handler sent something")
	}
	if id, _ := p.ChatID.AsInteger(); id != 7 || p.MessageID != 3 {
		t.Errorf("AnswerMessage filled chat_id %d, message_id %v", id, p.MessageID)
	}
}

func TestPublishedEmptyReplyParametersFails(t *testing.T) {
	if err := (&botapi.ReplyParameters{}).Validate(); err == nil || !strings.Contains(err.Error(), "message_id") {
		t.Errorf("an empty ReplyParameters: %v, want message_id required", err)
	}
	if err := (&botapi.ReplyParameters{MessageID: 5}).Validate(); err != nil {
		t.Errorf("ReplyParameters{MessageID: 5}: %v", err)
	}
}
`
