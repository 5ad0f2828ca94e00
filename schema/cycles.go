package schema

import "strings"

// requiredCycles refuses objects that contain themselves through required
// fields: Foo requires a Bar that requires a Foo (or Foo requires a Foo).
// No finite JSON value has such a shape, and the Go package cannot declare
// it either (a required object field is a struct value, so `go build` says
// "invalid recursive type"). Breaking the cycle with a pointer in the Go
// model would hide a document that contradicts itself, so Check names the
// cycle and the document (or its overlay) has to say which field is
// optional. A cycle through an optional field, an array or a union is
// fine: those are pointers, slices and interfaces in Go, and a finite value
// ends with an absent field or an empty array.
func (c *checker) requiredCycles() {
	const (
		unvisited = iota
		onStack
		done
	)
	state := map[string]int{}
	type step struct {
		obj   *Object
		field *Field
	}
	var stack []step
	var visit func(o *Object)
	visit = func(o *Object) {
		state[o.Name] = onStack
		for _, f := range o.Fields {
			if !f.Required || f.Type.IsArray() {
				continue
			}
			next := c.s.Object(f.Type.Name)
			if next == nil || next.Opaque {
				continue
			}
			stack = append(stack, step{o, f})
			switch state[next.Name] {
			case unvisited:
				visit(next)
			case onStack:
				// The cycle is the stack from next's first field on.
				start := len(stack) - 1
				for start > 0 && stack[start].obj != next {
					start--
				}
				var path []string
				for _, s := range stack[start:] {
					path = append(path, s.obj.Name+"."+s.field.Name)
				}
				first := stack[start]
				c.failType(first.field.Source, "required fields form a cycle %s -> %s: no finite value has them (a %s always holds another %s); make one of these fields optional or an array", strings.Join(path, " -> "), next.Name, next.Name, next.Name)
			}
			stack = stack[:len(stack)-1]
		}
		state[o.Name] = done
	}
	for _, o := range c.s.Objects {
		if state[o.Name] == unvisited {
			visit(o)
		}
	}
}
