// Command apigen turns a bot API specification into a YAML schema and, from
// that schema, a Go package (types, validators, client, server stubs) and
// reference docs.
//
//	apigen init                # write apigen.yaml, the overlay and the spec here
//	apigen generate            # apigen.yaml (or the defaults) -> Go package, docs, schema
//	apigen generate --check    # exit 1 and list the files a run would change
//	apigen docs [--out DIR]    # the reference docs only
//	apigen parse [--spec F]    # spec -> schema YAML
//	apigen check FILE.yaml     # load and check a schema
//	apigen diff OLD NEW        # what changed, and what breaks, between two specs or schemas
//	apigen version
//
// Every command takes --help. In another module, after `apigen init`:
//
//	//go:generate go tool apigen generate
//
// The command is a thin shell: it reads flags into a config.Config, then
// runs load (package loader) -> generate (package pipeline) -> write
// (package output).
//
// Exit status: 0 on success, 1 on an error in the input or while generating,
// 2 on a usage error. apigen diff follows diff(1): 0 when the two sides are
// the same, 1 when they differ, 2 on trouble (bad usage or an input that
// does not load); --fail-on changes what counts as a difference.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/apigen/apigen/config"
	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
	"github.com/apigen/apigen/spec"
	"github.com/apigen/apigen/version"
)

// usageError is a command-line mistake: exit status 2. cmd names the
// command whose --help to point at.
type usageError struct{ cmd, msg string }

func (e usageError) Error() string { return e.msg }

// exitError carries an explicit exit status (apigen diff: 1 = differ, 2 =
// trouble) with an optional message.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tuneGC lets the heap grow to three times the live data between
// collections (GOGC=200) unless the user set GOGC, and caps that growth
// with a soft memory limit of gcMemoryLimit unless the user set GOMEMLIMIT.
// apigen is a short-lived batch process that allocates a lot of short-lived
// data (parsing, jennifer trees, formatting): at the default GOGC=100 the
// collector took about a third of `apigen generate`'s CPU time on the
// embedded spec. A larger heap is not free either: every page the heap
// grows into is a page fault, and the faults were a quarter of the CPU of
// `apigen generate` on the newest published page (system time follows the
// peak resident set). Median user+sys of 15 interleaved reruns on the 9.0
// page, once the generator's buffers stopped regrowing: GOGC=200 0.93 s,
// 80 MB; 300 0.91 s, 96 MB; 400 0.99 s, 124 MB (its peak also jumps from
// build to build with where the last collection falls); 100 was 1.26 s,
// 68 MB. On 10x the seed (internal/specgen) 200 against 400: 2.48 s,
// 184 MB against 2.56 s, 252 MB. The limit never binds on the embedded
// spec or the 9.0 page; on larger documents it trades CPU for memory
// (docs/performance.md, Scale; a 256 MiB limit doubled the CPU at 20x:
// over the limit the collector runs all the time).
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcMemoryLimit)
	}
}

// gcMemoryLimit is the soft memory limit tuneGC sets (see there).
const gcMemoryLimit = 512 << 20

func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	if err == nil {
		return 0
	}
	var ue usageError
	if errors.As(err, &ue) {
		help := "apigen help"
		if ue.cmd != "" {
			help = "apigen " + ue.cmd + " --help"
		}
		for _, line := range strings.Split(ue.msg, "\n") {
			fmt.Fprintf(stderr, "apigen: %s\n", line)
		}
		fmt.Fprintf(stderr, "Run '%s' for usage.\n", help)
		return 2
	}
	code := 1
	var ee exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil {
			return code
		}
		err = ee.err
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "apigen: %s\n", line)
	}
	return code
}

