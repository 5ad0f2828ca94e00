package naming

// escapes maps every Go keyword, every predeclared identifier of Go 1.26,
// and "init" to the name Unexported returns instead; the rule is documented
// on Unexported. It is a literal table rather than a computed rule so that a
// reader (and a diff) sees every spelling, and so that a new Go release
// cannot change generated code until someone updates it on purpose: the
// tests compare it against go/token and go/types.Universe.
var escapes = map[string]string{
	// Keywords: illegal as any identifier.
	"break":       "breakValue",
	"case":        "caseValue",
	"chan":        "chanValue",
	"const":       "constValue",
	"continue":    "continueValue",
	"default":     "defaultValue",
	"defer":       "deferValue",
	"else":        "elseValue",
	"fallthrough": "fallthroughValue",
	"for":         "forValue",
	"func":        "fn",
	"go":          "goValue",
	"goto":        "gotoValue",
	"if":          "ifValue",
	"import":      "importValue",
	"interface":   "interfaceValue",
	"map":         "mapValue",
	"package":     "packageValue",
	"range":       "rng",
	"return":      "returnValue",
	"select":      "selectValue",
	"struct":      "structValue",
	"switch":      "switchValue",
	"type":        "typ",
	"var":         "varValue",

	// Predeclared types: legal, but shadowing them breaks any later use
	// of the type in the same scope.
	"any":        "anyValue",
	"bool":       "boolValue",
	"byte":       "byteValue",
	"comparable": "comparableValue",
	"complex64":  "complex64Value",
	"complex128": "complex128Value",
	"error":      "errorValue",
	"float32":    "float32Value",
	"float64":    "float64Value",
	"int":        "intValue",
	"int8":       "int8Value",
	"int16":      "int16Value",
	"int32":      "int32Value",
	"int64":      "int64Value",
	"rune":       "runeValue",
	"string":     "stringValue",
	"uint":       "uintValue",
	"uint8":      "uint8Value",
	"uint16":     "uint16Value",
	"uint32":     "uint32Value",
	"uint64":     "uint64Value",
	"uintptr":    "uintptrValue",

	// Predeclared constants and the zero value.
	"true":  "trueValue",
	"false": "falseValue",
	"iota":  "iotaValue",
	"nil":   "nilValue",

	// Builtin functions.
	"append":  "appendValue",
	"cap":     "capValue",
	"clear":   "clearValue",
	"close":   "closeValue", // the spec has a "close" method
	"complex": "complexValue",
	"copy":    "copyValue",
	"delete":  "deleteValue",
	"imag":    "imagValue",
	"len":     "lenValue",
	"make":    "makeValue",
	"max":     "maxValue",
	"min":     "minValue",
	"new":     "newValue",
	"panic":   "panicValue",
	"print":   "printValue",
	"println": "printlnValue",
	"real":    "realValue",
	"recover": "recoverValue",

	// Not predeclared, but a package-level "var init" does not compile.
	"init": "initValue",
}
