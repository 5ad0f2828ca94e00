package dispatch_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/dispatch"
	"github.com/apigen/apigen/internal/seedtest"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// parse, replace: the seed document and one passage of it changed.
var (
	parse   = seedtest.Parse
	replace = seedtest.Replace
)

func dispatchFile(t *testing.T, s *schema.Schema) string {
	t.Helper()
	return seedtest.File(t, s, dispatch.Generate, dispatch.FileName)
}

// TestModifiedSpec: an update kind added to the spec gets its typed route
// (and its content filters) with no change to the generator, and the
// package still compiles.
func TestModifiedSpec(t *testing.T) {
	doc := string(spec.Document())
	doc = replace(t, doc, "| poll_answer | PollAnswer | Optional. A user changed an answer in a non-anonymous poll. Only for polls sent by the bot itself |\n",
		"| poll_answer | PollAnswer | Optional. A user changed an answer in a non-anonymous poll. Only for polls sent by the bot itself |\n| business_message | Message | Optional. New message in a connected business chat |\n")
	doc = replace(t, doc, "| poll_answer | a user changes their answer in a non-anonymous poll sent by the bot |\n",
		"| poll_answer | a user changes their answer in a non-anonymous poll sent by the bot |\n| business_message | a message in a connected business chat |\n")
	s := parse(t, doc)
	got := dispatchFile(t, s)
	for _, want := range []string{
		"func (r *Router) OnBusinessMessage(h func(ctx context.Context, v *Message) error, filters ...Filter[*Message]) {",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("dispatch_gen.go lacks %q", want)
		}
	}
	base := dispatchFile(t, parse(t, string(spec.Document())))
	if strings.Contains(base, "OnBusinessMessage") {
		t.Fatal("the unmodified spec has the new kind")
	}
	if testing.Short() {
		return
	}
	// The whole package compiles and vets.
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "spec.md", ImportPath: "x/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "botapi"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range out.Go {
		if err := os.WriteFile(filepath.Join(dir, "botapi", f.Path), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := output.Write(filepath.Join(dir, "botapi", "botapiserver"), out.Server); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, b)
	}
}