const usage = `apigen turns a bot API specification into a YAML schema, a Go package, docs and an OpenAPI document.

Usage:
  apigen init [flags]            write apigen.yaml, the overlay and the specification into a directory
  apigen generate [flags]        parse, check, and write the schema, the Go package and the docs
  apigen docs [flags]            write the reference docs only (Markdown and a static HTML site)
  apigen parse [flags]           parse a specification and write its YAML schema
  apigen check FILE.yaml         load a YAML schema and check that it is closed and well formed
  apigen diff OLD NEW            show what changed between two specifications or schemas, and what breaks
  apigen emulator [flags]        run the emulator (stateful reference service) at a specification's version
  apigen version                 print apigen's version and build
  apigen help [COMMAND]          show this help, or a command's

Run 'apigen COMMAND --help' for a command's flags. generate, docs and parse
read ` + config.FileName + ` from the working directory when it exists (flags override it);
without one they use the embedded specification (` + spec.DefaultName + `) and its overlay.

Exit status: 0 success, 1 error, 2 usage error (apigen diff: 0 same, 1 differ, 2 trouble).
`

// commands maps each command to its implementation.
var commands = map[string]func(args []string, stdout, stderr io.Writer) error{
	"init":     cmdInit,
	"generate": cmdGenerate,
	"docs":     cmdDocs,
	"parse":    cmdParse,
	"check":    cmdCheck,
	"diff":     cmdDiff,
	"version":  cmdVersion,
	"emulator": cmdEmulator,
}

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usageError{msg: "no command given"}
	}
	cmd, rest := args[0], args[1:]
	if f := commands[cmd]; f != nil {
		return f(rest, stdout, stderr)
	}
	switch cmd {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 || isHelpFlag(rest[0]) {
			fmt.Fprint(stdout, usage)
			return nil
		}
		if f := commands[rest[0]]; f != nil {
			return f([]string{"--help"}, stdout, stderr)
		}
		return usageError{msg: fmt.Sprintf("unknown command %q", rest[0])}
	}
	return usageError{msg: fmt.Sprintf("unknown command %q", cmd)}
}

func isHelpFlag(s string) bool {
	switch s {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

// command is a subcommand's flag set: --help prints its usage on standard
// output and exits 0; a bad flag is a usage error (exit 2).
type command struct {
	*flag.FlagSet
	name, synopsis, about string
	stdout                io.Writer
	args                  []string // the arguments, set by parse
}

func newCommand(name, synopsis, about string, stdout io.Writer) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &command{FlagSet: fs, name: name, synopsis: synopsis, about: about, stdout: stdout}
}

// parse parses args; done is true when --help was handled. Flags may
// come before or after the arguments (`apigen diff OLD NEW --fail-on
// breaking`, as apigen.yaml's comment suggests); "--" ends the flags.
func (c *command) parse(args []string) (done bool, err error) {
	c.args = nil
	for {
		if err := c.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.printHelp()
				return true, nil
			}
			return false, usageError{c.name, err.Error()}
		}
		rest := c.FlagSet.Args()
		if len(rest) == 0 || (len(rest) < len(args) && args[len(args)-len(rest)-1] == "--") {
			c.args = append(c.args, rest...)
			return false, nil
		}
		c.args = append(c.args, rest[0])
		args = rest[1:]
	}
}

// Args, NArg and Arg are the command's arguments: the words that are not
// flags, wherever they stand (they shadow flag.FlagSet's, which stop at
// the first argument).
func (c *command) Args() []string { return c.args }
func (c *command) NArg() int      { return len(c.args) }
func (c *command) Arg(i int) string {
	if i < 0 || i >= len(c.args) {
		return ""
	}
	return c.args[i]
}

func (c *command) printHelp() {
	fmt.Fprintf(c.stdout, "Usage: apigen %s\n\n%s\n", c.synopsis, c.about)
	has := false
	c.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprint(c.stdout, "\nFlags:\n")
		c.SetOutput(c.stdout)
		c.PrintDefaults()
		c.SetOutput(io.Discard)
	}
}

func (c *command) noArgs() error {
	if c.NArg() > 0 {
		return usageError{c.name, fmt.Sprintf("%s takes no arguments, got %q", c.name, c.Arg(0))}
	}
	return nil
}

