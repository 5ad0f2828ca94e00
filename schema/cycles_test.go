package schema_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
)

// cyclic is a schema whose object Foo has a field foo_bar of type Bar and
// Bar a field bar_foo of type Foo, each required or not as asked, plus Baz
// that holds itself.
func cyclic(fooBar, barFoo, bazBaz string) string {
	return `title: T
version: "1.0"
source: t.md
objects:
  - name: Foo
    fields:
      - {name: id, type: Integer, required: true}
      - {name: foo_bar, type: ` + fooBar + `}
  - name: Bar
    fields:
      - {name: bar_foo, type: ` + barFoo + `}
  - name: Baz
    fields:
      - {name: baz, type: ` + bazBaz + `}
unions: []
enums: []
methods:
  - {name: getFoo, group: G, params: [], returns: Foo, multipart: false}
`
}

// Issue 26, item 2: required cyclic references passed Check, and the
// generated package failed `go build` with "invalid recursive type".
func TestCheckRefusesRequiredCyclesThatGoBuildRejects(t *testing.T) {
	for _, c := range []struct {
		name, yaml, want string
	}{
		{"mutual", cyclic("Bar, required: true", "Foo, required: true", "Baz, required: false"),
			"8: required fields form a cycle Foo.foo_bar -> Bar.bar_foo -> Foo: no finite value has them"},
		{"self", cyclic("Bar, required: false", "Foo, required: false", "Baz, required: true"),
			"14: required fields form a cycle Baz.baz -> Baz"},
	} {
		s, err := schema.Unmarshal([]byte(c.yaml))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check() = %v, want %q", c.name, err, c.want)
		}
		if err != nil && strings.Count(err.Error(), "cycle") != 1 {
			t.Errorf("%s: the cycle is reported more than once:\n%v", c.name, err)
		}
	}
	// Cycles through an optional field or an array are finite.
	for _, ok := range []string{
		cyclic("Bar, required: true", "Foo, required: false", "Baz, required: false"),
		cyclic("Bar, required: true", "Array of Foo, required: true", "Array of Baz, required: true"),
	} {
		s, err := schema.Unmarshal([]byte(ok))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Errorf("a finite cycle was refused: %v", err)
		}
	}
}

// Issue 26, item 1: a saved schema may not nest "Array of" deeper than
// MaxArrayDepth either: reading it and Check refuse it, at the type's line.
func TestSchemaArrayOfNestedBeyondTheLimitIsRefused(t *testing.T) {
	deep := strings.Repeat("Array of ", schema.MaxArrayDepth+1) + "Foo"
	_, err := schema.Unmarshal([]byte(cyclic(deep+", required: true", "Foo, required: false", "Baz, required: false")))
	if err == nil || !strings.Contains(err.Error(), "line 8: the type nests 9 levels of \"Array of\"; at most 8 are allowed") {
		t.Errorf("Unmarshal = %v", err)
	}
	s, err := schema.Unmarshal([]byte(cyclic("Foo, required: false", "Foo, required: false", "Baz, required: false")))
	if err != nil {
		t.Fatal(err)
	}
	typ := schema.Named("Foo")
	for range schema.MaxArrayDepth + 1 {
		typ = schema.ArrayOf(typ)
	}
	s.Objects[0].Fields[1].Type = typ
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "Foo.foo_bar: the type nests 9 levels") {
		t.Errorf("Check() = %v", err)
	}
}

// Issue 26, item 3: the number of objects and methods is bounded, and the
// error points at the first one past the bound.
func TestSchemaWithMoreObjectsThanTheBoundIsRefused(t *testing.T) {
	s, err := schema.Unmarshal([]byte(cyclic("Bar, required: false", "Foo, required: false", "Baz, required: false")))
	if err != nil {
		t.Fatal(err)
	}
	for i := len(s.Objects); i <= schema.MaxDefinitions; i++ {
		s.Objects = append(s.Objects, &schema.Object{Name: "Extra" + strconv.Itoa(i), Opaque: true, Source: schema.Source{Section: "S", Line: i}})
	}
	err = s.Check()
	want := fmt.Sprintf("line %d (S): the schema has %d objects; at most %d are allowed", schema.MaxDefinitions, schema.MaxDefinitions+1, schema.MaxDefinitions)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Check() = %v", err)
	}
}

// Issue 24, item 7: overlay errors said "overlay line N" without the file,
// and a misspelt key inside an entry was dropped in silence.
func TestOverlayErrorsNameTheFileAndLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my-overlay.yaml")
	for _, c := range []struct{ yaml, want string }{
		{"entries:\n  - target: A.b\n    enumm: X\n    reason: r\n", path + `:3: unknown key "enumm" (the keys are document, versions, entries, and in an entry: target, enum, each_enum, always, returns, reason)`},
		{"entries:\n  - target: A.b\n  enum: X\n", path + ":1: did not find expected '-' indicator (YAML syntax)"},
	} {
		os.WriteFile(path, []byte(c.yaml), 0o644)
		_, err := schema.LoadOverlay(path)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.yaml, err, c.want)
		}
	}
	os.WriteFile(path, []byte("entries:\n  - {target: A.nope, enum: Color, reason: r}\n"), 0o644)
	ov, err := schema.LoadOverlay(path)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := schema.Unmarshal([]byte(cyclic("Bar, required: false", "Foo, required: false", "Baz, required: false")))
	if err := schema.ApplyOverlay(s, ov); err == nil || !strings.HasPrefix(err.Error(), path+":2: A.nope: no such field") {
		t.Errorf("ApplyOverlay = %v", err)
	}
}
