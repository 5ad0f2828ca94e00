package openapi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apigen/apigen/schema"
)

// encoding is where a value travels; it decides how files and
// JSON-serialized values are written.
type encoding int

const (
	// inJSON: a JSON body, or anything nested inside a JSON value.
	inJSON encoding = iota
	// inForm: a top-level field of an application/x-www-form-urlencoded
	// body or of the query string.
	inForm
	// inMultipart: a top-level part of a multipart/form-data body.
	inMultipart
)

// Extension keys: what OpenAPI and JSON Schema cannot say. They are listed
// in docs/openapi.md.
const (
	xLength        = "x-apigen-length"
	xUnit          = "x-apigen-unit"
	xAhead         = "x-apigen-ahead"
	xSince         = "x-apigen-since"
	xZero          = "x-apigen-zero-meaningful"
	xRules         = "x-apigen-rules"
	xFrom          = "x-apigen-from"
	xNoEmoji       = "x-apigen-no-emoji"
	xMaxLineFeeds  = "x-apigen-max-line-feeds"
	xPosition      = "x-apigen-position"
	xPatternText   = "x-apigen-pattern-text"
	xUploadOnly    = "x-apigen-upload-only"
	xFileUnion     = "x-apigen-file-union"
	xInputFile     = "x-apigen-input-file"
	xOpaque        = "x-apigen-opaque"
	xStringForm    = "x-apigen-string-form"
	xNotes         = "x-apigen-notes"
	xTotalLength   = "x-apigen-total-length"
	xValues        = "x-apigen-values"
	xJSONSerialize = "x-apigen-json-serialized"
	xVariantNote   = "x-apigen-variant-notes"
)

// integerValues is the enum of an Integer's constraints.values (nil, not
// written, when there are none).
func integerValues(vals []int64) []any {
	var out []any
	for _, v := range vals {
		out = append(out, int(v)) // the writers know int
	}
	return out
}

// ref is the reference to the component of a type or of a method's
// parameters, by its wire name (see component).
func (g *gen) ref(name string) string { return "#/components/schemas/" + g.component(name) }

// component is the component name of a type or of a method's parameters
// (<method>Params), by its wire name: the wire name, unless the model
// tells it apart from one that differs only in case (component names are
// compared without case: a generator writing a file per schema).
func (g *gen) component(name string) string {
	if n, ok := g.exports[name]; ok {
		return n
	}
	return name
}

// typeSchema is the schema of a value of type t under constraints c.
func (g *gen) typeSchema(t schema.Type, c *schema.Constraints, enc encoding) (*Map, error) {
	if c == nil {
		c = &schema.Constraints{}
	}
	if t.IsArray() {
		items, err := g.typeSchema(*t.Elem, c.Each, inJSON)
		if err != nil {
			return nil, err
		}
		m := newMap("type", "array", "items", items)
		if c.Items != nil {
			setBound(m, "minItems", c.Items.Min)
			setBound(m, "maxItems", c.Items.Max)
		}
		if l := c.TotalLength; l != nil {
			// JSON Schema has no bound over the items together.
			m.Set(xTotalLength, l.Bounds().Text()+" "+l.Unit)
		}
		m.Set("allOf", g.positions(t))
		return m, nil
	}
	m := &Map{}
	switch t.Name {
	case schema.Integer:
		m.Set("type", "integer").Set("enum", integerValues(c.Values))
	case schema.Integer64:
		m.Set("type", "integer").Set("format", "int64").Set("enum", integerValues(c.Values))
	case schema.Float:
		m.Set("type", "number")
	case schema.String:
		switch {
		case c.Attach && enc == inMultipart:
			// A String that may name an attach:// upload is a file union.
			g.fileSchema(m, false, enc)
		case c.Attach:
			m.Set("type", "string").Set(xFileUnion, true)
		case c.Enum != "":
			m.Set("$ref", g.ref(c.Enum))
		default:
			m.Set("type", "string")
		}
	case schema.Boolean:
		m.Set("type", "boolean")
	case schema.True:
		m.Set("type", "boolean").SetAlways("const", true)
	case schema.InputFile:
		g.fileSchema(m, c.UploadOnly, enc)
	default:
		u := g.unions[t.Name]
		switch {
		case u != nil && isFileUnion(u) && enc == inMultipart:
			g.fileSchema(m, false, enc)
		case u != nil && len(c.Variants) > 0:
			sub, err := g.unionOf(u, c.Variants)
			if err != nil {
				return nil, err
			}
			m = sub
		case u != nil, g.objects[t.Name] != nil:
			m.Set("$ref", g.ref(t.Name))
		default:
			return nil, fmt.Errorf("type %q is neither a primitive, an object nor a union", t.Name)
		}
	}
	if err := g.constrain(m, t, c); err != nil {
		return nil, err
	}
	return m, nil
}