// configFlags are the flags that override config.Config. Only the flags
// given on the command line override the config file.
type configFlags struct {
	c    *command
	file *string
	set  map[string]func(*config.Config, string)
	// given are the flags given on the command line, set by config.
	given map[string]bool
	// standalone says the defaults were config.Standalone's: no config
	// file, outside apigen's own repository.
	standalone bool
}

// configFlag names one flag and the setting it overrides.
type configFlag struct {
	name, help string
	apply      func(*config.Config, string)
}

var (
	flagSpec = configFlag{"spec", "specification file (Markdown, or HTML with the same headings and tables), or an http(s) URL to fetch it from (at most 8 MiB, 60 s); default: the config's, else the embedded " + spec.DefaultName,
		func(c *config.Config, v string) { c.Spec = v }}
	flagSchema = configFlag{"schema", "start from a saved YAML schema instead of a specification",
		func(c *config.Config, v string) { c.Schema = v }}
	flagOverlay = configFlag{"overlay", "overlay file with facts the specification does not state ('none' for no overlay); default: the config's, else the embedded overlay when the document is the one it was written for",
		func(c *config.Config, v string) { c.Overlay = v }}
	flagPackage = configFlag{"package", "name of the generated Go package (default: the config's, else botapi)",
		func(c *config.Config, v string) { c.Package = v }}
	flagOut = configFlag{"out", "directory of the generated Go package (default: the config's, else generated/botapi); the docs, the OpenAPI export and the schema left at their default places move inside it",
		func(c *config.Config, v string) { c.Out = v }}
	flagServerPackage = configFlag{"server-package", "name of the server's Go package, which imports the generated package (default: the config's, else the package name followed by server: botapiserver)",
		func(c *config.Config, v string) { c.ServerPackage = v }}
	flagServerOut = configFlag{"server-out", "directory of the server's Go package (default: the config's, else the directory named after it inside --out)",
		func(c *config.Config, v string) { c.ServerOut = v }}
	flagDocs = configFlag{"docs", "directory of the generated reference docs; 'none' to skip them (default: the config's, else generated/docs, or docs inside --out when given)",
		func(c *config.Config, v string) { c.Docs = v }}
	flagOpenAPI = configFlag{"openapi", "directory of the OpenAPI 3.1 document and the JSON Schema bundle; 'none' to skip them (default: the config's, else generated/openapi, or openapi inside --out when given)",
		func(c *config.Config, v string) { c.OpenAPI = v }}
	flagSchemaOut = configFlag{"schema-out", "where to write the schema YAML, or 'none' (default: the config's, else schema/<spec name>.yaml, or inside --out when given, when parsing a spec; nothing with --schema)",
		func(c *config.Config, v string) { c.SchemaOut = v }}
	flagOnly = configFlag{"only", "comma-separated backends to run (default: the config's, else all): " + strings.Join(pipeline.Names(), ","),
		func(c *config.Config, v string) { c.Backends = splitList(v) }}
)

func newConfigFlags(c *command, flags ...configFlag) *configFlags {
	cf := &configFlags{c: c, set: map[string]func(*config.Config, string){}}
	cf.file = c.String("config", "", "config file (default: "+config.FileName+" in the working directory, when it exists)")
	for _, f := range flags {
		c.String(f.name, "", f.help)
		cf.set[f.name] = f.apply
	}
	return cf
}

// config reads the config file, applies the flags given, and checks the
// result; a setting that cannot work is a usage error.
func (cf *configFlags) config() (*config.Config, error) {
	var cfg *config.Config
	var err error
	if *cf.file != "" {
		cfg, err = config.Load(*cf.file)
	} else {
		cfg, err = config.Find(".")
	}
	if err != nil {
		return nil, usageError{cf.c.name, err.Error()}
	}
	if cfg.File == "" && !inOwnRepository() {
		cfg, cf.standalone = config.Standalone(), true
	}
	cf.given = map[string]bool{}
	cf.c.Visit(func(f *flag.Flag) {
		cf.given[f.Name] = true
		if apply := cf.set[f.Name]; apply != nil {
			apply(cfg, f.Value.String())
		}
	})
	if err := cfg.Check(); err != nil {
		return nil, usageError{cf.c.name, err.Error()}
	}
	return cfg, nil
}

