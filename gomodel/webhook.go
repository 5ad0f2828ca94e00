package gomodel

import "regexp"

// WebhookSecret is a parameter whose value the service sends back, in an
// HTTP header, with every webhook delivery, so that the bot can tell
// deliveries from forgeries (newer versions of the document: setWebhook's
// secret_token and its header).
type WebhookSecret struct {
	Method *Method
	Param  *Field
	// Header is the header's name as the document gives it.
	Header string
}

// secretHeader reads a header's name from a parameter's description: "…
// sent in a header “X-Name” in every webhook request". Straight and typed
// quotes and backquotes are accepted.
var secretHeader = regexp.MustCompile("(?i)\\bheader\\s+[\u201c\"'`]([A-Za-z0-9][A-Za-z0-9-]*)[\u201d\"'`]")

// WebhookSecret finds the parameter, of type String, whose description
// names the header it is sent back in; nil when the document has none (as
// in 5.0). When several do, the first in document order wins.
func (m *Model) WebhookSecret() *WebhookSecret {
	for _, me := range m.Methods {
		if me.Params == nil {
			continue
		}
		for _, f := range me.Params.Fields {
			t := f.Type
			if t.Kind == Opt {
				t = t.Elem
			}
			if t.Kind != Scalar || t.Name != "string" || t.Enum != nil {
				continue
			}
			if sm := secretHeader.FindStringSubmatch(f.Schema.Description); sm != nil {
				return &WebhookSecret{Method: me, Param: f, Header: sm[1]}
			}
		}
	}
	return nil
}
