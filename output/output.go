// Package output is the one place apigen touches disk for generated files.
//
// Backends produce []File in memory; the command groups them into batches
// (one per output directory) and calls Write once, after every backend has
// succeeded. Write is all or nothing as far as a program can make it:
//
//  1. it checks every destination first (a file where a directory must be,
//     a directory where a file must be, a directory it may not write in)
//     and touches nothing when one is wrong;
//  2. it writes the new contents to temporary files beside their targets,
//     and removes them all (and any directory it created) when one fails;
//  3. only then it renames each temporary file over its target, skipping
//     files whose bytes did not change, and removes stale generated files
//     (see Batch.Prune).
//
// Errors name the destination, never a temporary file.
package output

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// File is one generated file. Path is slash-separated and relative to the
// output directory of its batch.
type File struct {
	Path string
	Data []byte
}

// Batch is the files of one output directory.
type Batch struct {
	// Dir is the output directory, absolute or relative to the working
	// directory.
	Dir   string
	Files []File
	// Prune removes the files directly in Dir that carry apigen's
	// generated-code header (see IsGenerated) but are not in Files: a file
	// an earlier version produced must not outlive it. Files without the
	// header, and subdirectories, are never touched.
	Prune bool
}

// FileAt is a batch of one file at path (absolute or relative), for outputs
// named by a file path rather than a directory (the schema YAML).
func FileAt(path string, data []byte) Batch {
	return Batch{Dir: filepath.Dir(path), Files: []File{{Path: filepath.Base(path), Data: data}}}
}

// Result says what Write did (or, from Plan, would do), as paths joined
// with their batch's directory.
type Result struct {
	Written, Unchanged, Removed []string
}

// Changed reports whether anything was (or would be) written or removed.
func (r Result) Changed() bool { return len(r.Written) > 0 || len(r.Removed) > 0 }

// Write writes the files of root in one batch; see WriteAll.
func Write(root string, files []File) (Result, error) {
	return WriteAll([]Batch{{Dir: root, Files: files}})
}

// op is one planned change.
type op struct {
	target string // path on disk
	data   []byte
	remove bool // remove target (a stale generated file)
	// direct: target is a device or a named pipe (/dev/null, /dev/stdout,
	// a FIFO): written in place, since renaming over it would replace it.
	direct bool
}

// problem is a destination that cannot be written. Problems with the same
// cause (a file where the output directory must be) are reported once,
// with the number of files it blocks.
type problem struct {
	cause  string
	target string // the file it blocks, when the cause is shared
}

// Plan checks every destination and reports what WriteAll would change,
// touching nothing. It is what `apigen generate --check` runs.
func Plan(batches []Batch) (Result, error) {
	_, res, err := plan(batches)
	return res, err
}

// WriteAll writes every batch, or nothing when a destination is wrong or a
// write fails (see the package comment).
func WriteAll(batches []Batch) (Result, error) {
	ops, res, err := plan(batches)
	if err != nil {
		return Result{}, err
	}
	if err := commit(ops); err != nil {
		return Result{}, err
	}
	return res, nil
}