// inOwnRepository reports whether the working directory is in apigen's
// own module, whose layout (schema/, generated/botapi, generated/docs,
// generated/openapi) is config.Default's. Anywhere else a run without a
// config file writes the Go package only (config.Standalone).
func inOwnRepository() bool {
	p := pipeline.ImportPath(".")
	return p == version.Module || strings.HasPrefix(p, version.Module+"/")
}

// whereLine is the line a generate run prints when it chose the outputs
// itself (no config file, no output flag): what it wrote where, and how to
// ask for the rest.
func (cf *configFlags) whereLine(cfg *config.Config) string {
	if !cf.standalone {
		return ""
	}
	for _, f := range []string{"out", "docs", "openapi", "schema-out"} {
		if cf.given[f] {
			return ""
		}
	}
	return fmt.Sprintf("apigen: wrote the Go package %s in %s (no %s here: the reference docs, the OpenAPI export and the schema only with --docs DIR, --openapi DIR, --schema-out FILE; 'apigen init' writes a config)",
		cfg.Package, cfg.Out+string(filepath.Separator), config.FileName)
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
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

func cmdVersion(args []string, stdout, stderr io.Writer) error {
	c := newCommand("version", "version", "Print apigen's module version, VCS revision and Go version, from the build info.", stdout)
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	info, _ := version.Read()
	fmt.Fprintln(stdout, info.String())
	return nil
}

func cmdInit(args []string, stdout, stderr io.Writer) error {
	c := newCommand("init", "init [--dir DIR] [--spec FILE] [--package NAME] [--out DIR]",
		`Write `+config.FileName+` into DIR (default: the working directory), the overlay beside it
(`+config.OverlayFileName+`: facts the specification does not state, each with a reason) and, unless
--spec names one, a copy of the embedded specification (`+spec.DefaultName+`). Then
'apigen generate' there (or '//go:generate go tool apigen generate') needs no flags.
Existing files are never replaced.`, stdout)
	dir := c.String("dir", ".", "directory to write the config into")
	specPath := c.String("spec", "", "specification the config names, relative to DIR, or an http(s) URL: the page is fetched (as generate --spec does) and saved beside the config, which names the saved file (default: write the embedded one)")
	pkg := c.String("package", "botapi", "name of the generated Go package")
	out := c.String("out", "", "directory of the generated Go package, relative to DIR (default: the package name)")
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	if !config.IsPackageName(*pkg) {
		return usageError{"init", fmt.Sprintf("--package %q is not a Go package name: use a lower-case identifier such as botapi", *pkg)}
	}
	files, err := config.Init(*dir, config.InitOptions{Spec: *specPath, Package: *pkg, Out: *out, Backends: pipeline.Names()})
	if err != nil {
		return err
	}
	if _, err := output.WriteAll([]output.Batch{{Dir: *dir, Files: files}}); err != nil {
		return err
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Join(*dir, f.Path))
	}
	fmt.Fprintf(stdout, "apigen: wrote %s\nNext: put this line in a Go file of the package in %s, then run 'go generate':\n\n\t//go:generate go tool apigen generate\n",
		strings.Join(names, ", "), *dir)
	return nil
}

func cmdParse(args []string, stdout, stderr io.Writer) error {
	c := newCommand("parse", "parse [--config FILE] [--spec FILE] [--overlay FILE] [-o FILE] [--report] [--strict]",
		"Parse a specification, apply the overlay, check the result and write the YAML schema.", stdout)
	cf := newConfigFlags(c, flagSpec, flagOverlay)
	out := c.String("o", "", "where to write the schema ('-' for standard output); default: schema/<spec name>.yaml")
	report := c.Bool("report", false, "print to standard error what the reader kept as text without a schema fact (prose, change items naming nothing) and what it degraded with a warning")
	strict := c.Bool("strict", false, strictUsage)
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	cfg, err := cf.config()
	if err != nil {
		return err
	}
	cfg.Schema = ""
	pr := newProgress(stderr)
	in := cfg.Input()
	if *report {
		in.Report = &parser.Report{}
	}
	s, err := load(in, *strict, stderr)
	if err != nil {
		return err
	}
	if err := names(in, s, cfg.Package, *strict, stderr); err != nil {
		return err
	}
	if in.Report != nil {
		if err := in.Report.Write(stderr); err != nil {
			return err
		}
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
		path = cfg.SchemaFile()
	}
	if path == "" { // schema_out: none in the config; parse still writes one
		path = filepath.Join("schema", loader.SchemaFileName(cfg.Input().Name()))
	}
	_, err = output.WriteAll([]output.Batch{output.FileAt(path, data)})
	pr.stage("write")
	return err
}

