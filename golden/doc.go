// Package golden holds apigen's golden test cases: one folder per case with a
// fixture spec and the expected outputs. It is its own module so that the
// generated Go code in it is compiled and vetted like user code.
package golden
