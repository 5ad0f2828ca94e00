// Command apigen turns a bot API specification into a YAML schema and, from
// that schema, a Go package (types, validators, client, server stubs) and
// reference docs.
//
//	apigen generate            # embedded spec -> schema/, generated/botapi, generated/docs
//	apigen parse [--spec F]    # spec -> schema YAML
//	apigen check FILE.yaml     # load and check a schema
//	apigen version
//
// Exit status: 0 on success, 1 on an error in the input or while generating,
// 2 on a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// version is apigen's own version.
const version = "0.1.0"

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "apigen: %s\nRun 'apigen help' for usage.\n", ue.msg)
		return 2
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "apigen: %s\n", line)
	}
	return 1
}

const usage = `apigen turns a bot API specification into a YAML schema, a Go package and docs.

Usage:
  apigen generate [flags]        parse, check, and write the schema, the Go package and the docs
  apigen parse [flags]           parse a specification and write its YAML schema
  apigen check FILE.yaml         load a YAML schema and check that it is closed and well formed
  apigen version                 print apigen's version

Run 'apigen COMMAND --help' for a command's flags. With no flags every command
uses the embedded specification (` + spec.DefaultName + `) and its overlay.
`

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{"no command given"}
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "generate":
		return cmdGenerate(rest, stdout, stderr)
	case "parse":
		return cmdParse(rest, stdout, stderr)
	case "check":
		return cmdCheck(rest, stdout, stderr)
	case "version":
		fmt.Fprintf(stdout, "apigen %s\n", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usageError{fmt.Sprintf("unknown command %q", cmd)}
}

// newFlags makes a FlagSet whose errors are usage errors.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: apigen %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	return nil
}

// inputFlags are the flags that choose the input.
type inputFlags struct {
	spec, schema, overlay string
}

func (in *inputFlags) register(fs *flag.FlagSet, withSchema bool) {
	fs.StringVar(&in.spec, "spec", "", "specification file (Markdown, or HTML with the same headings and tables); default: the embedded "+spec.DefaultName)
	if withSchema {
		fs.StringVar(&in.schema, "schema", "", "start from a saved YAML schema instead of a specification")
	}
	fs.StringVar(&in.overlay, "overlay", "", "overlay file with facts the specification does not state ('none' for no overlay); default: the embedded overlay with the embedded spec, none with --spec")
}

func (in *inputFlags) input() loader.Input {
	return loader.Input{SpecPath: in.spec, SchemaPath: in.schema, OverlayPath: in.overlay}
}

func (in *inputFlags) name() string {
	switch {
	case in.schema != "":
		return in.schema
	case in.spec != "":
		return in.spec
	}
	return spec.DefaultName
}

// progress prints one line per stage with its time, when stderr is a
// terminal (quiet in go:generate logs and CI).
type progress struct {
	w       io.Writer
	enabled bool
	start   time.Time
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.enabled = true
		}
	}
	return p
}

func (p *progress) stage(name string) {
	if p.enabled {
		fmt.Fprintf(p.w, "apigen: %-10s %v\n", name, time.Since(p.start).Round(time.Millisecond))
	}
	p.start = time.Now()
}

func cmdParse(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("parse", "parse [--spec FILE] [--overlay FILE] [-o FILE]", stderr)
	var in inputFlags
	in.register(fs, false)
	out := fs.String("o", "", "where to write the schema ('-' for standard output); default: schema/<spec name>.yaml")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("parse takes no arguments, got %q", fs.Arg(0))}
	}
	pr := newProgress(stderr)
	s, err := loader.Load(in.input())
	if err != nil {
		return err
	}
	pr.stage("parse")
	data, err := schema.Marshal(s)
	if err != nil {
		return err
	}
	if *out == "-" {
		_, err = stdout.Write(data)
		return err
	}
	path := *out
	if path == "" {
		path = "schema/" + loader.SchemaFileName(in.name())
	}
	_, err = output.Write(".", []output.File{{Path: path, Data: data}})
	pr.stage("write")
	return err
}

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", "check FILE.yaml", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{"check takes one schema file"}
	}
	s, err := schema.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	c := s.Count()
	fmt.Fprintf(stdout, "%s: ok (version %s: %d objects, %d methods, %d unions, %d enums)\n",
		fs.Arg(0), s.Version, c.Objects, c.Methods, c.Unions, c.Enums)
	return nil
}

func cmdGenerate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("generate", "generate [--spec FILE | --schema FILE] [--overlay FILE] [--out DIR] [--package NAME] [--only LIST]", stderr)
	var in inputFlags
	in.register(fs, true)
	out := fs.String("out", "generated/botapi", "directory of the generated Go package")
	docs := fs.String("docs", "generated/docs", "directory of the generated reference docs")
	pkg := fs.String("package", "botapi", "name of the generated Go package")
	only := fs.String("only", "", "comma-separated backends to run (default: all): "+strings.Join(generators.Names(), ","))
	schemaOut := fs.String("schema-out", "", "where to write the schema YAML; default: schema/<spec name>.yaml when parsing a spec, nothing with --schema; 'none' to skip")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("generate takes no arguments, got %q", fs.Arg(0))}
	}
	backends, err := generators.Select(*only)
	if err != nil {
		return usageError{err.Error()}
	}
	pr := newProgress(stderr)
	s, err := loader.Load(in.input())
	if err != nil {
		return err
	}
	pr.stage("parse")
	// Everything is produced in memory first; disk is touched only after
	// every stage succeeded.
	type batch struct {
		root  string
		files []output.File
	}
	var batches []batch
	if in.schema == "" && *schemaOut != "none" {
		data, err := schema.Marshal(s)
		if err != nil {
			return err
		}
		path := *schemaOut
		if path == "" {
			path = "schema/" + loader.SchemaFileName(in.name())
		}
		batches = append(batches, batch{".", []output.File{{Path: path, Data: data}}})
	}
	opts := generators.Options{Package: *pkg, Source: filepath.Base(in.name())}
	outs, err := pipeline.Generate(s, backends, opts)
	if err != nil {
		return err
	}
	pr.stage("generate")
	if len(outs.Go) > 0 {
		batches = append(batches, batch{*out, outs.Go})
	}
	if len(outs.Docs) > 0 {
		batches = append(batches, batch{*docs, outs.Docs})
	}
	for _, b := range batches {
		if _, err := output.Write(b.root, b.files); err != nil {
			return err
		}
	}
	pr.stage("write")
	return nil
}
