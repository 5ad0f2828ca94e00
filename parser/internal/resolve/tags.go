package resolve

import (
	"slices"

	"github.com/apigen/apigen/schema"
)

// tagsFromFixedValues finds, for each union of objects that names no
// discriminator, listed or made from a type cell ("A or B or C"), the
// field whose value tells its variants apart: a field every object variant
// has and states the one value of ("always “creator”", "must be photo"),
// "type" when several do, else the first by name. The variants get that
// value as their tag, and the field is fixed to it. It runs once every
// union exists; forms (a String, an Array) take no tag.
func (p *core) tagsFromFixedValues() {
	for _, u := range p.out.Unions {
		objs := schema.Objects(u)
		if u.Discriminator != "" || len(objs) < 2 {
			continue
		}
		var cands []string
		for i, v := range objs {
			var here []string
			for name, pd := range p.fieldsByName(v.Type.Name) {
				if pd.Facts.FixedValue != "" {
					here = append(here, name)
				}
			}
			if i == 0 {
				cands = here
			} else {
				cands = slices.DeleteFunc(cands, func(c string) bool { return !slices.Contains(here, c) })
			}
		}
		slices.Sort(cands)
		if len(cands) == 0 {
			continue
		}
		disc := cands[0]
		if slices.Contains(cands, "type") {
			disc = "type"
		}
		u.Discriminator = disc
		for _, v := range objs {
			pd := p.fieldsByName(v.Type.Name)[disc]
			v.Tag = pd.Facts.FixedValue
			pd.Fixed = v.Tag
			if pd.Field.Constraints == nil {
				pd.Field.Constraints = &schema.Constraints{}
			}
			pd.Field.Constraints.Fixed = v.Tag
			if o := p.objects[v.Type.Name]; o != nil && !slices.Contains(o.Obj.Unions, u.Name) {
				o.Obj.Unions = append(o.Obj.Unions, u.Name)
			}
		}
	}
}

// fieldsByName maps the fields of the object with fields named name to
// their pending entries (the last of a name, when it has two), or nil.
func (p *core) fieldsByName(name string) map[string]*pending {
	ctx := p.objects[name]
	if ctx == nil {
		return nil
	}
	m := make(map[string]*pending, len(ctx.fields))
	for _, pd := range ctx.fields {
		m[pd.Field.Name] = pd
	}
	return m
}
