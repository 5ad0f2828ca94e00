package gomodel

import (
	"fmt"
	"strings"
	"testing"
)

// TestMissingMaskOnReceivedObjectsOnly: the mask of missing required
// fields is decided here once: on every object a client can receive (or
// that nothing sends) with a required field, its width from their count;
// never on params structs or objects only a client sends.
func TestMissingMaskOnReceivedObjectsOnly(t *testing.T) {
	var many strings.Builder
	for i := range 9 {
		fmt.Fprintf(&many, "      - {name: f%d, type: Integer, required: true}\n", i)
	}
	m := build(t, header+`
objects:
  - name: Got
    fields:
      - {name: id, type: Integer, required: true}
      - {name: note, type: String, required: false}
      - {name: keys, type: Keys, required: false}
  - name: Keys
    fields:
      - {name: text, type: String, required: true}
  - name: Sent
    fields:
      - {name: text, type: String, required: true}
  - name: Loose
    fields:
      - {name: text, type: String, required: false}
  - name: Lone
    fields:
      - {name: a, type: Integer, required: true}
  - name: Wide
    fields:
`+many.String()+`methods:
  - {name: get, group: g, returns: Got, params: [{name: keys, type: Keys, required: false}]}
  - {name: put, group: g, returns: Wide, params: [{name: item, type: Sent, required: true}]}
`)
	for name, want := range map[string]string{"Got": "uint8", "Keys": "uint8", "Wide": "uint16", "Lone": "uint8", "Sent": "", "Loose": ""} {
		got := ""
		if mi := m.Object(name).Missing; mi != nil {
			got = mi.GoType
			if mi.Field != "missing" {
				t.Errorf("%s: mask field %q", name, mi.Field)
			}
		}
		if got != want {
			t.Errorf("%s: mask %q, want %q", name, got, want)
		}
	}
	if p := m.Method("put").Params; p.Missing != nil || len(p.Tracked) != 1 {
		t.Errorf("put's params: mask %v, tracked %d; want none and 1", p.Missing, len(p.Tracked))
	}
	got := m.Object("Got")
	if got.Bit(got.Field("id")) != 0 || got.Bit(got.Field("note")) != -1 {
		t.Error("Got: id must be bit 0, note untracked")
	}
}
