package config

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
	"github.com/apigen/apigen/templates"
)

// OverlayFileName is the overlay `apigen init` writes beside the config.
const OverlayFileName = "overlay.yaml"

// InitOptions choose what `apigen init` writes.
type InitOptions struct {
	// Spec is the specification the config names, relative to the config's
	// directory. Empty writes a copy of the embedded specification beside
	// the config and names it.
	Spec string
	// Package is the Go package name; Out its directory (default: the
	// package name).
	Package, Out string
	// Backends are the names of apigen's backends, in order, for the
	// config's comment (the command passes pipeline.Names(): config does
	// not import the generators).
	Backends []string
}

// initExample is the backend list the config shows as an example: a bot
// that calls the API and routes updates (dispatch: the Router), without
// the server stubs. Each is checked against InitOptions.Backends.
var initExample = []string{"types", "validate", "client", "dispatch"}

// Init returns the files `apigen init` writes in dir: apigen.yaml, the
// overlay beside it, and the specification when opts.Spec is empty. Every
// input is then a file of the user's own module, visible and versioned
// with it. It refuses to replace an existing file.
func Init(dir string, opts InitOptions) ([]output.File, error) {
	if opts.Package == "" {
		opts.Package = "botapi"
	}
	if !IsPackageName(opts.Package) {
		return nil, fmt.Errorf("package %q is not a Go package name: use a lower-case identifier such as botapi", opts.Package)
	}
	if opts.Out == "" {
		opts.Out = opts.Package
	}
	var files []output.File
	specFile := opts.Spec
	var src []byte
	if specFile == "" {
		specFile, src = spec.DefaultName, spec.Document()
		files = append(files, output.File{Path: specFile, Data: src})
	} else {
		path := specFile
		if !filepath.IsAbs(path) && !loader.IsURL(path) {
			path = filepath.Join(dir, path)
		}
		// Read as generate reads it: a URL is fetched, a .gz file
		// decompressed.
		data, html, err := loader.ReadSpec(path)
		if err != nil {
			return nil, err
		}
		src = data
		if loader.IsURL(path) {
			// The fetched page is saved beside the config, which names
			// the file: every run then reads the same document, and a
			// new version is a reviewed change (apigen diff), not
			// whatever the address serves that day.
			if specFile, err = savedName(data, html, path); err != nil {
				return nil, err
			}
			files = append(files, output.File{Path: specFile, Data: data})
		}
	}
	ov, err := initOverlay(src, specFile)
	if err != nil {
		return nil, err
	}
	files = append(files, output.File{Path: OverlayFileName, Data: ov})

	t, err := template.ParseFS(templates.FS, "apigen.yaml.tmpl")
	if err != nil {
		return nil, err
	}
	for _, b := range initExample {
		if !slices.Contains(opts.Backends, b) {
			return nil, fmt.Errorf("apigen init: the config's example backend %q is not one of %v", b, opts.Backends)
		}
	}
	var buf bytes.Buffer
	err = t.Execute(&buf, map[string]string{
		"Spec": filepath.ToSlash(specFile), "Overlay": OverlayFileName, "Package": opts.Package,
		"Out": filepath.ToSlash(opts.Out), "Backends": strings.Join(opts.Backends, ", "),
		"Example": strings.Join(initExample, ", "),
	})
	if err != nil {
		return nil, err
	}
	files = append(files, output.File{Path: FileName, Data: buf.Bytes()})

	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dir, f.Path)); err == nil {
			return nil, fmt.Errorf("%s already exists: apigen init writes only new files (remove it, or edit it by hand)", filepath.Join(dir, f.Path))
		}
	}
	return files, nil
}

// savedName is the file a fetched specification is saved as: bot-api-
// <version> with the extension of its kind, the version read from the
// document (the URL's last element when it states none).
func savedName(data []byte, html bool, url string) (string, error) {
	ext := ".md"
	if html {
		ext = ".html"
	}
	s, err := loader.FromSpec(data, "fetched"+ext, nil)
	if err != nil {
		return "", fmt.Errorf("%s: %w", url, err)
	}
	if s.Version != "" && !strings.ContainsAny(s.Version, `/\ `) {
		return "bot-api-" + s.Version + ext, nil
	}
	return strings.TrimSuffix(loader.SchemaFileName(url), ".yaml") + ext, nil
}

// initOverlay is the embedded overlay when the specification is the
// document it was written for, else an empty overlay for that document.
func initOverlay(src []byte, name string) ([]byte, error) {
	emb, err := loader.EmbeddedOverlay()
	if err != nil {
		return nil, err
	}
	s, err := loader.FromSpec(src, name, nil)
	if err != nil {
		return nil, err
	}
	if emb.Document == s.Title && emb.Fits(s.Title, s.Version) {
		return spec.Overlay(), nil
	}
	var b strings.Builder
	b.WriteString("# apigen overlay: facts the specification does not state, each with a reason.\n")
	b.WriteString("# An entry adds one fact (enum: or each_enum:) to one field or parameter:\n")
	b.WriteString("#\n#   - target: sendPoll.explanation_parse_mode\n#     enum: ParseMode\n#     reason: why the fact holds although the document does not state it\n")
	b.WriteString("# document and versions bind it to this document: apigen refuses it for another\n# title or version (add a version after checking every entry against it).\n")
	fmt.Fprintf(&b, "document: %s\nversions: [%s]\nentries: []\n", yamlString(s.Title), yamlString(s.Version))
	// Prove the skeleton loads before writing it.
	if _, err := schema.ParseOverlay([]byte(b.String())); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func yamlString(s string) string {
	return fmt.Sprintf("%q", s)
}
