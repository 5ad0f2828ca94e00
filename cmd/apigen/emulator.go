package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/apigen/apigen/emulator/cli"
	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/server"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/version"
)

// emulatorCacheEnv overrides the emulator cache's directory (tests).
const emulatorCacheEnv = "APIGEN_EMULATOR_CACHE"

// emulatorSourceEnv names apigen's source directory to build an emulator
// with, when apigen runs from a working copy outside it.
const emulatorSourceEnv = "APIGEN_SOURCE"

// emulatorModule is the module path of the program built in the cache.
const emulatorModule = "apigenemu"

func cmdEmulator(args []string, stdout, stderr io.Writer) error {
	c := newCommand("emulator", "emulator [--spec FILE | --schema FILE] [--overlay FILE] [--cache DIR] [--build-only] [EMULATOR FLAGS]",
		`Run the emulator (the stateful reference service, emulator/README.md) at the version of a
specification: without --spec or --schema, and for the embedded seed, it runs at once; for another
document, the document is read as apigen generate reads it, its Go package is generated into a
cache directory (keyed by the schema and apigen's build) beside a small program that serves it
with the emulator's core, built once with the go command (under a minute), and run; a second start
with the same document reuses the program. The cache is --cache, else $`+emulatorCacheEnv+`, else
the user cache directory's apigen/emulator. Building needs apigen's source: the module apigen was
installed from, the working copy it runs in, or $`+emulatorSourceEnv+`.

The emulator's flags (-listen, -tokens, -local, -flood, -files, -control-token,
-call-every-method) are passed to it.`, stdout)
	cf := newConfigFlags(c, flagSpec, flagSchema, flagOverlay)
	cacheDir := c.String("cache", "", "the cache directory (default $"+emulatorCacheEnv+", else the user cache directory's apigen/emulator)")
	buildOnly := c.Bool("build-only", false, "build the emulator (or find it in the cache), print the program's path and exit")
	own := map[string]bool{}
	c.VisitAll(func(f *flag.Flag) { own[f.Name] = true })
	cli.DefineFlags(c.FlagSet)
	if done, err := c.parse(args); done || err != nil {
		return err
	}
	if err := c.noArgs(); err != nil {
		return err
	}
	var forward []string
	c.Visit(func(f *flag.Flag) {
		if !own[f.Name] {
			forward = append(forward, "-"+f.Name+"="+f.Value.String())
		}
	})
	cfg, err := cf.config()
	if err != nil {
		return err
	}
	in := cfg.Input()
	if in.SpecPath == "seed" {
		in.SpecPath = ""
	}
	seed := in.SpecPath == "" && in.SchemaPath == ""
	var s *schema.Schema
	var yaml []byte
	if !seed {
		if s, err = loadSaying(in, false, false, stderr); err != nil {
			return err
		}
		if yaml, err = schema.Marshal(s); err != nil {
			return err
		}
		seed = isSeed(yaml)
	}
	if seed {
		if *buildOnly {
			return errors.New("--build-only: the seed's emulator is built into apigen; nothing to build")
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return cli.Run(ctx, forward, stderr, nil, nil)
	}
	bin, err := emulatorProgram(s, yaml, in, *cacheDir, stderr)
	if err != nil {
		return err
	}
	if *buildOnly {
		fmt.Fprintln(stdout, bin)
		return nil
	}
	return runProgram(bin, forward, stdout, stderr)
}

// isSeed reports whether a schema is the embedded seed's (its emulator is
// built into apigen).
func isSeed(yaml []byte) bool {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		return false
	}
	b, err := schema.Marshal(s)
	return err == nil && bytes.Equal(b, yaml)
}

// emulatorProgram is the path of the emulator program of schema s (yaml
// its text), built into the cache unless it is there.
func emulatorProgram(s *schema.Schema, yaml []byte, in loader.Input, cacheDir string, stderr io.Writer) (string, error) {
	if cacheDir == "" {
		cacheDir = os.Getenv(emulatorCacheEnv)
	}
	if cacheDir == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache directory for the emulator (%v): pass --cache DIR", err)
		}
		cacheDir = filepath.Join(user, "apigen", "emulator")
	}
	key := sha256.New()
	key.Write(yaml)
	info, _ := version.Read()
	fmt.Fprintf(key, "\x00%s\x00%s\x00%s\x00%v", info.Version, info.Revision, info.Go, info.Modified)
	// A working copy's builds all say "(devel)": the running program's
	// bytes tell one build of apigen from another.
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			io.Copy(key, f)
			f.Close()
		}
	}
	dir := filepath.Join(cacheDir, hex.EncodeToString(key.Sum(nil))[:24])
	bin := filepath.Join(dir, "emulator")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fmt.Fprintf(stderr, "apigen: building the emulator for %s %s into %s (once)\n", s.Title, s.Version, dir)
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	// The sources arrive whole (written aside, then renamed into place);
	// the program is then built in place, not aside and moved: the go
	// command caches the compiled package under its directory, so a bot
	// built beside the program (botapi/ in the cache) reuses it instead of
	// compiling the version's package again.
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		tmp, err := os.MkdirTemp(cacheDir, ".build-")
		if err != nil {
			return "", err
		}
		defer os.RemoveAll(tmp)
		if err := writeEmulatorModule(tmp, s, yaml, in); err != nil {
			return "", err
		}
		// A failed rename with go.mod in place is another start that
		// wrote the same sources meanwhile.
		if err := os.Rename(tmp, dir); err != nil {
			if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr != nil {
				return "", err
			}
		}
	}
	// Built under a name of its own, then renamed: a start running at the
	// same time never finds a half-written program.
	f, err := os.CreateTemp(dir, ".emulator-")
	if err != nil {
		return "", err
	}
	f.Close()
	part := f.Name()
	defer os.Remove(part)
	build := exec.Command("go", "build", "-mod=mod", "-o", part, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var out bytes.Buffer
	build.Stdout, build.Stderr = &out, &out
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("building the emulator in %s: %v\n%s", dir, err, out.String())
	}
	if err := os.Rename(part, bin); err != nil {
		return "", err
	}
	return bin, nil
}

