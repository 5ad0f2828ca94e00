package schema

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// TestDirectYAMLWriterRefusesWhatItDoesNotKnow: values yaml.v3 treats in
// its own way make the direct writer give up (Marshal then uses yaml.v3)
// rather than guess.
func TestDirectYAMLWriterRefusesWhatItDoesNotKnow(t *testing.T) {
	type inner struct {
		A string `yaml:"a"`
	}
	for name, v := range map[string]any{
		"map":  &struct{ M map[string]int }{M: map[string]int{"a": 1}},
		"time": &struct{ T time.Time }{},
		"inline": &struct {
			I inner `yaml:",inline"`
		}{},
		"array": &struct{ A [2]int }{},
	} {
		w := &yamlWriter{}
		if _, err := w.mapping(reflect.ValueOf(v).Elem(), "", ""); !errors.Is(err, errUnsupported) {
			t.Errorf("%s: got %v, want errUnsupported", name, err)
		}
	}
}
