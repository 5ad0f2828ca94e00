package types

import (
	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/output"
)

// wireFile holds each interface union's decoder and encoder as the server
// package, beside this one, calls them (gomodel.Union.WireDecode,
// WireEncode); the rest of the face is the runtime's (runtime.WirePart).
const wireFile = "wire_gen.go"

// emitWire returns the types package's face for its server package: the
// runtime's wire part and wire_gen.go. Only a run with the server emits it,
// so that a package without its server exports none of it.
func (g *gen) emitWire() ([]output.File, error) {
	rt, err := runtime.File("wire", g.pkg, g.source, runtime.WirePart)
	if err != nil {
		return nil, err
	}
	f := godoc.NewFile(g.pkg, g.source)
	f.Comment("The decoders and encoders of the interface unions, for the server package")
	f.Comment("(see WireReader): generated code only.")
	f.Line()
	for _, u := range g.m.Unions {
		if !u.Kind.IsInterface() {
			continue
		}
		f.Comment(u.WireDecode + " reads one " + u.GoName + " from r, strictly.")
		f.Func().Id(u.WireDecode).Params(jen.Id("r").Op("*").Id("WireReader")).Params(jen.Id(u.GoName), jen.Error()).Block(
			jen.Return(jen.Id(u.Decode).Call(jen.Id("r"))),
		)
		f.Line()
		f.Comment(u.WireEncode + " writes v as JSON.")
		f.Func().Id(u.WireEncode).Params(jen.Id("w").Op("*").Id("WireWriter"), jen.Id("v").Id(u.GoName)).Block(
			jen.Id(u.Encode).Call(jen.Id("w"), jen.Id("v")),
		)
		f.Line()
	}
	src, err := gofile.Render(f)
	if err != nil {
		return nil, err
	}
	return []output.File{rt, {Path: wireFile, Data: src}}, nil
}