func cmdCheck(args []string, stdout, stderr io.Writer) error {
	c := newCommand("check", "check FILE.yaml",
		"Load a YAML schema and check that it is closed (every type reference resolves) and well formed.", stdout)
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usageError{"check", "check takes one schema file"}
	}
	s, err := schema.Load(c.Arg(0))
	if err != nil {
		return err
	}
	n := s.Count()
	fmt.Fprintf(stdout, "%s: ok (version %s: %d objects, %d methods, %d unions, %d enums)\n",
		c.Arg(0), s.Version, n.Objects, n.Methods, n.Unions, n.Enums)
	return nil
}

func cmdGenerate(args []string, stdout, stderr io.Writer) error {
	c := newCommand("generate", "generate [--config FILE] [--spec FILE | --schema FILE] [--overlay FILE] [--out DIR] [--server-out DIR] [--docs DIR|none] [--openapi DIR|none] [--schema-out FILE|none] [--package NAME] [--server-package NAME] [--only LIST] [--check] [--strict]",
		`Parse and check the specification (or load a schema), then write the schema YAML, the Go
package and the reference docs. Settings come from `+config.FileName+` when there is one; flags
override it. Nothing is written unless every stage succeeds; stale generated files
(with apigen's header, in the output directories) are removed.

With --check nothing is written: the run is compared with what is on disk, and the
files that differ are listed (exit 1), for CI.`, stdout)
	cf := newConfigFlags(c, flagSpec, flagSchema, flagOverlay, flagOut, flagServerOut, flagDocs, flagOpenAPI, flagPackage, flagServerPackage, flagOnly, flagSchemaOut)
	check := c.Bool("check", false, "write nothing; exit 1 and list the files a run would change")
	strict := c.Bool("strict", false, strictUsage)
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	cfg, err := cf.config()
	if err != nil {
		return err
	}
	backends, err := pipeline.Select(cfg.Only())
	if err != nil {
		return usageError{"generate", err.Error()}
	}
	t := pipeline.Targets{GoDir: cfg.Out, ServerDir: cfg.ServerDir(), DocsDir: cfg.DocsDir(), OpenAPIDir: cfg.OpenAPIDir(), SchemaFile: cfg.SchemaFile()}
	noServer := ""
	if len(cfg.Backends) == 0 && pipeline.ImportPath(cfg.Out) == "" {
		// The server package imports the Go package by its import path,
		// which only a module gives; asked for by name, it fails instead.
		backends = keep(backends, func(b generators.Backend) bool { return b.Kind != generators.ServerPackage })
		noServer = fmt.Sprintf("apigen: server: not generated: %s is in no Go module, so the server package could not import it (add a go.mod above it)", cfg.Out)
	}
	if t.DocsDir == "" {
		backends = keep(backends, func(b generators.Backend) bool { return b.Kind != generators.Docs })
	}
	if t.OpenAPIDir == "" {
		backends = keep(backends, func(b generators.Backend) bool { return b.Kind != generators.OpenAPI })
	}
	if err := generate(cfg, backends, t, *check, *strict, stdout, stderr); err != nil {
		return err
	}
	if noServer != "" && !*check {
		fmt.Fprintln(stderr, noServer)
	}
	if line := cf.whereLine(cfg); line != "" && !*check {
		fmt.Fprintln(stderr, line)
	}
	return nil
}

