package client

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/output"
)

// ExamplesFile holds the client's runnable examples: Go Example functions
// that `go doc` shows next to the API they use and `go test` runs (each
// checks its // Output:). They talk to an httptest stand-in of the service,
// so they run offline.
const ExamplesFile = "example_client_test.go"

const (
	pkgHTTPTest = "net/http/httptest"
	pkgIO       = "io"
	pkgFmt      = "fmt"
	pkgErrors   = "errors"
	pkgStrings  = "strings"
	pkgOS       = "os"
)

// exampleToken is a well-formed token the stand-in services accept.
const exampleToken = "123456:example"

// emitExamples writes the runnable examples. Which API they use comes from
// the model: the update list method (Updates, WebhookHandler) and the first
// method that takes no parameters and returns an object or True (errors,
// retries). An example whose method the schema lacks is left out.
func (g *gen) emitExamples() ([]byte, error) {
	f := godoc.NewFile(g.pkg, g.source)
	f.ImportName(pkgContext, "context")
	f.ImportName(pkgHTTP, "http")
	f.ImportName(pkgHTTPTest, "httptest")

	// standIn answers every request with body (and status).
	standIn := func(status int, body string) jen.Code {
		return jen.Id("srv").Op(":=").Qual(pkgHTTPTest, "NewServer").Call(jen.Qual(pkgHTTP, "HandlerFunc").Call(
			jen.Func().Params(jen.Id("w").Qual(pkgHTTP, "ResponseWriter"), jen.Id("r").Op("*").Qual(pkgHTTP, "Request")).Block(
				jen.Id("w").Dot("Header").Call().Dot("Set").Call(jen.Lit("Content-Type"), jen.Lit("application/json")),
				jen.Id("w").Dot("WriteHeader").Call(jen.Lit(status)),
				jen.Qual(pkgIO, "WriteString").Call(jen.Id("w"), jen.Lit(body)),
			)))
	}
	newClient := func(opts ...jen.Code) jen.Code {
		args := append([]jen.Code{jen.Lit(exampleToken), jen.Id("WithBaseURL").Call(jen.Id("srv").Dot("URL"))}, opts...)
		return jen.Id("c").Op(":=").Id("NewClient").Call(args...)
	}
	output := func(lines ...string) []jen.Code {
		out := []jen.Code{jen.Comment("Output:")}
		for _, l := range lines {
			out = append(out, jen.Comment(l))
		}
		return out
	}

	if me, st, id := g.updateMethod(); me != nil {
		m := me.Schema
		// Updates.
		godoc.Add(f, "Long polling: Updates asks "+m.Name+" for the updates after the last one it yielded and yields them in order; breaking out of the loop stops it.")
		body := []jen.Code{
			standIn(200, `{"ok":true,"result":[{"`+id.Name+`":1}]}`),
			jen.Defer().Id("srv").Dot("Close").Call(),
			newClient(),
			jen.For(jen.List(jen.Id("u"), jen.Err()).Op(":=").Range().Id("c").Dot(iteratorName).Call(jen.Qual(pkgContext, "Background").Call(), jen.Nil())).Block(
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Qual(pkgFmt, "Println").Call(jen.Err()), jen.Break()),
				jen.Qual(pkgFmt, "Println").Call(jen.Lit(st.GoName), jen.Id("u").Dot(id.GoName)),
				jen.Break(),
			),
		}
		body = append(body, output(st.GoName+" 1")...)
		f.Func().Id("ExampleClient_" + iteratorName).Params().Block(body...)
		f.Line()

		// WebhookHandler.
		godoc.Add(f, "Webhooks: the handler decodes each delivery and passes it on; answering with nil sends nothing back.")
		body = []jen.Code{
			jen.Id("h").Op(":=").Id(webhookName).Call(jen.Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("u").Op("*").Id(st.GoName)).Params(jen.Id("WebhookReply"), jen.Error()).Block(
				jen.Qual(pkgFmt, "Println").Call(jen.Lit(st.GoName), jen.Id("u").Dot(id.GoName)),
				jen.Return(jen.Nil(), jen.Nil()),
			)),
			jen.Id("rec").Op(":=").Qual(pkgHTTPTest, "NewRecorder").Call(),
			jen.Id("h").Dot("ServeHTTP").Call(jen.Id("rec"), jen.Qual(pkgHTTPTest, "NewRequest").Call(jen.Lit("POST"), jen.Lit("/"), jen.Qual(pkgStrings, "NewReader").Call(jen.Lit(`{"`+id.Name+`":7}`)))),
			jen.Qual(pkgFmt, "Println").Call(jen.Id("rec").Dot("Code")),
		}
		body = append(body, output(st.GoName+" 7", "200")...)
		f.Func().Id("Example" + webhookName).Params().Block(body...)
		f.Line()
	}

	// DownloadFile.
	godoc.Add(f, "Downloads: DownloadFile streams {base}/file/bot<token>/<path> (local absolute paths need WithLocalFiles).")
	body := []jen.Code{
		jen.Id("srv").Op(":=").Qual(pkgHTTPTest, "NewServer").Call(jen.Qual(pkgHTTP, "HandlerFunc").Call(
			jen.Func().Params(jen.Id("w").Qual(pkgHTTP, "ResponseWriter"), jen.Id("r").Op("*").Qual(pkgHTTP, "Request")).Block(
				jen.Qual(pkgIO, "WriteString").Call(jen.Id("w"), jen.Lit("file contents")),
			))),
		jen.Defer().Id("srv").Dot("Close").Call(),
		newClient(),
		jen.List(jen.Id("rc"), jen.Err()).Op(":=").Id("c").Dot("DownloadFile").Call(jen.Qual(pkgContext, "Background").Call(), jen.Lit("documents/file_1.txt")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Qual(pkgFmt, "Println").Call(jen.Err()), jen.Return()),
		jen.Defer().Id("rc").Dot("Close").Call(),
		jen.Qual(pkgIO, "Copy").Call(jen.Qual(pkgOS, "Stdout"), jen.Id("rc")),
	}
	body = append(body, output("file contents")...)
	f.Func().Id("ExampleClient_DownloadFile").Params().Block(body...)
	f.Line()

	if m := g.exampleMethod(); m != nil {
		call := func() (jen.Code, bool) {
			c := jen.Id("c").Dot(m.GoName).Call(jen.Qual(pkgContext, "Background").Call())
			if m.Result.IsTrue() {
				return jen.Err().Op(":=").Add(c), true
			}
			return jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(c), false
		}
		// Errors.
		godoc.Add(f, "Errors: a failure the service answers is an *Error with its code, description and parameters (RetryAfter, MigrateToChatID).")
		callErr, _ := call()
		body = []jen.Code{
			standIn(401, `{"ok":false,"error_code":401,"description":"Unauthorized"}`),
			jen.Defer().Id("srv").Dot("Close").Call(),
			newClient(),
			callErr,
			jen.Var().Id("apiErr").Op("*").Id("Error"),
			jen.If(jen.Qual(pkgErrors, "As").Call(jen.Err(), jen.Op("&").Id("apiErr"))).Block(
				jen.Qual(pkgFmt, "Println").Call(jen.Id("apiErr").Dot("Method"), jen.Id("apiErr").Dot("Code"), jen.Id("apiErr").Dot("Description")),
			),
		}
		body = append(body, output(m.Schema.Name+" 401 Unauthorized")...)
		f.Func().Id("ExampleError").Params().Block(body...)
		f.Line()

		// Retries.
		result := "true"
		if m.Result.Kind == gomodel.Object {
			result = g.minimalJSON(m.Result, 0)
		}
		godoc.Add(f, "Retries: with WithRetry a call answered 429 is repeated after retry_after (capped by MaxRetryAfter), as are dial errors and idempotent calls. WithSleep stands in for the clock here, so that the example does not wait.")
		callRetry, _ := call()
		body = []jen.Code{
			jen.Id("calls").Op(":=").Lit(0),
			jen.Id("srv").Op(":=").Qual(pkgHTTPTest, "NewServer").Call(jen.Qual(pkgHTTP, "HandlerFunc").Call(
				jen.Func().Params(jen.Id("w").Qual(pkgHTTP, "ResponseWriter"), jen.Id("r").Op("*").Qual(pkgHTTP, "Request")).Block(
					jen.Id("calls").Op("++"),
					jen.Id("w").Dot("Header").Call().Dot("Set").Call(jen.Lit("Content-Type"), jen.Lit("application/json")),
					jen.If(jen.Id("calls").Op("==").Lit(1)).Block(
						jen.Id("w").Dot("WriteHeader").Call(jen.Lit(429)),
						jen.Qual(pkgIO, "WriteString").Call(jen.Id("w"), jen.Lit(`{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 1","parameters":{"retry_after":1}}`)),
						jen.Return(),
					),
					jen.Qual(pkgIO, "WriteString").Call(jen.Id("w"), jen.Lit(`{"ok":true,"result":`+result+`}`)),
				))),
			jen.Defer().Id("srv").Dot("Close").Call(),
			newClient(
				jen.Id("WithRetry").Call(jen.Id("RetryPolicy").Values(jen.Dict{jen.Id("MaxAttempts"): jen.Lit(2)})),
				jen.Line().Id("WithSleep").Call(jen.Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("d").Qual("time", "Duration")).Error().Block(
					jen.Qual(pkgFmt, "Println").Call(jen.Lit("waiting"), jen.Id("d")),
					jen.Return(jen.Nil()),
				)),
			),
			callRetry,
			jen.Qual(pkgFmt, "Println").Call(jen.Err(), jen.Id("calls")),
		}
		body = append(body, output("waiting 1s", "<nil> 2")...)
		f.Func().Id("ExampleWithRetry").Params().Block(body...)
		f.Line()
	}
	return gofile.Render(f)
}

