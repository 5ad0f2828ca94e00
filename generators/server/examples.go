package server

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
)

// ExamplesFile holds the server's runnable example (a Go Example function
// that `go doc` shows and `go test` runs).
const ExamplesFile = "example_server_test.go"

// emitExamples writes ExampleNewServer: a server that implements nothing
// yet, with the local server's limits, answering a call to the first
// method. It needs no network: the request goes through an httptest
// recorder.
func (g *gen) emitExamples() ([]byte, error) {
	if len(g.methods) == 0 {
		return nil, nil
	}
	mi := g.methods[0]
	f := godoc.NewFile(g.pkg, g.source)
	f.ImportName("net/http/httptest", "httptest")
	godoc.Add(f, nameNewServer+" serves "+nameService+" implementations over HTTP. Embed "+nameUnimplemented+" and override the methods you serve; "+
		"WithLocalServerLimits applies a local server's limits (2000 MiB uploads, absolute file paths), WithTokens restricts the tokens it accepts. "+
		"A method still unimplemented answers 404, as the service does for a method it lacks; method names are case-insensitive.")
	f.Func().Id("Example"+nameNewServer).Params().Block(
		jen.Id("h").Op(":=").Id(nameNewServer).Call(jen.Id(nameUnimplemented).Values(), jen.Id("WithLocalServerLimits").Call()),
		jen.Id("rec").Op(":=").Qual("net/http/httptest", "NewRecorder").Call(),
		jen.Id("h").Dot("ServeHTTP").Call(jen.Id("rec"), jen.Qual("net/http/httptest", "NewRequest").Call(jen.Lit("POST"), jen.Lit("/bot123456:example/"+strings.ToLower(mi.name())), jen.Nil())),
		jen.Qual("fmt", "Println").Call(jen.Id("rec").Dot("Code"), jen.Id("rec").Dot("Body").Dot("String").Call()),
		jen.Comment("Output:"),
		jen.Comment(`404 {"ok":false,"error_code":404,"description":"Not Found: method not implemented"}`),
	)
	return gofile.Render(f)
}