// writeEmulatorModule writes the program's module into dir: the version's
// generated package (botapi/), its schema, main.go and go.mod.
func writeEmulatorModule(dir string, s *schema.Schema, yaml []byte, in loader.Input) error {
	// The whole Go package, as apigen generate writes it: the program
	// uses its server and client, and a bot under test can be built
	// against the same files (botapi/ in the cache).
	all, err := pipeline.Select("")
	if err != nil {
		return err
	}
	backends := keep(all, func(b generators.Backend) bool {
		return b.Kind == generators.GoPackage || b.Kind == generators.ServerPackage
	})
	outs, err := pipeline.Generate(s, backends, generators.Options{Package: "botapi", Source: filepath.Base(in.Name()), ImportPath: emulatorModule + "/botapi"})
	if err != nil {
		return err
	}
	batches, err := pipeline.Batches(s, outs, pipeline.Targets{GoDir: filepath.Join(dir, "botapi"), ServerDir: filepath.Join(dir, "botapi", server.DefaultPackage("botapi"))})
	if err != nil {
		return err
	}
	if _, err := output.WriteAll(batches); err != nil {
		return err
	}
	mod, sum, err := emulatorGoMod()
	if err != nil {
		return err
	}
	files := map[string][]byte{"schema.yaml": yaml, "main.go": []byte(emulatorMain), "go.mod": mod}
	if sum != nil {
		files["go.sum"] = sum
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// emulatorGoMod is the program's go.mod (and go.sum when apigen's source
// is a directory): apigen at the version it was installed at, or its
// source directory.
func emulatorGoMod() (mod, sum []byte, err error) {
	src := os.Getenv(emulatorSourceEnv)
	info, _ := version.Read()
	if src == "" && (info.Version == version.Devel || info.Replaced != "") {
		src = info.Replaced
		if src == "" || !filepath.IsAbs(src) {
			out, lerr := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", version.Module).Output()
			src = strings.TrimSpace(string(out))
			if lerr != nil || src == "" {
				return nil, nil, fmt.Errorf("apigen runs from a working copy, and its source is needed to build the emulator: run apigen inside its module, or set %s to its directory", emulatorSourceEnv)
			}
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s\n\ngo 1.24.0\n\n", emulatorModule)
	if src == "" {
		fmt.Fprintf(&b, "require %s %s\n", version.Module, info.Version)
		return b.Bytes(), nil, nil
	}
	abs, err := filepath.Abs(src)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(&b, "require %s v0.0.0\n\nreplace %s => %s\n", version.Module, version.Module, abs)
	sum, err = os.ReadFile(filepath.Join(abs, "go.sum"))
	if err != nil {
		return nil, nil, fmt.Errorf("%s is not apigen's source (no go.sum): %w", abs, err)
	}
	return b.Bytes(), sum, nil
}

// emulatorMain is the program: the emulator's command serving the version
// of the generated package beside it (the names it uses are the same in
// every generated package).
const emulatorMain = `// Code generated by apigen emulator. DO NOT EDIT.

// Command emulator is the emulator at the version of the package beside it.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"time"

	"` + emulatorModule + `/botapi"
	"` + emulatorModule + `/botapi/botapiserver"
	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/emulator/cli"
)

//go:embed schema.yaml
var schemaYAML []byte

func main() {
	cli.Main(&cli.At{
		Schema:  schemaYAML,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(),
		Strict: func(local bool) emulator.Caller {
			// The hook tells the front a request is valid.
			opts := []botapiserver.ServerOption{botapiserver.WithNotImplementedHook(emulator.Validated)}
			if local {
				opts = append(opts, botapiserver.WithLocalServerLimits())
			}
			c := botapiserver.NewCaller(botapiserver.Unimplemented{}, opts...)
			return emulator.CallerFunc(func(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error) {
				raw, err := c.Call(ctx, token, method, query, contentType, body)
				if e := (*botapi.Error)(nil); errors.As(err, &e) {
					return raw, emulator.APIError(e.Code, e.Description)
				}
				return raw, err
			})
		},
		SetNow:    func(now func() time.Time) { botapi.ValidationNow = now },
		NewClient: func(base, token string) any { return botapi.NewClient(token, botapi.WithBaseURL(base)) },
		Upload:    func(name string, r io.Reader) any { return botapi.Upload(name, r) },
	})
}
`

// runProgram runs the emulator program, passing interrupts on, and
// returns its exit status.
func runProgram(bin string, args []string, stdout, stderr io.Writer) error {
	cmd := exec.Command(bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		for s := range sig {
			cmd.Process.Signal(s)
		}
	}()
	err := cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return exitError{code: ee.ExitCode()}
	}
	return err
}
