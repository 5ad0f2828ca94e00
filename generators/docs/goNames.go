package docs

import "github.com/apigen/apigen/naming"

// goName is the Go identifier the generated package gives a schema element,
// computed with naming.Exported by the rules of generators/CONVENTIONS.md:
//
//	goName("type", "ThingId")        = "ThingID"
//	goName("field", "thing_id")      = "ThingID"
//	goName("method", "postThing")    = "Client.PostThing"
//	goName("params", "postThing")    = "PostThingParams"
//	goName("service", "postThing")   = "Service.PostThing"
//	goName("const", "Mode", "HTML")  = "ModeHTML"
//
// It is the docs backend's only knowledge of Go names, in one place so
// that it can read them from the Go model (gomodel) once there is one. A
// name naming cannot form gives "" (the generated package would not build
// either, and its backend reports why).
func goName(kind string, parts ...string) string {
	ex := func(s string) string {
		n, err := naming.Exported(s)
		if err != nil {
			return ""
		}
		return n
	}
	switch kind {
	case "type", "field":
		return ex(parts[0])
	case "method":
		if n := ex(parts[0]); n != "" {
			return "Client." + n
		}
	case "service":
		if n := ex(parts[0]); n != "" {
			return "Service." + n
		}
	case "params":
		if n := ex(parts[0]); n != "" {
			return n + "Params"
		}
	case "const":
		t, v := ex(parts[0]), ex(parts[1])
		if t != "" && v != "" {
			return t + v
		}
	}
	return ""
}
