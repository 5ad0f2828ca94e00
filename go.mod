module github.com/apigen/apigen

go 1.26.0

require (
	github.com/PuerkitoBio/goquery v1.13.0
	github.com/dave/jennifer v1.7.1
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.61.0
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require github.com/andybalholm/cascadia v1.3.4 // indirect
