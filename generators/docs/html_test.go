package docs

import (
	"bytes"
	htmltemplate "html/template"
	"strings"
	"testing"
)

// fragmentsByTemplate is how page.html.tmpl wrote prose, blocks, table rows
// and the sidebar before they moved to Go (html.go): the reference the Go
// writer must match byte for byte, whatever the text holds.
const fragmentsByTemplate = `
{{- define "text"}}{{range .}}{{if .Page}}<a href="{{href .}}">{{.Text}}</a>{{else}}{{.Text}}{{end}}{{end}}{{end -}}
{{- define "cell"}}{{if .Code}}<code>{{template "text" .Text}}</code>{{else}}{{template "text" .Text}}{{end}}{{range .Badges}} {{if .Page}}<a class="badge" href="{{href .}}">{{.Text}}</a>{{else}}<span class="badge">{{.Text}}</span>{{end}}{{end}}{{end -}}
<p>{{template "text" .Text}}</p>
<div>
{{- range .Blocks}}
<section id="{{.ID}}">
<h2><a class="anchor" href="#{{.ID}}">{{.Title}}</a></h2>
{{- if .Intro}}
<p>{{template "text" .Intro}}</p>
{{- end}}
{{- if .Items}}
{{if .Ordered}}<ol>{{else}}<ul>{{end}}
{{- range .Items}}
<li>{{template "text" .}}</li>
{{- end}}
{{if .Ordered}}</ol>{{else}}</ul>{{end}}
{{- end}}
{{- if .Code}}
<pre class="example"><code class="language-{{.Lang}}">{{.Code}}</code></pre>
{{- end}}
{{- with .Table}}
<table>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Rows}}
<tr{{if .ID}} id="{{.ID}}"{{end}}{{if .Class}} class="{{.Class}}"{{end}}>{{range .Cells}}<td>{{template "cell" .}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
{{- end}}
</section>
{{- end}}
</div>
<ul>
{{- range .Nav}}
<li{{if and (eq .Page $.Page) (not .Frag)}} class="current"{{end}}><a href="{{href .}}">{{.Text}}</a></li>
{{- end}}
</ul>`

const fragmentsByGo = `<p>{{text .Text}}</p>
<div>
{{- blocks .Blocks}}
</div>
<ul>
{{- nav .Nav .Page}}
</ul>`

// hostile is text a specification could hold that HTML must not take as
// markup: tags, quotes, entities, URL syntax, control and non-ASCII bytes.
var hostile = []string{
	"", "plain", `<script>alert("x")</script>`, `a & b`, `it's "quoted"`, `1+1<2>0`,
	"nul\x00byte", "caf\u00e9 \u2028 \ufdd0 \ufffe", "bad\xffutf8", `%41 %zz %`, "javascript:alert(1)",
	"JavaScript:x", "http://example.com/a b?c=d&e=f#g", "mailto:a@b", "a/b:c", "#frag", "tab\tnew\nline",
	"`~!@#$^*()_=[]{}|\\;,./?", "&amp; &lt;",
}

func TestHTMLFragmentsMatchTemplate(t *testing.T) {
	funcs := htmltemplate.FuncMap{"href": href, "text": textHTML, "blocks": blocksHTML, "nav": navHTML}
	want := htmltemplate.Must(htmltemplate.New("t").Funcs(funcs).Parse(fragmentsByTemplate))
	got := htmltemplate.Must(htmltemplate.New("g").Funcs(funcs).Parse(fragmentsByGo))
	for i, s := range hostile {
		next := hostile[(i+1)%len(hostile)]
		text := Text{{Text: s}, {Text: next, Page: s, Frag: next}, {Text: s, Page: "object-" + next}}
		rows := []*Row{
			{ID: s, Class: next, Cells: []Cell{{Text: text, Code: true}, {Text: text, Badges: []Link{{Text: s}, {Text: next, Page: s}}}}},
			{Cells: []Cell{{Text: plain(s)}}},
		}
		data := struct {
			Text   Text
			Nav    []Link
			Page   string
			Blocks []*Block
		}{text, append(text, Link{Text: next, Page: s}), s, []*Block{
			{ID: s, Title: next, Intro: text, Items: []Text{text, plain(next)}, Ordered: i%2 == 0, Code: s, Lang: next, Table: &Table{Head: []string{s, next}, Rows: rows}},
			{ID: next, Title: s, Items: []Text{text}},
			{ID: "plain", Title: "Plain", Table: &Table{}},
		}}
		var w, g bytes.Buffer
		if err := want.Execute(&w, data); err != nil {
			t.Fatal(err)
		}
		if err := got.Execute(&g, data); err != nil {
			t.Fatal(err)
		}
		if w.String() != g.String() {
			t.Errorf("text %q:\ntemplate: %s\ngo:       %s", s, w.String(), g.String())
		}
	}
}

// TestHostileSpecTextIsEscaped: markup in a specification's prose reaches
// the pages as text, never as tags or attributes.
func TestHostileSpecTextIsEscaped(t *testing.T) {
	var b strings.Builder
	writeText(&b, Text{{Text: `<script>alert("&")</script>`}, {Text: `x" onclick="y`, Page: `p"><script>`}})
	out := b.String()
	for _, bad := range []string{"<script>", `" onclick`, `"><`} {
		if strings.Contains(out, bad) {
			t.Errorf("%q survived unescaped in %s", bad, out)
		}
	}
	if !strings.Contains(out, "&lt;script&gt;alert(&#34;&amp;&#34;)") {
		t.Errorf("text not escaped as html/template does: %s", out)
	}
}