func plan(batches []Batch) ([]op, Result, error) {
	var res Result
	var ops []op
	var problems []problem
	seen := map[string]string{}
	var scratch []byte // sameContent's read buffer, shared by every file
	for _, b := range batches {
		files := append([]File(nil), b.Files...)
		sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		keep := map[string]bool{}
		for _, f := range files {
			if filepath.IsAbs(f.Path) || !filepath.IsLocal(filepath.FromSlash(f.Path)) {
				return nil, res, fmt.Errorf("output: %s is not a relative path inside %s", f.Path, b.Dir)
			}
			target := filepath.Join(b.Dir, filepath.FromSlash(f.Path))
			abs, err := filepath.Abs(target)
			if err != nil {
				return nil, res, err
			}
			if prev, dup := seen[abs]; dup {
				return nil, res, fmt.Errorf("output: %s would be written twice (also as %s)", target, prev)
			}
			seen[abs] = target
			keep[filepath.Clean(filepath.FromSlash(f.Path))] = true
			p, direct := checkTarget(target)
			if p.cause != "" {
				problems = append(problems, p)
				continue
			}
			if direct {
				ops = append(ops, op{target: target, data: f.Data, direct: true})
				res.Written = append(res.Written, target)
				continue
			}
			if sameContent(target, f.Data, &scratch) {
				res.Unchanged = append(res.Unchanged, target)
				continue
			}
			ops = append(ops, op{target: target, data: f.Data})
			res.Written = append(res.Written, target)
		}
		if b.Prune {
			stale, err := staleFiles(b.Dir, keep)
			if err != nil {
				problems = append(problems, problem{cause: err.Error()})
			}
			for _, p := range stale {
				ops = append(ops, op{target: p, remove: true})
				res.Removed = append(res.Removed, p)
			}
		}
	}
	// Every directory that will receive a file must be writable.
	dirs := map[string]bool{}
	for _, o := range ops {
		if o.direct {
			continue
		}
		if d := nearestDir(filepath.Dir(o.target)); d != "" && !dirs[d] {
			dirs[d] = true
			if err := probe(d); err != nil {
				problems = append(problems, problem{cause: fmt.Sprintf("cannot write in %s: %v", d, err)})
			}
		}
	}
	if len(problems) > 0 {
		return nil, res, fmt.Errorf("nothing was written: %s", report(problems))
	}
	return ops, res, nil
}

// sameContent reports whether the file at target holds exactly data. It
// compares the size first and then reads the file in chunks into *scratch,
// which it allocates once for all calls: a rerun compares every output
// (15 MB for the newest published page), and reading each file whole
// allocated as much again, which the process paid for in page faults.
func sameContent(target string, data []byte, scratch *[]byte) bool {
	f, err := os.Open(target)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	if *scratch == nil {
		*scratch = make([]byte, 256<<10)
	}
	buf := *scratch
	for len(data) > 0 {
		n, err := io.ReadFull(f, buf[:min(len(buf), len(data))])
		if err != nil || !bytes.Equal(buf[:n], data[:n]) {
			return false
		}
		data = data[n:]
	}
	// The file may have grown since Stat: it must end here too.
	n, _ := f.Read(buf[:1])
	return n == 0
}

// report lists each cause once, one per line, sorted; a cause that blocks
// several files says how many and names the first.
func report(problems []problem) string {
	blocked := map[string][]string{}
	for _, p := range problems {
		blocked[p.cause] = append(blocked[p.cause], p.target)
	}
	var lines []string
	for c, targets := range blocked {
		switch {
		case targets[0] == "":
		case len(targets) == 1:
			c += " (needed for " + targets[0] + ")"
		default:
			sort.Strings(targets)
			c += fmt.Sprintf(" (needed for %d files, such as %s)", len(targets), targets[0])
		}
		lines = append(lines, c)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// checkTarget returns why target cannot be written (a zero problem when it
// can), and whether it is a device or named pipe to be written in place.
func checkTarget(target string) (p problem, direct bool) {
	if st, err := os.Lstat(target); err == nil {
		m := st.Mode()
		switch {
		case m.IsDir():
			return problem{cause: target + " is a directory, not a file"}, false
		case m.IsRegular() || m&fs.ModeSymlink != 0 && !isSpecial(target):
			return problem{}, false
		case isSpecial(target):
			return problem{}, true
		}
		return problem{cause: target + " is neither a regular file, a device nor a named pipe"}, false
	}
	for dir := filepath.Dir(target); ; dir = filepath.Dir(dir) {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				return problem{cause: dir + " is a file, not a directory: remove it or choose another output directory", target: target}, false
			}
			return problem{}, false
		}
		if next := filepath.Dir(dir); next == dir {
			return problem{}, false
		}
	}
}

// isSpecial reports whether path (after symlinks: /dev/stdout) is a
// device or a named pipe, which a program writes in place.
func isSpecial(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode()&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe) != 0
}