func cmdDocs(args []string, stdout, stderr io.Writer) error {
	c := newCommand("docs", "docs [--config FILE] [--spec FILE | --schema FILE] [--overlay FILE] [--out DIR]",
		"Write the reference docs only: reference.md and a static HTML site (index.html, one page per\nmethod, object, union and enum, offline search). Nothing else is written.", stdout)
	cf := newConfigFlags(c, flagSpec, flagSchema, flagOverlay)
	out := c.String("out", "", "directory of the generated reference docs (default: the config's docs directory, else generated/docs)")
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	cfg, err := cf.config()
	if err != nil {
		return err
	}
	if *out == "" {
		*out = cfg.DocsDir()
	}
	if *out == "" {
		*out = config.Default().DocsDir()
	}
	all, err := pipeline.Select("")
	if err != nil {
		return err
	}
	backends := keep(all, func(b generators.Backend) bool { return b.Kind == generators.Docs })
	if len(backends) == 0 {
		return errors.New("no docs backend is registered")
	}
	return generate(cfg, backends, pipeline.Targets{DocsDir: *out}, false, false, stdout, stderr)
}

// keep returns the backends f accepts; never nil, since a nil list means
// "all backends" to pipeline.Generate.
func keep(bs []generators.Backend, f func(generators.Backend) bool) []generators.Backend {
	out := []generators.Backend{}
	for _, b := range bs {
		if f(b) {
			out = append(out, b)
		}
	}
	return out
}

// load loads the input and, for a specification, says on stderr which
// overlay applied or why none did: losing an overlay changes generated
// types, so it is never silent.
func load(in loader.Input, strict bool, stderr io.Writer) (*schema.Schema, error) {
	return loadSaying(in, strict, true, stderr)
}

// loadSaying is load; with every false it says which overlay applied
// only when one was given or applied (apigen emulator: serving a document
// needs no overlay, so "none" is no news).
func loadSaying(in loader.Input, strict, every bool, stderr io.Writer) (*schema.Schema, error) {
	s, use, err := loader.LoadReport(in)
	if in.SchemaPath == "" && (every || use.Name != "" || in.OverlayPath != "" && in.OverlayPath != loader.NoOverlay) {
		fmt.Fprintf(stderr, "apigen: %s\n", use)
	}
	if err != nil {
		return s, err
	}
	// A construct of a page the reader kept in a degraded form. The
	// schema's Warnings are every warning the reader gave (the list the
	// parser's Strict reads too), less those the overlay settled.
	return s, warn(s.Warnings, docName(in, s), strict, stderr)
}

// docName is the document warnings point into: the input's name, or for a
// saved schema the document it was read from.
func docName(in loader.Input, s *schema.Schema) string {
	if in.SchemaPath != "" {
		return s.Source
	}
	return in.Name()
}

// warn prints one warning line per warning or, under --strict, fails the
// run with all of them: the reader's (load) and the Go model's names that
// had to be disambiguated (names) go through it alike.
func warn(ws []schema.Warning, doc string, strict bool, stderr io.Writer) error {
	var refused []error
	for _, w := range ws {
		if strict {
			refused = append(refused, &schema.StrictError{File: doc, Warning: w})
		} else {
			fmt.Fprintf(stderr, "apigen: warning: %s\n", w.Message(doc))
		}
	}
	return errors.Join(refused...)
}

// names reports the names the Go model of s had to disambiguate (naming's
// rule; gomodel.Model.Warnings), as warnings, and lists them with the
// reader's in the report. parse builds the model for them alone; a schema
// whose model fails is generate's to report.
func names(in loader.Input, s *schema.Schema, pkg string, strict bool, stderr io.Writer) error {
	m, err := pipeline.Model(s, pkg)
	if err != nil {
		return nil
	}
	if in.Report != nil {
		in.Report.Warnings = append(in.Report.Warnings, m.Warnings...)
	}
	return warn(m.Warnings, docName(in, s), strict, stderr)
}

// goBreaking is the --fail-on word for a change of the generated Go
// package that breaks code written against the old one.
const goBreaking = "go-breaking"

