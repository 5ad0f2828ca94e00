package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// servicePage is a page of my own in the published page's layout: its
// "Making requests" section states the request form, its getFile the
// download link (on another host, so that both addresses are seen).
const servicePage = `<!DOCTYPE html>
<html><head><title>Demo Bot API</title></head><body>
<h1 id="dev_page_title">Demo Bot API</h1>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>May 2, 2030</h4>
<p><strong>Bot API 2.1</strong></p>
<ul><li>Added the method <a href="#getfile">getFile</a>.</li></ul>
<h3>Authorizing your bot</h3>
<p>Each bot is given a token when it is created.</p>
<h3>Making requests</h3>
<p>Every request to the Demo Bot API goes over HTTPS, in this form: <code>https://api.example.test/bot&lt;token&gt;/METHOD_NAME</code>. For example:</p>
<p><code>https://api.example.test/bot42:XYZ/getMe</code></p>
<h3>Available types</h3>
<h4>User</h4>
<p>This object represents a user.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Identifier of the user</td></tr>
<tr><td>first_name</td><td>String</td><td>First name of the user</td></tr>
</tbody></table>
<h4>File</h4>
<p>This object represents a file ready to be fetched.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>file_id</td><td>String</td><td>Identifier of the file</td></tr>
<tr><td>file_path</td><td>String</td><td><em>Optional</em>. Path of the file</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>getMe</h4>
<p>A method to test the token. Returns basic information about the bot in the form of a <a href="#user">User</a> object.</p>
<h4>getFile</h4>
<p>Use this method to prepare a file for fetching. On success, a <a href="#file">File</a> object is returned. The file can then be fetched from <code>https://files.example.test/dl/bot&lt;token&gt;/&lt;file_path&gt;</code>.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>file_id</td><td>String</td><td>Yes</td><td>File identifier</td></tr></tbody></table>
</div></body></html>`

// serviceClientTest runs inside the package generated from servicePage: a
// client made with a token alone sends to the page's addresses. The
// transport is the client's own hook (WithHTTPClient): it records each
// request's URL and hands it to a loopback listener standing in for the
// page's hosts, so nothing leaves the machine.
const serviceClientTest = `package botapi_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"service/botapi"
)

type standIn struct {
	addr string
	seen []string
}

func (s *standIn) RoundTrip(r *http.Request) (*http.Response, error) {
	s.seen = append(s.seen, r.URL.String())
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host = "http", s.addr
	return http.DefaultTransport.RoundTrip(r)
}

func TestNewClientSendsToThePageAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/bot42:XYZ/getMe" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, ` + "`" + `{"ok":true,"result":{"id":7,"first_name":"Demo"}}` + "`" + `)
			return
		}
		io.WriteString(w, "file bytes")
	}))
	defer srv.Close()
	rt := &standIn{addr: srv.Listener.Addr().String()}
	c := botapi.NewClient("42:XYZ", botapi.WithHTTPClient(&http.Client{Transport: rt}))
	me, err := c.GetMe(context.Background())
	if err != nil || me.FirstName != "Demo" {
		t.Fatalf("GetMe: %v, %+v", err, me)
	}
	body, err := c.DownloadFile(context.Background(), "docs/a.txt")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(body)
	body.Close()
	if string(data) != "file bytes" {
		t.Errorf("download: %q", data)
	}
	want := []string{"https://api.example.test/bot42:XYZ/getMe", "https://files.example.test/dl/bot42:XYZ/docs/a.txt"}
	if len(rt.seen) != 2 || rt.seen[0] != want[0] || rt.seen[1] != want[1] {
		t.Errorf("requests went to %q, want %q", rt.seen, want)
	}
	// A local server's address (WithBaseURL) takes the downloads along.
	rt.seen = nil
	local := botapi.NewClient("42:XYZ", botapi.WithHTTPClient(&http.Client{Transport: rt}), botapi.WithBaseURL("http://local.test:8081"))
	if body, err := local.DownloadFile(context.Background(), "docs/a.txt"); err == nil {
		body.Close()
	}
	if len(rt.seen) != 1 || rt.seen[0] != "http://local.test:8081/file/bot42:XYZ/docs/a.txt" {
		t.Errorf("with WithBaseURL the download went to %q", rt.seen)
	}
}
`

// TestPageServiceAddressInClient: NewClient(token) from a page package
// talked to nothing (DefaultBaseURL was empty although the page states the
// address in "Making requests" and the download link under getFile).
func TestPageServiceAddressInClient(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package: skipped in -short")
	}
	s, err := loader.FromSpec([]byte(servicePage), "demo.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Service == nil || s.Service.BaseURL != "https://api.example.test" || s.Service.FileURL != "https://files.example.test/dl" {
		t.Fatalf("service %+v", s.Service)
	}
	backends, err := pipeline.Select("client")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, backends, generators.Options{Package: "botapi", Source: "demo.html"})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), outs.Go); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module service\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(root, "botapi", "service_test.go"), []byte(serviceClientTest), 0o644)
	cmd := exec.Command("go", "test", "-count=1", "./botapi")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated client: %v\n%s", err, out)
	}
}