// positions says the first_in_first_row rule of the object's fields on an
// Array of Array of that object (a keyboard): after the first item of the
// first row, and in every later row, no item has any of those fields.
func (g *gen) positions(t schema.Type) []any {
	o := g.objects[t.Base()]
	if t.Depth() != 2 || o == nil {
		return nil
	}
	var present []any
	for _, f := range o.Fields {
		if f.Constraints != nil && f.Constraints.Position == "first_in_first_row" {
			present = append(present, requireAll([]string{f.Name}))
		}
	}
	if len(present) == 0 {
		return nil
	}
	var none *Map
	if len(present) == 1 {
		none = newMap("not", present[0])
	} else {
		none = newMap("not", newMap("anyOf", present))
	}
	// {} rather than true for "anything": some tools take only object
	// schemas.
	return []any{
		newMap("prefixItems", []any{newMap("prefixItems", []any{&Map{}}, "items", none)}),
		newMap("prefixItems", []any{&Map{}}, "items", newMap("items", none)),
	}
}

// fileSchema describes an InputFile. As a multipart part it is binary
// contents (or, for "InputFile or String", a file_id or URL as text); in
// JSON and forms it is a string: a file_id, an HTTP URL, or attach://<part>
// naming a part of the same multipart request. An upload-only file cannot
// travel outside a multipart part at all.
func (g *gen) fileSchema(m *Map, uploadOnly bool, enc encoding) {
	switch {
	case enc == inMultipart:
		m.Set("type", "string").Set("format", "binary").Set("contentMediaType", "application/octet-stream")
	case uploadOnly:
		m.SetAlways("not", &Map{}).Set("description", "This file must be uploaded: send the request as multipart/form-data.")
	default:
		m.Set("type", "string").Set(xInputFile, true)
	}
}

func setBound(m *Map, key string, v *float64) {
	if v != nil {
		m.SetAlways(key, *v)
	}
}

// setMin sets a lower bound on a length unless it is 0, which every
// length meets.
func setMin(m *Map, key string, v *int) {
	if v != nil && *v > 0 {
		m.SetAlways(key, *v)
	}
}

func setInt(m *Map, key string, v *int) {
	if v != nil {
		m.SetAlways(key, *v)
	}
}

// constrain adds c's keywords to m, the schema of a value of type t.
// Standard keywords where they say exactly the document's constraint (or a
// condition every valid value meets, marked by an extension carrying the
// exact bound); extensions for the rest.
func (g *gen) constrain(m *Map, t schema.Type, c *schema.Constraints) error {
	if l := c.Length; l != nil {
		exact := l.Unit == schema.UnitCharacters && !l.AfterEntityParsing
		switch {
		case exact:
			// JSON Schema counts Unicode code points, as the document's
			// "characters" do.
			setMin(m, "minLength", l.Min)
			setInt(m, "maxLength", l.Max)
		case l.Unit == schema.UnitBytes:
			// A string of n bytes has at most n characters, so maxLength
			// is a necessary condition; a minimum in bytes only carries
			// over when it says "not empty".
			if l.Min != nil && *l.Min <= 1 {
				setMin(m, "minLength", l.Min)
			}
			setInt(m, "maxLength", l.Max)
		default:
			// After entity parsing the markup is gone: the raw text is at
			// least as long as the parsed text, so the minimum holds on
			// the raw text; the maximum holds on it only without a parse
			// mode (see entityLimits).
			setMin(m, "minLength", l.Min)
		}
		if !exact {
			x := &Map{}
			setInt(x, "min", l.Min)
			setInt(x, "max", l.Max)
			x.Set("unit", l.Unit).Set("after_entity_parsing", l.AfterEntityParsing)
			m.Set(xLength, x)
		}
	}
	if c.Range != nil {
		setBound(m, "minimum", c.Range.Min)
		setBound(m, "maximum", c.Range.Max)
	}
	if c.Ahead != nil {
		x := &Map{}
		setBound(x, "min", c.Ahead.Min)
		setBound(x, "max", c.Ahead.Max)
		m.Set(xAhead, x)
	}
	m.Set(xUnit, c.Unit)
	if c.Fixed != "" {
		m.SetAlways("const", c.Fixed)
	}
	if c.Default != nil {
		m.SetAlways("default", c.Default)
	}
	m.Set("pattern", c.Pattern)
	m.Set(xPatternText, c.PatternText)
	m.Set(xNoEmoji, c.NoEmoji)
	setInt(m, xMaxLineFeeds, c.MaxLineFeeds)
	if c.MaxLineFeeds != nil && c.Pattern == "" && (c.Length == nil || !c.Length.AfterEntityParsing) && t.Name == schema.String {
		// Counted on the text as sent: a pattern says it (after entity
		// parsing it is entityLimits' business).
		m.Set("pattern", lineFeeds(*c.MaxLineFeeds))
	}
	m.Set(xPosition, c.Position)
	if c.UploadOnly && t.Name == schema.InputFile {
		m.Set(xUploadOnly, true)
	}
	return nil
}

