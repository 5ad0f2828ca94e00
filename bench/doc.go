// Package bench compares the generated package's JSON codecs with other Go
// bot API libraries on the same payloads. It is its own module so that the
// competitors stay out of the main module's dependencies.
//
//	go test -run '^$' -bench . -benchmem        # side-by-side benchmarks
//	go test -run TestRatios -ratios -v          # table with ratios (make ratios)
//	go run ./procbench -lib apigen              # whole process (make procbench)
//
// bench/api90, a module nested here, compares the package generated from
// the platform's 9.0 page with telego at the same API version (make
// bench90); internal/cputime and internal/fixtures are shared by both.
package bench