// TestNoUpdateMethod: without an update list method there is no
// dispatcher (and no runtime share).
func TestNoUpdateMethod(t *testing.T) {
	s := parse(t, string(spec.Document()))
	var keep []*schema.Method
	for _, m := range s.Methods {
		if !(m.Returns.IsArray() && m.Returns.Elem.Name == "Update") {
			keep = append(keep, m)
		}
	}
	s.Methods = keep
	m, err := generators.Model(s, "botapi", nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := dispatch.Generate(m, generators.Options{Package: "botapi"})
	if err != nil || len(files) != 0 {
		t.Fatalf("files %d, err %v", len(files), err)
	}
}

// TestCollision: a name the dispatcher declares that the schema already
// uses is an error, not a rename.
func TestCollision(t *testing.T) {
	doc := replace(t, string(spec.Document()), "### Update\n", "### Router\n\n| Field | Type | Notes |\n|---|---|---|\n| id | Integer | Required |\n\n### Update\n")
	s := parse(t, doc)
	m, err := generators.Model(s, "botapi", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = dispatch.Generate(m, generators.Options{Package: "botapi"})
	if err == nil || !strings.Contains(err.Error(), "Router") {
		t.Fatalf("err = %v, want a collision on Router", err)
	}
}

// TestDeterministic: two runs, same bytes; the header is the generated-code
// header.
func TestDeterministic(t *testing.T) {
	s := parse(t, string(spec.Document()))
	a, b := dispatchFile(t, s), dispatchFile(t, s)
	if a != b {
		t.Fatal("two runs differ")
	}
	if !strings.HasPrefix(a, pipeline.GeneratedHeader+"\n// source: spec.md\n\n") {
		t.Errorf("header %q", a[:80])
	}
}

// TestWebhookSecretFromDocument: where the document gives setWebhook a
// secret sent back in a header (newer versions), WebhookSecretToken is
// generated with the header's name from the document, and the webhook
// handler rejects deliveries without it; the seed document has none.
func TestWebhookSecretFromDocument(t *testing.T) {
	if strings.Contains(dispatchFile(t, parse(t, string(spec.Document()))), "WebhookSecretToken") {
		t.Fatal("the seed document has no secret, but the option is generated")
	}
	doc := replace(t, string(spec.Document()), "| setWebhook | url (String, Required; HTTPS URL; empty string removes the webhook);",
		"| setWebhook | url (String, Required; HTTPS URL; empty string removes the webhook); secret_token (String, Optional; sent in a header “X-Test-Secret” in every webhook request);")
	s := parse(t, doc)
	got := dispatchFile(t, s)
	if !strings.Contains(got, `c.secretHeader, c.secretToken = "X-Test-Secret", token`) {
		t.Fatalf("no WebhookSecretToken with the document's header in:\n%s", got[strings.Index(got, "func BotUser"):])
	}
	if testing.Short() {
		return
	}
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "spec.md", ImportPath: "x/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26.0\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "botapi"), 0o755)
	for _, f := range out.Go {
		os.WriteFile(filepath.Join(dir, "botapi", f.Path), f.Data, 0o644)
	}
	if _, err := output.Write(filepath.Join(dir, "botapi", "botapiserver"), out.Server); err != nil {
		t.Fatal(err)
	}
	test := `package botapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSecret(t *testing.T) {
	h := NewRouter(DispatchBotUsername("b")).Webhook(nil, WebhookSecretToken("s3cret"))
	for _, c := range []struct{ secret string; want int }{{"", 401}, {"wrong", 401}, {"s3cret", 200}} {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(` + "`" + `{"update_id":1}` + "`" + `))
		if c.secret != "" {
			req.Header.Set("X-Test-Secret", c.secret)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req.WithContext(context.Background()))
		if rec.Code != c.want {
			t.Errorf("secret %q: %d, want %d", c.secret, rec.Code, c.want)
		}
	}
}
`
	os.WriteFile(filepath.Join(dir, "botapi", "secret_test.go"), []byte(test), 0o644)
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}
}

// TestContentFilterOverSeveralObjects: a content field that several
// kinds' objects have gives a filter generic over exactly those objects
// (the golden dispatcher fixture, with a text field added to Vote); it
// compiles, routes, and rejects other type arguments.
func TestContentFilterOverSeveralObjects(t *testing.T) {
	a, err := txtar.ParseFile("../../golden/dispatch-basic.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, f := range a.Files {
		if f.Name == "spec.md" {
			doc = string(f.Data)
		}
	}
	doc = replace(t, doc, "| data | String | Optional |\n", "| data | String | Optional |\n| text | String | Optional |\n")
	s, err := loader.FromSpec([]byte(doc), "spec.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := dispatchFile(t, s)
	if !strings.Contains(got, "func TextEqual[T *Post | *Vote](values ...string) Filter[T] {") {
		t.Fatalf("no generic TextEqual in:\n%s", got)
	}
	if testing.Short() {
		return
	}
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "spec.md", ImportPath: "x/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26.0\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "botapi"), 0o755)
	for _, f := range out.Go {
		os.WriteFile(filepath.Join(dir, "botapi", f.Path), f.Data, 0o644)
	}
	if _, err := output.Write(filepath.Join(dir, "botapi", "botapiserver"), out.Server); err != nil {
		t.Fatal(err)
	}
	test := `package botapi

import (
	"context"
	"testing"
)

func TestText(t *testing.T) {
	var got []string
	r := NewRouter()
	r.OnVote(func(_ context.Context, v *Vote) error { got = append(got, "vote "+v.Text.Value()); return nil }, TextEqual[*Vote]("yes"))
	r.OnPost(func(_ context.Context, p *Post) error { got = append(got, "post "+p.Text.Value()); return nil }, TextPrefix[*Post]("h"))
	for _, js := range []string{` + "`" + `{"event_id":1,"vote":{"id":"v","from":{"id":1},"text":"yes"}}` + "`, `" + `{"event_id":2,"vote":{"id":"v","from":{"id":1},"text":"no"}}` + "`, `" + `{"event_id":3,"post":{"post_id":1,"chat":{"id":1,"kind":"public"},"text":"hi"}}` + "`" + `} {
		var e Event
		if err := e.UnmarshalJSON([]byte(js)); err != nil {
			t.Fatal(err)
		}
		if err := r.Dispatch(context.Background(), &e); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0] != "vote yes" || got[1] != "post hi" {
		t.Fatal(got)
	}
}
`
	os.WriteFile(filepath.Join(dir, "botapi", "text_test.go"), []byte(test), 0o644)
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s", err, b)
	}
	// Another type argument does not compile.
	os.WriteFile(filepath.Join(dir, "botapi", "text_test.go"), []byte("package botapi\n\nvar _ = TextEqual[*Event](\"x\")\n"), 0o644)
	cmd = exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(b), "does not satisfy") {
		t.Fatalf("TextEqual[*Event] compiled or failed otherwise: %v\n%s", err, b)
	}
}
