// Package resolve is the core both layouts of the reader build on. A
// layout (the seed's, the published page's) walks the document model and
// returns what it read as facts (package facts): objects and their
// fields, methods and their parameters, unions, enums, versions and
// statements, each with its place and the facts the grammar read from its
// type and text. Resolve, the one function that writes the schema, turns
// them into one schema.Schema: bare names take their types from where they
// are defined, type expressions become types and unions (one tag detection
// for every union, named or inline), prose facts become constraints and
// enums, rules are checked against the fields they name, and Recent changes
// give each entry its since (build.go, resolve.go, finish.go, versions.go).
// What the layouts ask differently is a Policy, each field naming the
// decision it changes.
package resolve