// unionOf is the schema of a union, or of the variants of it a value is
// restricted to (nil: all).
func (g *gen) unionOf(u *schema.Union, only []string) (*Map, error) {
	if isFileUnion(u) {
		return newMap("type", "string", xFileUnion, true,
			"description", "A file_id of a file already stored by the service, an HTTP URL for the service to download, or attach://<part> naming an uploaded part of the same multipart/form-data request."), nil
	}
	allowed := map[string]bool{}
	for _, v := range only {
		allowed[v] = true
	}
	var alts []any
	mapping := &Map{}
	keyed := true
	tags, sharedTag := map[string]bool{}, false
	notes := &Map{}
	for _, v := range u.Variants {
		if len(only) > 0 && !allowed[v.Type.String()] {
			continue
		}
		s, err := g.typeSchema(v.Type, nil, inJSON)
		if err != nil {
			return nil, fmt.Errorf("union %s: %w", u.Name, err)
		}
		alts = append(alts, s)
		if v.Tag != "" {
			if v.Type.IsArray() || g.objects[v.Type.Name] == nil {
				return nil, fmt.Errorf("union %s: variant %s has a tag but is not an object", u.Name, v.Type)
			}
			mapping.SetAlways(v.Tag, g.ref(v.Type.Name))
		}
		// Each variant must have a required member no other has for
		// exactly one to match (oneOf); variants told apart as the most
		// specific match (the IR's rule) may overlap: anyOf.
		if g.s.VariantKey(u, v) == "" {
			keyed = false
		}
		if v.Tag != "" && tags[v.Tag] {
			sharedTag = true
		}
		tags[v.Tag] = true
		notes.Set(v.Type.String(), v.Note)
	}
	if len(alts) == 0 {
		return nil, fmt.Errorf("union %s: no variant left of %v", u.Name, only)
	}
	if types := primitiveTypes(u, only); types != nil {
		// Primitive variants of distinct JSON types: a type list says it
		// exactly, and form decoders (which parse a text value by the
		// schema's type) can read it.
		m := newMap("type", types)
		m.Set(xVariantNote, notes)
		return m, nil
	}
	m := &Map{}
	switch {
	case schema.Mixed(u) && u.Discriminator != "" && !sharedTag:
		// A string, an array and objects with a constant tag each: exactly
		// one matches. A discriminator mapping names objects only, so
		// there is none.
		m.Set("oneOf", alts)
	case u.Discriminator != "" && !sharedTag:
		m.Set("oneOf", alts).Set("discriminator", newMap("propertyName", u.Discriminator, "mapping", mapping))
	case u.Discriminator != "":
		// Variants sharing a tag: no discriminator mapping can name one
		// schema per tag; the members tell them apart.
		m.Set("anyOf", alts)
	case keyed:
		// Each variant has a required key no other variant has: exactly
		// one matches.
		m.Set("oneOf", alts)
	default:
		// Variants told apart by their JSON type only; anyOf does not
		// assume they cannot overlap.
		m.Set("anyOf", alts)
	}
	m.Set(xVariantNote, notes)
	return m, nil
}

