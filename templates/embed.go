// Package templates holds the prose templates of apigen's docs backend and
// the static files the HTML site ships with, embedded into the binary.
//
// The templates only render: every decision (what is linked where, which
// rows a table has, which sections exist) is made in Go by the docs backend,
// which hands the templates ready view models.
package templates

import "embed"

// FS holds:
//
//	page.html.tmpl      one HTML page (index, section, object, method, union, enum)
//	apigen.yaml.tmpl    the config file `apigen init` writes
//	reference.md.tmpl   the single-file Markdown reference
//	package-readme.md.tmpl  README.md of the generated Go package: the frame and one section per Go backend
//	style.css           the site's stylesheet
//	search.js           the offline search box (reads search-index.js)
//
//go:embed *.tmpl *.css *.js
var FS embed.FS
