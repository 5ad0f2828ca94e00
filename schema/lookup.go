package schema

// Object returns the object named name, or nil.
func (s *Schema) Object(name string) *Object {
	for _, o := range s.Objects {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Union returns the union named name, or nil.
func (s *Schema) Union(name string) *Union {
	for _, u := range s.Unions {
		if u.Name == name {
			return u
		}
	}
	return nil
}

// Enum returns the enum named name, or nil.
func (s *Schema) Enum(name string) *Enum {
	for _, e := range s.Enums {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Method returns the method named name, or nil.
func (s *Schema) Method(name string) *Method {
	for _, m := range s.Methods {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// Shorthand returns the shorthand named name, or nil.
func (s *Schema) Shorthand(name string) *Shorthand {
	for _, g := range s.Shorthands {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// Field returns the field named name, or nil.
func (o *Object) Field(name string) *Field {
	for _, f := range o.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Param returns the parameter named name, or nil.
func (m *Method) Param(name string) *Field {
	for _, f := range m.Params {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Counts summarises a schema's size.
type Counts struct {
	Objects, OpaqueObjects, Fields, Unions, Enums, EnumValues int
	Methods, Params, Constraints, Rules, Shorthands           int
}

// Count tallies the schema. A constraint is one non-empty constraint kind on
// one field or parameter (nested element constraints count separately).
func (s *Schema) Count() Counts {
	var c Counts
	for _, o := range s.Objects {
		c.Objects++
		if o.Opaque {
			c.OpaqueObjects++
		}
		c.Fields += len(o.Fields)
		c.Rules += len(o.Rules)
		for _, f := range o.Fields {
			c.Constraints += f.Constraints.count()
		}
	}
	c.Unions = len(s.Unions)
	for _, e := range s.Enums {
		c.Enums++
		c.EnumValues += len(e.Values)
	}
	for _, m := range s.Methods {
		c.Methods++
		c.Params += len(m.Params)
		c.Rules += len(m.Rules)
		for _, f := range m.Params {
			c.Constraints += f.Constraints.count()
		}
	}
	c.Shorthands = len(s.Shorthands)
	return c
}

func (c *Constraints) count() int {
	if c == nil {
		return 0
	}
	n := 0
	for _, set := range []bool{
		c.Length != nil, c.Items != nil, c.TotalLength != nil, len(c.Values) > 0, c.Range != nil, c.Ahead != nil,
		c.Enum != "", c.Default != nil, c.Fixed != "", c.Pattern != "", c.NoEmoji,
		c.MaxLineFeeds != nil, c.Position != "", c.UploadOnly, c.Attach, len(c.Variants) > 0,
	} {
		if set {
			n++
		}
	}
	return n + c.Each.count()
}

// IsEmpty reports whether c states nothing.
func (c *Constraints) IsEmpty() bool {
	return c == nil || (c.count() == 0 && c.Unit == "" && c.PatternText == "")
}
