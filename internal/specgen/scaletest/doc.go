// Package scaletest measures and proves apigen on the 5.0 document
// multiplied ten times (specgen.Multiply): the generated package builds and
// vets, and BenchmarkScaleParse / BenchmarkScaleGenerate at 1x and 10x show
// that parse and generate stay roughly linear. It is a package of its own
// because building the 10x package takes minutes on a small machine, and a
// test binary has its own time budget.
//
//	go test ./internal/specgen/scaletest/ -run '^$' -bench Scale -benchmem
package scaletest
