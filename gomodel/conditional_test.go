package gomodel

import "testing"

// conditionalSchema: edit takes a text required only without a rich
// message, a target given by chat and message or by inline identifier,
// and, under conditions too, values whose zero is sent (a flag, an
// index, a count from 0) and one whose zero is not (a count of at least
// 1). A parameter optional without a condition stays Opt.
const conditionalSchema = header + `
objects:
  - name: Done
    fields:
      - {name: ok, type: Boolean, required: true}
methods:
  - name: edit
    group: g
    returns: Done
    params:
      - {name: chat_id, type: Integer, required: false}
      - {name: message_id, type: Integer, required: false}
      - {name: inline_message_id, type: String, required: false}
      - {name: text, type: String, required: false, constraints: {length: {min: 1, max: 4096, unit: characters}}}
      - {name: rich_message, type: String, required: false}
      - {name: silent, type: Boolean, required: false}
      - {name: option_index, type: Integer, required: false, zero_meaningful: true}
      - {name: retries, type: Integer, required: false}
      - {name: copies, type: Integer, required: false, constraints: {range: {min: 1, max: 10}}}
      - {name: caption, type: String, required: false}
    rules:
      - {kind: one_of, groups: [[chat_id, message_id], [inline_message_id]], text: "either"}
      - {kind: required_if, fields: [text], when: {field: rich_message, set: false}, text: "Required if rich_message is not specified"}
      - {kind: required_if, fields: [silent], when: {field: rich_message, set: true}, text: "Required if rich_message is specified"}
      - {kind: required_if, fields: [option_index], when: {field: rich_message, set: true}, text: "Required if rich_message is specified"}
      - {kind: required_if, fields: [retries], when: {field: rich_message, set: true}, text: "Required if rich_message is specified"}
      - {kind: required_if, fields: [copies], when: {field: rich_message, set: true}, text: "Required if rich_message is specified"}
`

// Issue 42: a field the document calls optional but requires under a
// condition keeps the required field's type when its zero is no value
// anyone sends, so that a release rewording its requirement changes no
// Go code; Field.Conditional (OmitZero) tells the backends that zero is
// unset there.
func TestConditionallyRequiredKeepsTheRequiredType(t *testing.T) {
	p := build(t, conditionalSchema).Method("edit").Params
	for wire, want := range map[string]string{
		"chat_id":           "int64", // an identifier (by name) in a one_of group
		"message_id":        "int64",
		"inline_message_id": "string",
		"text":              "string",
		"rich_message":      "Opt[string]", // no condition
		"silent":            "Opt[bool]",   // false is sent
		"option_index":      "Opt[int]",    // 0 is sent
		"retries":           "Opt[int]",    // 0 may be sent
		"copies":            "int",         // at least 1
		"caption":           "Opt[string]",
	} {
		f := p.Field(wire)
		if got := f.Type.String(); got != want {
			t.Errorf("%s: %s, want %s", wire, got, want)
		}
		if plain := f.Type.Kind == Scalar; f.OmitZero() != plain || f.Required() {
			t.Errorf("%s: OmitZero %v, Required %v", wire, f.OmitZero(), f.Required())
		}
	}
}

// Issue 42: a list setter (WithOptions) wraps each string in the element
// object's one required String field; when a release makes that field
// required only under a condition, the setter stays.
func TestListSetterSurvivesAConditionalElementField(t *testing.T) {
	for _, text := range []string{
		`{name: text, type: String, required: true, constraints: {length: {min: 1, max: 100, unit: characters}}}`,
		`{name: text, type: String, required: false, constraints: {length: {min: 1, max: 100, unit: characters}}}`,
	} {
		m := build(t, header+`
objects:
  - name: Option
    fields:
      - `+text+`
      - {name: rich_text, type: String, required: false}
    rules:
      - {kind: required_if, fields: [text], when: {field: rich_text, set: false}, text: "Required if rich_text is not specified"}
  - name: Done
    fields:
      - {name: ok, type: Boolean, required: true}
methods:
  - name: poll
    group: g
    returns: Done
    params:
      - {name: options, type: Array of Option, required: true}
`)
		p := m.Method("poll").Params
		if len(p.Lists) != 1 || p.Lists[0].Method != "WithOptions" || p.Lists[0].Into.Name != "text" {
			t.Errorf("%s: lists %+v, want WithOptions wrapping text", text, p.Lists)
		}
	}
}