// goDiff builds the Go model of both sides (as generate would, package
// name aside, which no identifier depends on) and lists the identifiers
// of old's package that new's removes or changes.
func goDiff(old, new *schema.Schema, wire *schemadiff.Report) ([]schemadiff.GoChange, error) {
	om, err := pipeline.Model(old, "")
	if err != nil {
		return nil, fmt.Errorf("the Go comparison needs the Go model of OLD: %w", err)
	}
	nm, err := pipeline.Model(new, "")
	if err != nil {
		return nil, fmt.Errorf("the Go comparison needs the Go model of NEW: %w", err)
	}
	return schemadiff.CompareGo(om, nm, wire), nil
}

// strictUsage is the --strict flag's help.
const strictUsage = "fail on a construct of a published page that would degrade with a warning (for CI)"

// generate is the whole run: load -> generate -> write (or, with check,
// compare with the disk).
func generate(cfg *config.Config, backends []generators.Backend, t pipeline.Targets, check, strict bool, stdout, stderr io.Writer) error {
	pr := newProgress(stderr)
	in := cfg.Input()
	s, err := load(in, strict, stderr)
	if err != nil {
		return err
	}
	pr.stage("parse")
	outs, err := pipeline.Generate(s, backends, generators.Options{Package: cfg.Package, ServerPackage: cfg.ServerPackageName(), ServerImportPath: pipeline.ImportPath(cfg.ServerDir()), Source: filepath.Base(in.Name()), ImportPath: pipeline.ImportPath(cfg.Out)})
	if err != nil {
		return err
	}
	if err := warn(outs.Warnings, docName(in, s), strict, stderr); err != nil {
		return err
	}
	pr.stage("generate")
	batches, err := pipeline.Batches(s, outs, t)
	if err != nil {
		return err
	}
	if check {
		res, err := output.Plan(batches)
		if err != nil {
			return err
		}
		if !res.Changed() {
			return nil
		}
		for _, p := range res.Written {
			fmt.Fprintf(stdout, "differs: %s\n", p)
		}
		for _, p := range res.Removed {
			fmt.Fprintf(stdout, "stale:   %s\n", p)
		}
		return exitError{1, fmt.Errorf("%d generated file(s) out of date: run 'apigen generate' (or 'go generate') and commit the result", len(res.Written)+len(res.Removed))}
	}
	if _, err := output.WriteAll(batches); err != nil {
		return err
	}
	pr.stage("write")
	return nil
}

