module github.com/apigen/apigen/examples

go 1.24.0

tool github.com/apigen/apigen/cmd/apigen

require github.com/apigen/apigen v0.0.0-00010101000000-000000000000

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/net v0.47.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/apigen/apigen => ..
