package schema_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
)

// Issue 13, defect 3: checking a saved schema reported the line of the
// specification the element came from (35) instead of the line of the YAML
// file where the problem is (44). A problem found in a YAML file names the
// file and its line.
func TestCheckReportsTheYAMLLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("bot-api-5.0.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	typo := -1
	for i, ln := range lines {
		if strings.TrimSpace(ln) == "type: Message" {
			typo = i
			lines[i] = strings.Replace(ln, "Message", "Mesage", 1)
			break
		}
	}
	if typo < 0 {
		t.Fatal("no 'type: Message' line in the schema")
	}
	path := filepath.Join(t.TempDir(), "s.yaml")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _ := checkFile(path)
	want := path + ":" + strconv.Itoa(typo+1) + ": Update.message: type \"Mesage\" is not declared"
	if !strings.Contains(code, want) {
		t.Fatalf("error = %s\nwant it to contain %q", code, want)
	}
}

func checkFile(path string) (string, bool) {
	_, err := schema.Load(path)
	if err == nil {
		return "", true
	}
	return err.Error(), false
}