func cmdDiff(args []string, stdout, stderr io.Writer) error {
	c := newCommand("diff", "diff [--overlay FILE] [-q] [--format text|markdown] [--fail-on any|go-breaking|breaking|widening|additions|none] OLD NEW",
		`Show what changed from OLD to NEW, each a specification (.md, .html) or a saved schema
(.yaml): added, removed and changed methods, parameters, objects, fields, unions,
enums, types, required-ness, constraints (tightened or loosened), rules, since
versions, limits and versions. Descriptions are not compared.

Each change has a level (docs/diff.md): breaking (a client's code or request stops
working: a removed method, parameter, field or value, a new required parameter, a
changed type, a tightened constraint on a request), widening (a response may carry
a value an old client never saw: a new value or update kind the bot receives; clients
must tolerate these), addition (something new nobody must use), or other (no effect
on code or the wire). --format markdown writes release notes grouped by level.

Then "Go code that breaks": the identifiers of the Go package generated from OLD
that the package generated from NEW removes or changes (a field's type, a method's
signature, a helper), each with its cause: "the page changed" (the comparison above
reports a change of its element) or "representation" (how apigen writes it in Go
changed while the page did not).

Exit status, as diff(1): 0 the same, 1 different, 2 trouble. --fail-on LEVEL makes
the status 1 only for a change at that level or a more severe one (breaking,
widening, additions; any: every change, the default); --fail-on go-breaking: only
when Go code written against OLD's package stops compiling against NEW's; --fail-on
none: always 0.`, stdout)
	overlay := c.String("overlay", "", "overlay file to apply to specifications ('none' for none); default: the embedded overlay for the document it was written for")
	quiet := c.Bool("q", false, "report only whether they differ")
	format := c.String("format", "text", "output format: text or markdown")
	failOn := c.String("fail-on", "any", "the least severe change that makes the exit status 1: breaking, widening, additions, any, or none; go-breaking: a Go identifier of the generated package removed or changed")
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if c.NArg() != 2 {
		return usageError{"diff", "diff takes two files: OLD NEW"}
	}
	if *format != "text" && *format != "markdown" && *format != "md" {
		return usageError{"diff", fmt.Sprintf("--format %q: want text or markdown", *format)}
	}
	failLevel, known := schemadiff.ParseLevel(*failOn)
	if !known && *failOn != "none" && *failOn != goBreaking {
		return usageError{"diff", fmt.Sprintf("--fail-on %q: want go-breaking, breaking, widening, additions, any or none", *failOn)}
	}
	old, oldUse, err := loader.FileReport(c.Arg(0), *overlay)
	if err != nil {
		return exitError{2, err}
	}
	new, newUse, err := loader.FileReport(c.Arg(1), *overlay)
	if err != nil {
		return exitError{2, err}
	}
	// The embedded overlay fits one version only: when it applied to one
	// side of a version bump and not the other, its facts would show as
	// changes of the API. Compare the documents alone, and say so.
	isSpec := func(u loader.OverlayUse) bool { return u.Name != "" || u.Why != "" }
	if *overlay == "" && isSpec(oldUse) && isSpec(newUse) && (oldUse.Name != "") != (newUse.Name != "") {
		with, arg := c.Arg(0), &old
		if newUse.Facts > 0 {
			with, arg = c.Arg(1), &new
		}
		if *arg, err = loader.File(with, loader.NoOverlay); err != nil {
			return exitError{2, err}
		}
		fmt.Fprintf(stderr, "apigen: the embedded overlay fits %s only; both sides are compared without it (--overlay FILE applies one overlay to both)\n", with)
	}
	r := schemadiff.Compare(old, new, c.Arg(0), c.Arg(1))
	goChanges, goErr := goDiff(old, new, r)
	switch {
	case *quiet && !r.Empty():
		fmt.Fprintf(stdout, "%s and %s differ\n", c.Arg(0), c.Arg(1))
	case !*quiet && *format == "text":
		err = r.WriteText(stdout)
		if err == nil && goErr == nil && len(goChanges) > 0 {
			err = schemadiff.WriteGoText(stdout, goChanges)
		}
	case !*quiet:
		err = r.WriteMarkdown(stdout)
		if err == nil && goErr == nil && len(goChanges) > 0 {
			err = schemadiff.WriteGoMarkdown(stdout, goChanges)
		}
	}
	if err != nil {
		return exitError{2, err}
	}
	if goErr != nil {
		if *failOn == goBreaking {
			return exitError{2, goErr}
		}
		fmt.Fprintf(stderr, "apigen: %v\n", goErr)
	}
	if *failOn == goBreaking {
		if len(goChanges) == 0 {
			return nil
		}
		return exitError{1, fmt.Errorf("--fail-on go-breaking: %d Go identifier%s of the generated package removed or changed", len(goChanges), map[bool]string{true: "", false: "s"}[len(goChanges) == 1])}
	}
	if *failOn == "none" || r.Empty() || r.Level() < failLevel {
		return nil
	}
	if failLevel == schemadiff.Note {
		return exitError{code: 1}
	}
	n, counts := r.LevelCounts(), []string{}
	for _, l := range schemadiff.Levels {
		if l >= failLevel && n[l] > 0 {
			counts = append(counts, fmt.Sprintf("%d %s", n[l], l))
		}
	}
	total := 0
	for _, l := range schemadiff.Levels {
		if l >= failLevel {
			total += n[l]
		}
	}
	return exitError{1, fmt.Errorf("--fail-on %s: %s change%s", *failOn, strings.Join(counts, ", "), map[bool]string{true: "", false: "s"}[total == 1])}
}
