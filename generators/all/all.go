// Package all registers every backend with the generators package. Import
// it for its side effect.
package all

import (
	_ "github.com/apigen/apigen/generators/client"   // client_gen.go: the Client, one method per API method
	_ "github.com/apigen/apigen/generators/docs"     // reference docs: Markdown and a static HTML site
	_ "github.com/apigen/apigen/generators/openapi"  // openapi.yaml, openapi.json, schema.json (JSON Schema 2020-12)
	_ "github.com/apigen/apigen/generators/server"   // server_gen.go: Service, Unimplemented, NewServer
	_ "github.com/apigen/apigen/generators/types"    // types_gen.go, json_gen.go, runtime support
	_ "github.com/apigen/apigen/generators/validate" // validate_gen.go: Validate() for params and sent objects
)
