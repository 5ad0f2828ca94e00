package specgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Random writes a small document in the seed's layout from a seed: a few
// objects whose fields have random types (primitives, other objects,
// arrays nested up to depth levels, "Integer or String"), required or
// optional, some with an enum, and a few methods with random parameters
// and results. The same seed gives the same document. Required references
// between objects may form a cycle, which Check refuses; every other
// document it writes is one Check accepts. It exists for the property
// test "a schema that passes Check generates a package that builds".
func Random(seed uint64, depth int) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var b strings.Builder
	fmt.Fprintf(&b, "# Fixture: random document %d\n\n## Resources\n\n", seed)
	nObj := 2 + r.IntN(5)
	objName := func(i int) string { return fmt.Sprintf("Thing%c", 'A'+i) }
	scalars := []string{"Integer", "String", "Boolean", "Float", "Integer or String"}
	// typ is a random type; a required object reference from object owner
	// points to a later object (no cycle), except now and then.
	typ := func(owner int, required bool) string {
		d := 0
		if r.IntN(3) == 0 {
			d = 1 + r.IntN(depth)
		}
		base := scalars[r.IntN(len(scalars))]
		if r.IntN(2) == 0 {
			target := r.IntN(nObj)
			if required && d == 0 && r.IntN(8) != 0 {
				target = owner + 1 + r.IntN(nObj)
			}
			if target < nObj {
				base = objName(target)
			}
		}
		if base == "Integer or String" && d > 0 {
			base = "String"
		}
		return strings.Repeat("Array of ", d) + base
	}
	for i := range nObj {
		fmt.Fprintf(&b, "### %s\n\n| Field | Type | Notes |\n|---|---|---|\n", objName(i))
		fmt.Fprintf(&b, "| id | Integer | Required |\n")
		for j := range 1 + r.IntN(5) {
			required := r.IntN(2) == 0
			t := typ(i, required)
			notes := "Optional"
			if required {
				notes = "Required"
			}
			if t == "String" && r.IntN(3) == 0 {
				notes += ". One of red, green, blue"
			}
			fmt.Fprintf(&b, "| field_%d | %s | %s |\n", j, t, notes)
		}
		b.WriteString("\n")
	}
	b.WriteString("## Endpoints\n\n### Common request rules\n\n1. Every request goes to {base_url}/bot<token>/<METHOD_NAME>.\n\n")
	b.WriteString("### Methods\n\n| Method | Parameters | Result |\n|---|---|---|\n")
	for i := range 1 + r.IntN(4) {
		var params []string
		for j := range r.IntN(4) {
			req := "Optional"
			if r.IntN(2) == 0 {
				req = "Required"
			}
			params = append(params, fmt.Sprintf("param_%d (%s, %s)", j, typ(-1, false), req))
		}
		p := "none"
		if len(params) > 0 {
			p = strings.Join(params, "; ")
		}
		result := []string{"True", objName(r.IntN(nObj)), "Array of " + objName(r.IntN(nObj)), "String"}[r.IntN(4)]
		fmt.Fprintf(&b, "| doThing%d | %s | %s |\n", i, p, result)
	}
	b.WriteString("\n## Versioning\n\n- Versions listed: 1.0 (January 1, 2020).\n")
	return []byte(b.String())
}
