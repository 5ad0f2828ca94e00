// The client part of the runtime, webhooks: the handler of webhook
// deliveries, its options and the reply in the response body. The whole part
// is described in rt_client.go. This comment, above the package clause,
// describes the source file only and is not copied into the generated
// package.

package runtime

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strconv"
)

// ---------------------------------------------------------------- webhook

// WebhookReply is a method call answered in the body of a webhook delivery
// (Common request rules, "Webhook reply"): the parameters struct of any API
// method, for example &SendMessageParams{...}. The service does not report
// whether the call succeeded.
type WebhookReply interface {
	clientParams
	clientMethod() string
}

// WebhookOption configures WebhookHandler.
type WebhookOption func(*clientWebhookConfig)

type clientWebhookConfig struct {
	secretPath string
	// secretHeader and secretToken: deliveries must carry the token in
	// that header (set by the generated WebhookSecretToken where the
	// document defines the header).
	secretHeader string
	secretToken  string
	onError      func(r *http.Request, err error)
	maxBody      int64
	// recv reads deliveries (WebhookClient); onUndecodable gets the ones
	// that do not decode (WebhookOnUndecodable).
	recv          *clientReceive
	onUndecodable func(ctx context.Context, e *ItemDecodeError)
}

// WebhookSecretPath makes the handler answer 404 to requests whose URL path
// is not exactly path; put a secret in the webhook URL (Authentication:
// "a secret path") so that only the service knows where to deliver.
func WebhookSecretPath(path string) WebhookOption {
	return func(c *clientWebhookConfig) { c.secretPath = path }
}

// WebhookOnError is called with every delivery that fails: a bad request, an
// error returned by the handler function, or a reply that does not validate
// or cannot be written.
func WebhookOnError(f func(r *http.Request, err error)) WebhookOption {
	return func(c *clientWebhookConfig) { c.onError = f }
}

// clientWebhook decodes one update per POST and writes the reply, if any.
// An error answers 500 so that the service delivers the update again; a
// well-formed delivery that does not decode is answered 200 and reported
// (clientUndecodable), since delivering it again cannot help.
//
// idKey is the wire name of the item's required integer id (update_id): a
// body without it is answered 400, like one that does not decode.
func clientWebhook[T any, PT jsonCodec[T]](h func(ctx context.Context, u PT) (WebhookReply, error), idKey string, opts []WebhookOption) http.Handler {
	cfg := &clientWebhookConfig{maxBody: 4 << 20, recv: &clientReceive{}}
	for _, o := range opts {
		o(cfg)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fail := func(code int, err error) {
			if cfg.onError != nil {
				cfg.onError(r, err)
			}
			http.Error(w, http.StatusText(code), code)
		}
		if cfg.secretPath != "" && subtle.ConstantTimeCompare([]byte(r.URL.Path), []byte(cfg.secretPath)) != 1 {
			http.NotFound(w, r)
			return
		}
		if cfg.secretHeader != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get(cfg.secretHeader)), []byte(cfg.secretToken)) != 1 {
			fail(http.StatusUnauthorized, errors.New("webhook: missing or wrong "+cfg.secretHeader))
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			fail(http.StatusMethodNotAllowed, errors.New("webhook: method "+r.Method+" not allowed"))
			return
		}
		buf := clientBufPool.Get().(*bytes.Buffer)
		buf.Reset()
		defer clientBufPool.Put(buf)
		if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, cfg.maxBody)); err != nil {
			fail(http.StatusBadRequest, errors.New("webhook: reading the body: "+err.Error()))
			return
		}
		u := PT(new(T))
		dr := cfg.recv.reader(buf.Bytes())
		err := u.decodeJSON(dr)
		if err == nil {
			err = dr.End()
		}
		if err == nil {
			cfg.recv.report("webhook", buf.Bytes(), dr)
		}
		jsonPutReader(dr)
		if err == nil && idKey != "" {
			_, err = clientItemID(buf.Bytes(), idKey)
		}
		if err != nil && clientUndecodable(r.Context(), cfg, w, buf.Bytes(), idKey, err) {
			return
		}
		if err != nil {
			fail(http.StatusBadRequest, errors.New("webhook: decoding the update: "+err.Error()))
			return
		}
		reply, err := h(r.Context(), u)
		if err != nil {
			fail(http.StatusInternalServerError, err)
			return
		}
		if reply == nil {
			w.WriteHeader(http.StatusOK)
			return
		}
		if err := clientWriteReply(w, reply); err != nil {
			fail(http.StatusInternalServerError, err)
		}
	})
}

// clientWriteReply writes reply as {"method": ..., params...}, or as a
// multipart body with a method field when it uploads files.
func clientWriteReply(w http.ResponseWriter, reply WebhookReply) error {
	method := reply.clientMethod()
	if v, ok := reply.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return errors.New("webhook reply " + method + ": " + err.Error())
		}
	}
	var p clientParams = reply
	var up *clientUploads
	if u, ok := reply.(clientUploader); ok {
		a := &clientUploads{prefix: clientPartPrefix}
		q := u.clientWithUploads(a)
		if a.err != nil {
			return errors.New("webhook reply " + method + ": " + a.err.Error())
		}
		if len(a.files) > 0 {
			p, up = q, a
		}
	}
	jw := jsonGetWriter()
	defer jsonPutWriter(jw)
	p.encodeJSON(jw)
	if err := jw.Err(); err != nil {
		return errors.New("webhook reply " + method + ": " + err.Error())
	}
	if up != nil {
		defer up.close()
		boundary := clientBoundary()
		w.Header().Set("Content-Type", "multipart/form-data; boundary="+boundary)
		w.WriteHeader(http.StatusOK)
		return clientWriteMultipart(w, boundary, method, jw.Bytes(), up)
	}
	params := jw.Bytes()
	out := make([]byte, 0, len(params)+len(method)+16)
	out = append(out, `{"method":`...)
	out = jsonAppendStr(out, method)
	if len(params) > 2 {
		out = append(out, ',')
		out = append(out, params[1:]...)
	} else {
		out = append(out, '}')
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	_, err := w.Write(out)
	return err
}