// nearestDir returns dir or its nearest existing ancestor.
func nearestDir(dir string) string {
	for {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		next := filepath.Dir(dir)
		if next == dir {
			return ""
		}
		dir = next
	}
}

// probe proves that a file can be created in dir (and removes it).
func probe(dir string) error {
	f, err := os.CreateTemp(dir, ".apigen-probe-*")
	if err != nil {
		return cause(err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// GeneratedMarker is what IsGenerated looks for in a file's first lines.
const GeneratedMarker = "Code generated by apigen. DO NOT EDIT."

// IsGenerated reports whether data starts with apigen's generated-code
// header: the marker on one of the first two lines, as a comment of the
// file's kind (Go and JavaScript "//", YAML "#", HTML and Markdown "<!--";
// HTML puts it after the doctype).
func IsGenerated(data []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for i := 0; i < 2 && sc.Scan(); i++ {
		ln := strings.TrimSpace(sc.Text())
		for _, prefix := range []string{"// ", "# ", "<!-- "} {
			if strings.HasPrefix(ln, prefix+GeneratedMarker) {
				return true
			}
		}
	}
	return false
}

// staleFiles lists the regular files directly in dir that carry the
// generated header and are not kept.
func staleFiles(dir string, keep map[string]bool) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list %s: %v", dir, cause(err))
	}
	var out []string
	for _, e := range entries {
		if !e.Type().IsRegular() || keep[e.Name()] {
			continue
		}
		p := filepath.Join(dir, e.Name())
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		head := make([]byte, 512)
		n, _ := f.Read(head)
		f.Close()
		if IsGenerated(head[:n]) {
			out = append(out, p)
		}
	}
	return out, nil
}

// commit stages every write in a temporary file beside its target, then
// renames them into place and removes stale files. A failure while staging
// undoes the staging.
func commit(ops []op) error {
	type staged struct{ tmp, target string }
	var done []staged
	var created []string // directories made here, outermost first
	undo := func() {
		for _, s := range done {
			os.Remove(s.tmp)
		}
		for i := len(created) - 1; i >= 0; i-- {
			os.RemoveAll(created[i])
		}
	}
	for _, o := range ops {
		if o.remove || o.direct {
			continue
		}
		dir := filepath.Dir(o.target)
		if nd := nearestDir(dir); nd != filepath.Clean(dir) {
			// Remember the outermost directory this run creates.
			first := dir
			for p := dir; p != nd && p != filepath.Dir(p); p = filepath.Dir(p) {
				first = p
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				undo()
				return fmt.Errorf("%s: %v (nothing was written)", dir, cause(err))
			}
			created = append(created, first)
		}
		tmp, err := stage(dir, o.data)
		if err != nil {
			undo()
			return fmt.Errorf("%s: %v (nothing was written)", o.target, err)
		}
		done = append(done, staged{tmp, o.target})
	}
	for _, s := range done {
		if err := os.Rename(s.tmp, s.target); err != nil {
			undo()
			return fmt.Errorf("%s: %v", s.target, cause(err))
		}
	}
	for _, o := range ops {
		if o.direct {
			if err := writeInPlace(o.target, o.data); err != nil {
				return fmt.Errorf("%s: %v", o.target, cause(err))
			}
		}
	}
	for _, o := range ops {
		if o.remove {
			if err := os.Remove(o.target); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("remove stale %s: %v", o.target, cause(err))
			}
		}
	}
	return nil
}

// writeInPlace writes data to a device or named pipe, which is opened, not
// created or replaced.
func writeInPlace(target string, data []byte) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	return errors.Join(werr, f.Close())
}

// stage writes data to a new temporary file in dir and returns its name.
func stage(dir string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, ".apigen-*")
	if err != nil {
		return "", cause(err)
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(name)
		return "", cause(err)
	}
	if err := os.Chmod(name, 0o644); err != nil {
		os.Remove(name)
		return "", cause(err)
	}
	return name, nil
}

// cause strips the path from a *fs.PathError (which would name a temporary
// file), keeping what went wrong.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
