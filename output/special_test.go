package output_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/output"
)

// Issue 24, item 6: an output directory blocked by a file printed the same
// cause once per file, joined into one line of about 15 KB. The cause is
// now printed once, with the number of files it blocks.
func TestBlockedOutputPathPrintsTheCauseOnce(t *testing.T) {
	root := t.TempDir()
	blocker := filepath.Join(root, "blocked")
	os.WriteFile(blocker, []byte("a file"), 0o644)
	var files []output.File
	for i := range 200 {
		files = append(files, output.File{Path: fmt.Sprintf("f%03d_gen.go", i), Data: []byte("x")})
	}
	_, err := output.WriteAll([]output.Batch{{Dir: filepath.Join(blocker, "botapi"), Files: files}})
	want := "nothing was written: " + blocker + " is a file, not a directory: remove it or choose another output directory (needed for 200 files, such as " + filepath.Join(blocker, "botapi", "f000_gen.go") + ")"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant\n%s", err, want)
	}
}

// Issue 24, item 8: `apigen parse -o /dev/null` was refused ("not a
// regular file"). A device or a named pipe is written in place (never
// renamed over, which would replace it); a directory is still refused.
func TestWriteToADeviceOrNamedPipe(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no " + os.DevNull)
	}
	res, err := output.WriteAll([]output.Batch{output.FileAt(os.DevNull, []byte("schema\n"))})
	if err != nil || len(res.Written) != 1 {
		t.Fatalf("write to %s: %v %v", os.DevNull, res, err)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s was replaced: %v %v", os.DevNull, st.Mode(), err)
	}
	// Through a symlink to the device, as /dev/stdout is.
	link := filepath.Join(t.TempDir(), "out")
	if err := os.Symlink(os.DevNull, link); err == nil {
		if _, err := output.WriteAll([]output.Batch{output.FileAt(link, []byte("x"))}); err != nil {
			t.Errorf("write through a symlink to %s: %v", os.DevNull, err)
		}
		if target, err := os.Readlink(link); err != nil || target != os.DevNull {
			t.Errorf("the symlink was replaced: %q %v", target, err)
		}
	}
	dir := t.TempDir()
	if _, err := output.WriteAll([]output.Batch{output.FileAt(dir, []byte("x"))}); err == nil || !strings.Contains(err.Error(), "is a directory, not a file") {
		t.Errorf("write to a directory: %v", err)
	}
}
