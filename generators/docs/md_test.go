package docs

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	texttemplate "text/template"
)

// mdBlocksByTemplate is how reference.md.tmpl wrote a page's blocks before
// they moved to Go (mdBlocks): the reference it must match byte for byte.
const mdBlocksByTemplate = `{{- define "blocks"}}{{$p := .}}{{range .Blocks}}

<a id="{{mdid $p.ID .ID}}"></a>
### {{md .Title}}
{{- if .Intro}}

{{mdtext .Intro}}
{{- end}}
{{- if .Items}}{{$ord := .Ordered}}
{{range $i, $item := .Items}}
{{if $ord}}{{inc $i}}.{{else}}-{{end}} {{mdtext $item}}
{{- end}}
{{- end}}
{{- if .Code}}

` + "```" + `{{.Lang}}
{{.Code}}
` + "```" + `
{{- end}}
{{- with .Table}}

|{{range .Head}} {{md .}} |{{end}}
|{{range .Head}}---|{{end}}
{{- range .Rows}}
|{{$id := .ID}}{{range $i, $c := .Cells}} {{if and (eq $i 0) $id}}<a id="{{mdid $p.ID $id}}"></a>{{end}}{{mdcell $c}} |{{end}}
{{- end}}
{{- end}}
{{- end}}{{end -}}{{template "blocks" .}}`

func TestMarkdownBlocksMatchTemplate(t *testing.T) {
	ref := texttemplate.Must(texttemplate.New("md").Funcs(texttemplate.FuncMap{
		"md":     mdEscape,
		"mdtext": mdText,
		"mdid":   mdID,
		"inc":    func(i int) string { return strconv.Itoa(i + 1) },
		"mdcell": func(c Cell) string {
			var b strings.Builder
			writeMDCell(&b, c)
			return b.String()
		},
	}).Parse(mdBlocksByTemplate))
	for i, s := range hostile {
		next := hostile[(i+1)%len(hostile)]
		text := Text{{Text: s}, {Text: next, Page: s, Frag: next}}
		rows := []*Row{
			{ID: s, Cells: []Cell{{Text: text, Code: true}, {Text: text, Badges: []Link{{Text: s}, {Text: next, Page: s}}}}},
			{Cells: []Cell{{Text: plain(s)}, {Text: plain(next), Code: true}}},
		}
		page := &Page{ID: "page-" + next, Blocks: []*Block{
			{ID: s, Title: next, Intro: text, Items: []Text{text, plain(next)}, Ordered: i%2 == 0, Code: s, Lang: next, Table: &Table{Head: []string{s, next}, Rows: rows}},
			{ID: next, Title: s, Items: []Text{text}},
			{ID: "empty", Title: "Empty table", Table: &Table{}},
		}}
		var want bytes.Buffer
		if err := ref.Execute(&want, page); err != nil {
			t.Fatal(err)
		}
		if got := mdBlocks(page); got != want.String() {
			t.Errorf("text %q:\ntemplate: %q\ngo:       %q", s, want.String(), got)
		}
	}
}
