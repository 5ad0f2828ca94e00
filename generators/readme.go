package generators

import (
	"bytes"
	"fmt"
	"text/template"

	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/templates"
)

// ReadmeFile is the generated package's README.md. A Go package backend
// describes what it wrote by returning a file of this name that holds only
// its own section (Markdown starting with a "## " heading); JoinReadme puts
// the sections of a run's backends, in backend order, under the package's
// title. So the README covers exactly the backends that ran, and each
// section names what its backend decided (routes, filters, examples)
// without another backend deriving it again.
const ReadmeFile = "README.md"

// readmeTemplate holds the frame ("readme") and one template per backend
// section, named after the backend.
const readmeTemplate = "package-readme.md.tmpl"

// ReadmeSection renders the README section of the backend name with data
// (the template named name in templates/package-readme.md.tmpl).
func ReadmeSection(name string, data any) (output.File, error) {
	t, err := template.ParseFS(templates.FS, readmeTemplate)
	if err != nil {
		return output.File{}, err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		return output.File{}, fmt.Errorf("%s README section: %w", name, err)
	}
	return output.File{Path: ReadmeFile, Data: buf.Bytes()}, nil
}

// ReadmeFrame is what the README says above the backends' sections.
type ReadmeFrame struct {
	Package, Source, Title, Version string
}

// JoinReadme returns the package README: the frame, then the sections in
// the order given.
func JoinReadme(frame ReadmeFrame, sections [][]byte) (output.File, error) {
	t, err := template.ParseFS(templates.FS, readmeTemplate)
	if err != nil {
		return output.File{}, err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "readme", frame); err != nil {
		return output.File{}, fmt.Errorf("README: %w", err)
	}
	for _, s := range sections {
		buf.WriteString("\n")
		buf.Write(bytes.TrimSpace(s))
		buf.WriteString("\n")
	}
	return output.File{Path: ReadmeFile, Data: buf.Bytes()}, nil
}