// exampleMethod is the first method that takes no parameters and returns an
// object or True: the simplest call to show errors and retries with.
// minimalJSON is the smallest JSON value of type t that decodes: an object
// has its required fields (a decoder refuses an object without one).
func (g *gen) minimalJSON(t *gomodel.Type, depth int) string {
	switch t.Kind {
	case gomodel.Slice:
		return "[]"
	case gomodel.Opt:
		return g.minimalJSON(t.Elem, depth)
	case gomodel.Scalar:
		switch t.Prim {
		case gomodel.PrimInt, gomodel.PrimInt64, gomodel.PrimFloat64:
			return "0"
		case gomodel.PrimBool:
			return "false"
		case gomodel.PrimTrue:
			return "true"
		case gomodel.PrimString:
			return `""`
		}
	}
	o := t.Base().Struct
	if o == nil || depth > 8 {
		return "null"
	}
	var b strings.Builder
	b.WriteString("{")
	for _, fi := range o.Fields {
		if fi.Required() {
			if b.Len() > 1 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(fi.Name) + ":" + g.minimalJSON(fi.Type, depth+1))
		}
	}
	b.WriteString("}")
	return b.String()
}

func (g *gen) exampleMethod() *gomodel.Method {
	for _, m := range g.m.Methods {
		if m.Params != nil {
			continue
		}
		if m.Result.Kind == gomodel.Object || m.Result.IsTrue() {
			return m
		}
	}
	return nil
}

// emitReadme renders the client's section of the package README
// (templates/package-readme.md.tmpl, "client"): what the client offers and
// which runnable example shows each.
func (g *gen) emitReadme() (output.File, error) {
	data := struct {
		Package, Updates, Webhook, UpdateType, Call string
		CallResult                                  bool
		BaseURL                                     string
	}{Package: g.pkg, BaseURL: g.m.BaseURL}
	if m, st, _ := g.updateMethod(); m != nil {
		data.Updates, data.Webhook, data.UpdateType = iteratorName, webhookName, st.GoName
	}
	if m := g.exampleMethod(); m != nil {
		data.Call, data.CallResult = m.GoName, m.Result.Kind == gomodel.Object
	}
	return generators.ReadmeSection("client", data)
}
