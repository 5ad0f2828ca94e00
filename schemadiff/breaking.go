package schemadiff

import (
	"slices"

	"github.com/apigen/apigen/schema"
)

// Impact says whom a change breaks.
//
// Clients are programs that call the API (the generated Client, or any
// other): a change breaks them when a request that was valid is refused
// (a removed method or parameter, a new required parameter, a tightened
// constraint on a parameter), when a result they read may now hold what
// it could not (a result field that became optional, a loosened constraint
// or a new enum value in a result), or when a Go name they use is gone.
//
// Servers are programs that implement the API (the generated Service): a
// change breaks them when they must accept what they could refuse (a
// parameter that became optional, a loosened constraint or a new enum value
// in a request) or must send what they did not (a new required result
// field, a tightened constraint on a result).
//
// A changed type breaks both. Additions that nobody must use (a new method,
// object, optional parameter or optional field) break nobody.
type Impact struct {
	Clients, Servers bool
}

// Any reports whether the change breaks anyone.
func (i Impact) Any() bool { return i.Clients || i.Servers }

// String is "clients", "servers", "clients and servers" or "".
func (i Impact) String() string {
	switch {
	case i.Clients && i.Servers:
		return "clients and servers"
	case i.Clients:
		return "clients"
	case i.Servers:
		return "servers"
	}
	return ""
}

var both = Impact{Clients: true, Servers: true}

// flow says which way values of a type travel: in requests (clients send,
// servers read) and/or in results (servers send, clients read).
type flow struct {
	request, result bool
}

var request = flow{request: true}

// values is the impact of a change that accepts fewer (tightened) or more
// (loosened) values, or others. A type used nowhere is treated as used
// both ways: its users are unknown.
func (f flow) values(dir direction) Impact {
	if !f.request && !f.result {
		f = flow{true, true}
	}
	var i Impact
	switch dir {
	case tightened:
		// The sender must send less: a client's request, a server's result.
		i.Clients = f.request
		i.Servers = f.result
	case loosened:
		// The reader must accept more.
		i.Servers = f.request
		i.Clients = f.result
	default:
		return both
	}
	return i
}

// flowsOf computes, for every object, union and enum of either schema,
// which way its values travel: reachable from a method's parameters
// (request) or from a method's result (result).
func flowsOf(schemas ...*schema.Schema) map[string]flow {
	flows := map[string]flow{}
	for _, s := range schemas {
		var visit func(t schema.Type, req bool, seen map[string]bool)
		visitFields := func(fields []*schema.Field, req bool, seen map[string]bool) {
			for _, f := range fields {
				for c := f.Constraints; c != nil; c = c.Each {
					if c.Enum != "" {
						fl := flows[c.Enum]
						if req {
							fl.request = true
						} else {
							fl.result = true
						}
						flows[c.Enum] = fl
					}
				}
				visit(f.Type, req, seen)
			}
		}
		visit = func(t schema.Type, req bool, seen map[string]bool) {
			name := t.Base()
			if name == "" || seen[name] {
				return
			}
			seen[name] = true
			fl := flows[name]
			if req {
				fl.request = true
			} else {
				fl.result = true
			}
			flows[name] = fl
			if o := s.Object(name); o != nil {
				visitFields(o.Fields, req, seen)
			}
			if u := s.Union(name); u != nil {
				for _, v := range u.Variants {
					visit(v.Type, req, seen)
				}
				for _, o := range s.Objects {
					if slices.Contains(o.Unions, name) {
						visit(schema.Named(o.Name), req, seen)
					}
				}
			}
		}
		for _, m := range s.Methods {
			visitFields(m.Params, true, map[string]bool{})
			visit(m.Returns, false, map[string]bool{})
		}
	}
	return flows
}

// Breaking reports whether any change breaks clients or servers.
func (r *Report) Breaking() bool {
	c, s := r.BreakingCounts()
	return c > 0 || s > 0
}

// BreakingCounts counts the changes that break clients and servers.
func (r *Report) BreakingCounts() (clients, servers int) {
	count := func(i Impact) {
		if i.Clients {
			clients++
		}
		if i.Servers {
			servers++
		}
	}
	for _, e := range r.Entries {
		count(e.Breaks)
		for _, c := range e.Changes {
			count(c.Breaks)
		}
	}
	return
}