// primitiveTypes returns the JSON types of u's variants (restricted to
// only) when every variant is a primitive without constraints and no two
// share a JSON type; nil otherwise.
func primitiveTypes(u *schema.Union, only []string) []any {
	allowed := map[string]bool{}
	for _, v := range only {
		allowed[v] = true
	}
	seen := map[string]bool{}
	var out []any
	for _, v := range u.Variants {
		if len(only) > 0 && !allowed[v.Type.String()] {
			continue
		}
		var jt string
		switch {
		case v.Type.IsArray():
			return nil
		case v.Type.Name == schema.Integer, v.Type.Name == schema.Integer64:
			jt = "integer"
		case v.Type.Name == schema.Float:
			jt = "number"
		case v.Type.Name == schema.String:
			jt = "string"
		case v.Type.Name == schema.Boolean:
			jt = "boolean"
		default: // True (a const), InputFile, objects, unions
			return nil
		}
		if seen[jt] {
			return nil
		}
		seen[jt] = true
		out = append(out, jt)
	}
	return out
}

// isFileUnion reports whether u is exactly "InputFile or String": the
// generated Go represents such values by InputFile itself (CONVENTIONS.md,
// Unions), and on the wire it is one string or one uploaded part.
func isFileUnion(u *schema.Union) bool {
	if u.Discriminator != "" || len(u.Variants) != 2 {
		return false
	}
	has := map[string]bool{}
	for _, v := range u.Variants {
		if !v.Type.IsArray() {
			has[v.Type.Name] = true
		}
	}
	return has[schema.InputFile] && has[schema.String]
}

// fieldSchema is the schema of one object field or parameter, with its
// annotations.
func (g *gen) fieldSchema(f *schema.Field, enc encoding) (*Map, error) {
	var m *Map
	var err error
	if enc != inJSON && carriesJSON(g, f) {
		// JSON text inside a form field or a text part.
		inner, err := g.typeSchema(f.Type, f.Constraints, inJSON)
		if err != nil {
			return nil, err
		}
		m = newMap("type", "string", "contentMediaType", "application/json", "contentSchema", inner)
	} else if m, err = g.typeSchema(f.Type, f.Constraints, enc); err != nil {
		return nil, err
	}
	m.Set("description", f.Description)
	m.Set(xSince, f.Since)
	m.Set(xZero, f.ZeroMeaningful)
	m.Set(xJSONSerialize, f.JSONSerialized)
	m.Set(xFrom, f.From)
	return m.extensionsLast(), nil
}

// carriesJSON reports whether a parameter travels as JSON text when it is
// sent as a form field: when the document says so, or when its value is an
// array, an object or a union with an object variant (nothing else could
// carry it in a flat form).
func carriesJSON(g *gen, f *schema.Field) bool {
	if f.JSONSerialized || f.Type.IsArray() {
		return true
	}
	if g.objects[f.Type.Name] != nil {
		return true
	}
	if u := g.unions[f.Type.Name]; u != nil {
		for _, v := range u.Variants {
			if v.Type.IsArray() || g.objects[v.Type.Name] != nil {
				return true
			}
		}
	}
	return false
}

