// Package openapicheck proves the OpenAPI 3.1 and JSON Schema export
// (generated/openapi) with tools apigen did not write: kin-openapi loads and
// validates the document and validates requests against it,
// santhosh-tekuri/jsonschema validates payloads against the JSON Schema
// bundle, and openapi-typescript (npm, `make openapi-ts`) generates types
// that tsc compiles. It is its own module so that these test-only
// dependencies stay out of apigen's go.mod.
package openapicheck
