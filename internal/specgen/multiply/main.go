// Command multiply writes the embedded 5.0 document (or --spec FILE)
// multiplied n times by specgen.Multiply, for measuring apigen on a larger
// document:
//
//	go run ./internal/specgen/multiply -n 10 -o /tmp/bot-api-10x.md
//	/usr/bin/time -v go run ./cmd/apigen generate --spec /tmp/bot-api-10x.md ...
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/spec"
)

func main() {
	n := flag.Int("n", 10, "how many times the document's objects, unions and methods appear")
	in := flag.String("spec", "", "input document (default: the embedded 5.0 document)")
	out := flag.String("o", "-", "output file, - for stdout")
	flag.Parse()
	if err := run(*n, *in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "multiply:", err)
		os.Exit(1)
	}
}

func run(n int, in, out string) error {
	src := spec.Document()
	if in != "" {
		var err error
		if src, err = os.ReadFile(in); err != nil {
			return err
		}
	}
	doc, err := specgen.Multiply(src, n)
	if err != nil {
		return err
	}
	if out == "-" {
		_, err = os.Stdout.Write(doc)
		return err
	}
	return os.WriteFile(out, doc, 0o644)
}
