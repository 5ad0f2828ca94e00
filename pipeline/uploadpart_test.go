package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

// uploadPartRoundTripTest runs inside the package generated from the
// seed's schema whose sendMediaGroup also takes file0 (a String) and
// file1 (an InputFile): names the client used to give the uploads nested
// in media. A call with both nested uploads and those parameters reaches
// the server with every value where it was put.
const uploadPartRoundTripTest = `package botapi_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"named/botapi"
	"named/botapi/botapiserver"
)

type partService struct {
	botapiserver.Unimplemented
	got []string
}

func read(f botapi.InputFile) string {
	if !f.IsUpload() {
		return "not an upload: " + f.String()
	}
	b, err := io.ReadAll(f.Reader())
	if err != nil {
		return err.Error()
	}
	return f.Name() + "=" + string(b)
}

func (s *partService) SendMediaGroup(_ context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	for _, m := range p.Media {
		s.got = append(s.got, read(m.(*botapi.InputMediaPhoto).Media))
	}
	s.got = append(s.got, p.File0.Value(), read(p.File1))
	return []botapi.Message{{MessageID: 1, Date: 1, Chat: botapi.Chat{ID: 1, Type: botapi.ChatTypePrivate}}}, nil
}

func TestUploadPartRoundTrip(t *testing.T) {
	svc := &partService{}
	ts := httptest.NewServer(botapiserver.NewServer(svc))
	defer ts.Close()
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(ts.URL))
	_, err := c.SendMediaGroup(context.Background(), &botapi.SendMediaGroupParams{
		ChatID: botapi.ChatRefFromInteger64(1),
		Media: []botapi.InputMedia{
			&botapi.InputMediaPhoto{Media: botapi.Upload("a.jpg", strings.NewReader("AAA"))},
			&botapi.InputMediaPhoto{Media: botapi.Upload("b.jpg", strings.NewReader("BBB"))},
		},
		File0: botapi.Some("a note"),
		File1: botapi.Upload("c.txt", strings.NewReader("CCC")),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a.jpg=AAA", "b.jpg=BBB", "a note", "c.txt=CCC"}
	if strings.Join(svc.got, "|") != strings.Join(want, "|") {
		t.Errorf("the server read %q, want %q", svc.got, want)
	}
}
`

// TestParameterNamedLikeAnUploadPart: the client names the uploads nested
// in a parameter (a media group's files) file0, file1, …; a method whose
// parameters are named so used to be refused ("has the name of a nested
// upload part"). The model gives that method's nested parts another
// prefix, with a warning: the package generates, builds and vets, and a
// call with nested uploads and those parameters round-trips through the
// generated client and server.
func TestParameterNamedLikeAnUploadPart(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	for _, me := range s.Methods {
		if me.Name == "sendMediaGroup" {
			me.Params = append(me.Params,
				&schema.Field{Name: "file0", Type: schema.Named(schema.String)},
				&schema.Field{Name: "file1", Type: schema.Named(schema.InputFile)})
		}
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "bot-api-5.0.md", ImportPath: "named/botapi"})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	if !warned(outs.Warnings, "method sendMediaGroup") {
		t.Errorf("no warning for the parts of sendMediaGroup: %v", outs.Warnings)
	}
	if testing.Short() {
		t.Skip("builds a generated package: skipped in -short")
	}
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), outs.Go); err != nil {
		t.Fatal(err)
	}
	if _, err := output.Write(filepath.Join(root, "botapi", "botapiserver"), outs.Server); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"go.mod": "module named\n\ngo 1.26\n", "botapi/part_test.go": uploadPartRoundTripTest} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"vet", "./botapi/..."}, {"test", "-count=1", "-run", "TestUploadPartRoundTrip", "-v", "./botapi"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "test" && !strings.Contains(string(out), "--- PASS: TestUploadPartRoundTrip") {
			t.Errorf("the round trip did not run:\n%s", out)
		}
	}
}