// objectSchema is the schema of an object with fields (or of a method's
// parameters): properties, required, and the cross-field rules both as
// JSON Schema (where it can say them) and as x-apigen-rules.
func (g *gen) objectSchema(fields []*schema.Field, rules []*schema.Rule, enc encoding, skip func(*schema.Field) bool) (*Map, error) {
	props := &Map{}
	var required []any
	for _, f := range fields {
		if skip != nil && skip(f) {
			continue
		}
		fs, err := g.fieldSchema(f, enc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		if err := g.sameKindItems(fs, f, rules); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		g.aepDirect(fs, f, fields)
		props.SetAlways(f.Name, fs)
		if f.Required {
			required = append(required, f.Name)
		}
	}
	m := newMap("type", "object")
	m.Set("required", required)
	if props.Len() > 0 {
		m.Set("properties", props)
	}
	if enc == inMultipart {
		// Parts other than the parameters are the uploads attach://<name>
		// refers to, under names the client chooses.
		m.SetAlways("additionalProperties", true)
	}
	var clauses []*clause
	for _, r := range rules {
		c, err := g.ruleSchema(fields, r)
		if err != nil {
			return nil, fmt.Errorf("rule %q: %w", r.Text, err)
		}
		if c != nil {
			clauses = append(clauses, c)
		}
	}
	clauses = append(clauses, g.entityLimits(fields)...)
	mergeClauses(m, clauses)
	m.Set(xRules, g.rulesExtension(rules))
	return m, nil
}

// clause is one cross-field constraint of an object, in equivalent forms:
// primaries, keywords to add to the object schema (not, oneOf, if/then),
// the most readable first, and violation, a schema that exactly the
// violating objects match.
type clause struct {
	primaries []*Map
	violation *Map
}

// mergeClauses adds each clause's first primary form whose keywords are
// still free to the object schema; a clause with none joins the others'
// violations under the one "not". So the object schema never needs allOf:
// every clause stays next to the properties, where all validators and
// generators look (kin-openapi's multipart decoder looks for the part
// schemas only inside allOf once there is one; openapi-typescript turns a
// top-level anyOf into a union), and the first clause of each kind keeps
// its readable form.
func mergeClauses(m *Map, clauses []*clause) {
	var violations []any
	for _, c := range clauses {
		placed := false
		for _, p := range c.primaries {
			free := true
			for _, k := range p.keys {
				if _, taken := m.vals[k]; taken {
					free = false
				}
			}
			if free {
				for _, k := range p.keys {
					m.SetAlways(k, p.vals[k])
				}
				placed = true
				break
			}
		}
		if !placed {
			violations = append(violations, c.violation)
		}
	}
	if len(violations) == 0 {
		return
	}
	if prev, ok := m.vals["not"]; ok {
		// not A and not B... = not (A or B or ...)
		if pm := prev.(*Map); pm.Len() == 1 && pm.vals["anyOf"] != nil {
			violations = append(pm.vals["anyOf"].([]any), violations...)
		} else {
			violations = append([]any{prev}, violations...)
		}
	}
	if len(violations) == 1 {
		m.SetAlways("not", violations[0])
	} else {
		m.SetAlways("not", newMap("anyOf", violations))
	}
}

// entityLimits says in JSON Schema the bounds of texts counted "after
// entity parsing" that hold on the raw text when no parse mode applies
// (then the text is sent as it is): the maximum length and the maximum
// number of line feeds. The parse-mode field is paired with the text as
// the generated validator pairs it: the sibling "<text>_<formatting
// field>", else the formatting field itself. With no such field the bounds
// always hold and go on the property itself (aepDirect); otherwise, per
// parse-mode field: if it is absent then the texts it applies to keep
// these bounds.
func (g *gen) entityLimits(fields []*schema.Field) []*clause {
	var modes []string
	byMode := map[string]*Map{}
	for _, f := range fields {
		limit := rawTextLimit(f)
		mode := g.parseModeField(fields, f)
		if limit == nil || mode == "" {
			continue
		}
		if byMode[mode] == nil {
			modes = append(modes, mode)
			byMode[mode] = &Map{}
		}
		byMode[mode].SetAlways(f.Name, limit)
	}
	var out []*clause
	for _, mode := range modes {
		noMode := newMap("not", requireAll([]string{mode}))
		var broken []any
		for _, name := range byMode[mode].keys {
			broken = append(broken, newMap("required", []any{name},
				"properties", newMap(name, newMap("not", byMode[mode].vals[name]))))
		}
		out = append(out, &clause{
			primaries: []*Map{
				newMap("if", noMode, "then", newMap("properties", byMode[mode])),
				// The same as exclusive alternatives, when if/then is taken.
				newMap("oneOf", []any{requireAll([]string{mode}),
					newMap("not", noMode.vals["not"], "properties", byMode[mode])}),
			},
			violation: newMap("allOf", []any{noMode, oneOrAny(broken)}),
		})
	}
	return out
}

// oneOrAny is the schema s, or anyOf the schemas.
func oneOrAny(schemas []any) any {
	if len(schemas) == 1 {
		return schemas[0]
	}
	return newMap("anyOf", schemas)
}

// aepDirect adds rawTextLimit to the schema of a text that no parse mode
// can apply to.
func (g *gen) aepDirect(fs *Map, f *schema.Field, fields []*schema.Field) {
	limit := rawTextLimit(f)
	if limit == nil || g.parseModeField(fields, f) != "" {
		return
	}
	target := fs
	if cs, ok := fs.Get("contentSchema"); ok {
		target = cs.(*Map)
	}
	for _, k := range limit.keys {
		if _, taken := target.vals[k]; !taken {
			target.SetAlways(k, limit.vals[k])
		}
	}
	target.extensionsLast()
}

// rawTextLimit is what an after-entity-parsing bound says about the text
// as sent, when no markup is parsed; nil when there is none.
func rawTextLimit(f *schema.Field) *Map {
	c := f.Constraints
	if c == nil || c.Length == nil || !c.Length.AfterEntityParsing || f.Type.IsArray() || f.Type.Name != schema.String {
		return nil
	}
	m := &Map{}
	if c.Length.Max != nil && c.Length.Unit == schema.UnitCharacters {
		m.SetAlways("maxLength", *c.Length.Max)
	}
	if c.MaxLineFeeds != nil && c.Pattern == "" {
		m.SetAlways("pattern", lineFeeds(*c.MaxLineFeeds))
	}
	if m.Len() == 0 {
		return nil
	}
	return m
}

// lineFeeds is a pattern for "at most n line feeds".
func lineFeeds(n int) string {
	return `^[^\n]*(?:\n[^\n]*){0,` + strconv.Itoa(n) + `}$`
}

// parseModeField names the field whose parse mode applies to the text f,
// or "" when the object or method has none.
func (g *gen) parseModeField(fields []*schema.Field, f *schema.Field) string {
	if g.s.Formatting == nil || g.s.Formatting.Field == "" {
		return ""
	}
	for _, name := range []string{f.Name + "_" + g.s.Formatting.Field, g.s.Formatting.Field} {
		if hasField(fields, name) {
			return name
		}
	}
	return ""
}

func hasField(fields []*schema.Field, name string) bool {
	return fieldNamed(fields, name) != nil
}

func fieldNamed(fields []*schema.Field, name string) *schema.Field {
	for _, f := range fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func requireAll(names []string) *Map { return newMap("required", anyStrings(names)) }

// sameKindItems adds the same_kind_items rules about the array field f to
// its schema (inside contentSchema when it travels as JSON text): for each
// kind, if the array contains an item of that kind, every item is of that
// kind. On the field rather than the object, so the object's properties
// stay where every validator looks for them.
func (g *gen) sameKindItems(fs *Map, f *schema.Field, rules []*schema.Rule) error {
	target := fs
	if cs, ok := fs.Get("contentSchema"); ok {
		target = cs.(*Map)
	}
	var clauses []any
	for _, r := range rules {
		if r.Kind != schema.RuleSameKindItems || len(r.Fields) != 1 || r.Fields[0] != f.Name {
			continue
		}
		if !f.Type.IsArray() {
			return fmt.Errorf("same_kind_items on %s, which is not an array", f.Type)
		}
		for _, k := range r.Kinds {
			if g.objects[k] == nil {
				return fmt.Errorf("same_kind_items names %q, which is not an object", k)
			}
			clauses = append(clauses, newMap(
				"if", newMap("contains", newMap("$ref", g.ref(k))),
				"then", newMap("items", newMap("$ref", g.ref(k)))))
		}
	}
	if len(clauses) > 0 {
		target.Set("allOf", clauses)
		target.extensionsLast()
	}
	return nil
}

// ruleSchema says a cross-field rule in JSON Schema, or returns nil when
// it cannot (the rule is still in x-apigen-rules).
func (g *gen) ruleSchema(fields []*schema.Field, r *schema.Rule) (*clause, error) {
	switch r.Kind {
	case schema.RuleMutuallyExclusive, schema.RuleAtMostOne:
		// No two of them together.
		var pairs []any
		for i := range r.Fields {
			for j := i + 1; j < len(r.Fields); j++ {
				pairs = append(pairs, requireAll([]string{r.Fields[i], r.Fields[j]}))
			}
		}
		v := oneOrAny(pairs).(*Map)
		return &clause{primaries: []*Map{newMap("not", v)}, violation: v}, nil
	case schema.RuleExactlyOne, schema.RuleOneOf:
		var alts []any
		if r.Kind == schema.RuleExactlyOne {
			for _, f := range r.Fields {
				alts = append(alts, requireAll([]string{f}))
			}
		} else {
			for _, grp := range r.Groups {
				alts = append(alts, requireAll(grp))
			}
		}
		return &clause{primaries: []*Map{newMap("oneOf", alts)}, violation: newMap("not", newMap("oneOf", alts))}, nil
	case schema.RuleRequiredIf:
		if len(r.Fields) != 1 || r.When == nil {
			return nil, fmt.Errorf("required_if needs one field and a condition")
		}
		cf := fieldNamed(fields, r.When.Field)
		if cf == nil {
			return nil, fmt.Errorf("condition field %q is not a field here", r.When.Field)
		}
		var cond *Map
		if set := r.When.Set; set != nil {
			// "Required if X is (not) specified".
			cond = newMap("required", []any{r.When.Field})
			if !*set {
				cond = newMap("not", cond)
			}
		} else {
			v, err := typedValue(cf.Type, r.When.Equals)
			if err != nil {
				return nil, fmt.Errorf("condition %s = %q: %w", r.When.Field, r.When.Equals, err)
			}
			cond = newMap("properties", newMap(r.When.Field, (&Map{}).SetAlways("const", v)), "required", []any{r.When.Field})
		}
		return &clause{
			primaries: []*Map{newMap("if", cond, "then", requireAll(r.Fields))},
			violation: newMap("allOf", []any{cond, newMap("not", requireAll(r.Fields))}),
		}, nil
	}
	// same_kind_items is said on the array field (sameKindItems); a kind
	// added later is in x-apigen-rules only.
	return nil, nil
}

// typedValue reads s as a value of the primitive type t (a rule's
// condition is written as text in the schema).
func typedValue(t schema.Type, s string) (any, error) {
	switch t.Name {
	case schema.Integer, schema.Integer64:
		n, err := strconv.Atoi(s)
		return n, err
	case schema.Float:
		return strconv.ParseFloat(s, 64)
	case schema.Boolean, schema.True:
		return strconv.ParseBool(s)
	}
	return s, nil
}

func (g *gen) rulesExtension(rules []*schema.Rule) []any {
	var out []any
	for _, r := range rules {
		x := newMap("kind", r.Kind, "fields", anyStrings(r.Fields))
		var groups []any
		for _, grp := range r.Groups {
			groups = append(groups, anyStrings(grp))
		}
		x.Set("groups", groups)
		if r.When != nil && r.When.Set != nil {
			x.Set("when", newMap("field", r.When.Field, "set", *r.When.Set))
		} else if r.When != nil {
			x.Set("when", newMap("field", r.When.Field, "equals", r.When.Equals))
		}
		x.Set("kinds", anyStrings(r.Kinds))
		x.Set("text", r.Text)
		out = append(out, x)
	}
	return out
}

// objectComponent is the component schema of an object.
func (g *gen) objectComponent(o *schema.Object) (*Map, error) {
	var m *Map
	if o.Opaque {
		// Named by the document, fields not shown: any JSON object.
		m = newMap("type", "object", xOpaque, true)
	} else {
		var err error
		if m, err = g.objectSchema(o.Fields, o.Rules, inJSON, nil); err != nil {
			return nil, err
		}
	}
	if o.StringForm != "" {
		// A plain string may stand in for the object. (type: [object,
		// string] next to the properties would say the same, but code
		// generators drop the string then.)
		m = newMap("anyOf", []any{m, newMap("type", "string", "description", o.StringForm)}, xStringForm, o.StringForm)
	}
	return describe(m, o.Description, o.Since, o.Notes), nil
}

// describe puts description, since and notes first-come after the
// structural keywords.
func describe(m *Map, description, since string, notes []string) *Map {
	out := newMap("description", strings.TrimSpace(description))
	for _, k := range m.keys {
		out.SetAlways(k, m.vals[k])
	}
	out.Set(xSince, since)
	out.Set(xNotes, anyStrings(notes))
	return out.extensionsLast()
}

// enumComponent is the component schema of an enum.
func (g *gen) enumComponent(e *schema.Enum) *Map {
	var values, extra []any
	for _, v := range e.Values {
		values = append(values, v.Value)
		if v.Name != "" || v.Note != "" || v.Since != "" {
			extra = append(extra, newMap("value", v.Value, "name", v.Name, "note", v.Note, "since", v.Since))
		}
	}
	m := newMap("description", e.Description, "type", "string", "enum", values)
	m.Set(xValues, extra)
	return m
}
