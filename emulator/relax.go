package emulator

// Requests and errors at another version read as the reference server
// reads and words them, where the document is stricter than the service
// (README, "Every version › Read as the reference"):
//
//   - an object in a request lacking a required Boolean field reads it as
//     false: later versions add required rights to objects clients
//     already send (ChatAdministratorRights' can_post_stories), and the
//     service reads an absent Boolean as false;
//   - an array item lacking a required field X takes the value of a
//     top-level parameter the method does not have named <…>_X (the
//     set-level sticker_format of createNewStickerSet for each sticker's
//     format): the parameter the document moved into the items;
//   - a refusal names an array of objects whose one required field is a
//     String, which the service takes as Strings (lenient.go), as an
//     Array of String, and a button's callback_data over its bound is
//     BUTTON_DATA_INVALID.

import (
	"bytes"
	"net/url"
	"regexp"
	"strings"

	"github.com/apigen/apigen/schema"
)

// relaxed is the body with the readings above applied, for vm; body
// itself when nothing changes.
func (f *versionFront) relaxed(vm *schema.Method, body *frontBody) *frontBody {
	names := f.relaxes(vm)
	if len(names) == 0 || !body.multipart() && !mentionsAny(body.raw, names) {
		return body
	}
	if body.multipart() {
		texts := body.textParams()
		if !f.relaxParams(vm, texts, true) {
			return body
		}
		return body.withTexts(texts, nil)
	}
	t := strings.TrimLeft(string(body.raw), " \t\r\n")
	out := &frontBody{ct: body.ct, budget: body.budget}
	if strings.HasPrefix(t, "{") {
		var v map[string]any
		if !decodeJSON(body.raw, &v) || !f.relaxParams(vm, v, false) {
			return body
		}
		out.raw = encodeJSON(v)
		return out
	}
	vals, err := url.ParseQuery(string(body.raw))
	if err != nil {
		return body
	}
	m := map[string]any{}
	for k := range vals {
		m[k] = vals.Get(k)
	}
	if !f.relaxParams(vm, m, true) {
		return body
	}
	for k, x := range m {
		vals.Set(k, paramText(x))
	}
	out.raw = []byte(vals.Encode())
	return out
}

// relaxes are the parameters of vm that are an object, or an array of
// objects, with a required field: what relaxed looks at.
func (f *versionFront) relaxes(vm *schema.Method) []string {
	if x, ok := f.relaxing.Load(vm); ok {
		return x.([]string)
	}
	var names []string
	for _, p := range vm.Params {
		t := p.Type
		if t.IsArray() {
			t = *t.Elem
		}
		if o := f.vl.Object(t.Name); o != nil && !t.IsArray() {
			for _, fl := range o.Fields {
				if fl.Required {
					names = append(names, p.Name)
					break
				}
			}
		}
	}
	f.relaxing.Store(vm, names)
	return names
}

// mentionsAny: b holds one of names (a body that does not carries none
// of those parameters).
func mentionsAny(b []byte, names []string) bool {
	for _, n := range names {
		if bytes.Contains(b, []byte(n)) {
			return true
		}
	}
	return false
}

// relaxParams applies the readings to the parameters m (form text when
// text); it reports whether it changed any.
func (f *versionFront) relaxParams(vm *schema.Method, m map[string]any, text bool) bool {
	params := fieldsBy(vm.Params)
	changed := false
	for _, p := range vm.Params {
		x, ok := m[p.Name]
		if !ok {
			continue
		}
		isText := false
		if s, isString := x.(string); isString && (text || p.Type.IsArray() || f.vl.Object(p.Type.Name) != nil) {
			var j any
			if !decodeJSON([]byte(s), &j) {
				continue
			}
			x, isText = j, true
		}
		c := false
		if p.Type.IsArray() {
			items, _ := x.([]any)
			for _, it := range items {
				if o, isObj := it.(map[string]any); isObj {
					c = f.fillFalse(o, p.Type.Elem.Name, 0) || c
					c = f.fillFromSetLevel(o, p.Type.Elem.Name, m, params) || c
				}
			}
		} else if o, isObj := x.(map[string]any); isObj {
			c = f.fillFalse(o, p.Type.Name, 0)
		}
		if c {
			changed = true
			if isText {
				m[p.Name] = string(encodeJSON(x))
			} else {
				m[p.Name] = x
			}
		}
	}
	return changed
}

// fillFalse sets the absent required Boolean fields of o, an object of
// type name, to false, at any depth.
func (f *versionFront) fillFalse(o map[string]any, name string, depth int) bool {
	obj := f.vl.Object(name)
	if obj == nil || depth > maxTranslateDepth {
		return false
	}
	changed := false
	for _, fl := range obj.Fields {
		x, has := o[fl.Name]
		switch {
		case !has && fl.Required && fl.Type.Name == schema.Boolean && !fl.Type.IsArray():
			o[fl.Name] = false
			changed = true
		case has && !fl.Type.IsArray():
			if inner, ok := x.(map[string]any); ok {
				changed = f.fillFalse(inner, fl.Type.Name, depth+1) || changed
			}
		}
	}
	return changed
}

// fillFromSetLevel gives o, an item of type name, each absent required
// field X the value of a top-level parameter named <…>_X that the method
// does not have.
func (f *versionFront) fillFromSetLevel(o map[string]any, name string, m map[string]any, params map[string]*schema.Field) bool {
	obj := f.vl.Object(name)
	if obj == nil {
		return false
	}
	changed := false
	for _, fl := range obj.Fields {
		if _, has := o[fl.Name]; has || !fl.Required {
			continue
		}
		for k, x := range m {
			if params[k] == nil && strings.HasSuffix(k, "_"+fl.Name) {
				o[fl.Name] = x
				changed = true
				break
			}
		}
	}
	return changed
}

// arrayOfObject matches a type named in a validation error.
var arrayOfObject = regexp.MustCompile(`Array of ([A-Z][A-Za-z0-9]*)`)

// buttonData matches a refusal of a button's callback_data.
var buttonData = regexp.MustCompile(`(^|[.\]])callback_data: `)

// referenceWording is a refusal of the version's server in the
// reference's words (see the top of this file).
func (f *versionFront) referenceWording(desc string) string {
	if buttonData.MatchString(strings.TrimPrefix(desc, "Bad Request: ")) {
		return "Bad Request: BUTTON_DATA_INVALID"
	}
	return arrayOfObject.ReplaceAllStringFunc(desc, func(s string) string {
		if o := f.vl.Object(strings.TrimPrefix(s, "Array of ")); o != nil && onlyRequiredStringField(o) != "" {
			return "Array of String"
		}
		return s
	})
}
