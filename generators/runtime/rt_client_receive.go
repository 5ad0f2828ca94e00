package runtime

// How the client reads what it receives (answers, updates, webhook
// deliveries): tolerantly, so that one field the platform (or an older
// local server) writes differently from the document costs nothing, or one
// update at most, never the bot; and visibly: a counter, a hook, and a
// strict mode for tests (see rt_json_lax.go for what is tolerated).
//
// Why a counter and a hook rather than an accessor on each value: what is
// tolerated is a fact about the service, not about one message, and it
// recurs on every answer until the service or the document changes; an
// accessor would cost every decoded value a field and be read by no one.
// The counter is free to read in a health check; the hook sees each
// difference with its path, to log or to count per path.

import (
	"context"
	"log/slog"
	"sync/atomic"
)

// clientReceive is how a Client reads received data and what it tolerated.
type clientReceive struct {
	strict bool
	hook   func(method string, t Tolerated)
	count  atomic.Uint64
	// undecodable gets each update of an update list answer (or of a
	// webhook delivery read with WebhookClient) that does not decode.
	undecodable func(ctx context.Context, e *ItemDecodeError)
}

// WithStrictDecoding makes every difference the client would tolerate in
// what it receives an error (naming where it is), an enum value the
// document does not list included: for tests that want to see where the
// service and the document differ. Off by default.
func WithStrictDecoding(on bool) ClientOption {
	return func(c *Client) { c.recv.strict = on }
}

// WithToleratedHook is called, in the goroutine of the call, with each
// difference the client tolerated in what it received (see Tolerated):
// method is the API method whose answer held it, or "webhook" for a
// webhook delivery read with WebhookClient.
func WithToleratedHook(f func(method string, t Tolerated)) ClientOption {
	return func(c *Client) { c.recv.hook = f }
}

// WithUndecodableHook is called with each update that the client's update
// list method (GetUpdates) received but could not read, with its id (when
// readable), raw JSON and the error; the method returns the others, and
// the bad one as a value holding only its id, so that an offset loop moves
// past it. It also gets the webhook deliveries that do not decode when the
// handler reads them with WebhookClient(c) and has no
// WebhookOnUndecodable. The default logs each with slog.Default.
func WithUndecodableHook(f func(ctx context.Context, e *ItemDecodeError)) ClientOption {
	return func(c *Client) { c.recv.undecodable = f }
}

// ToleratedCount is how many differences the client has tolerated in what
// it received since it was created (at most 256 per answer are counted).
func (c *Client) ToleratedCount() uint64 { return c.recv.count.Load() }

// reader returns a pooled reader over received data b.
func (rc *clientReceive) reader(b []byte) *jsonReader {
	return jsonGetReceived(b, rc != nil && rc.strict)
}

// report counts and hands on what r, reading buf, tolerated.
func (rc *clientReceive) report(method string, buf []byte, r *jsonReader) {
	if rc == nil || len(r.notes) == 0 {
		return
	}
	rc.count.Add(uint64(len(r.notes)))
	if rc.hook != nil {
		for _, t := range jsonTolerated(buf, r.notes) {
			rc.hook(method, t)
		}
	}
}

// clientItem is one item of a batch of updates: its value, or why it is
// not one.
type clientItem[T any] struct {
	V   T
	Bad *ItemDecodeError
}

// clientItems decodes the array result of an update list method item by
// item, in one pass: an item that does not decode costs that item alone
// (an *ItemDecodeError with its raw JSON and id), the others decode. Only
// an answer that is not well-formed JSON fails as a whole.
type clientItems[T any, PT jsonCodec[T]] struct {
	items *[]clientItem[T]
	idKey string
}

func (x clientItems[T, PT]) decodeJSON(r *jsonReader) error {
	s := (*x.items)[:0]
	defer func() { *x.items = s }()
	return clientEachItem(r, x.idKey, func(r *jsonReader) error {
		s = append(s, clientItem[T]{})
		return PT(&s[len(s)-1].V).decodeJSON(r)
	}, func(bad *ItemDecodeError) {
		s[len(s)-1] = clientItem[T]{Bad: bad}
	})
}

// clientEachItem walks the array of an update list answer: decode reads
// each item; when it fails, the item's raw JSON is copied and handed to
// bad with its id (the item's decoded part is the caller's to drop). Only
// an answer that is not well-formed JSON fails as a whole.
func clientEachItem(r *jsonReader, idKey string, decode func(r *jsonReader) error, bad func(e *ItemDecodeError)) error {
	if err := r.ArrStart(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		more, err := r.ArrNext()
		if !more {
			return err
		}
		m := r.Mark()
		err = decode(r)
		if err == nil {
			continue
		}
		r.Rewind(m)
		raw, rerr := r.RawCopy()
		if rerr != nil {
			return jsonErrIndex(err, i)
		}
		id, iderr := clientItemID(raw, idKey)
		bad(&ItemDecodeError{Field: idKey, ID: id, Raw: raw, Err: err, hasID: iderr == nil})
	}
}

// clientList decodes the array result of an update list method for the
// generated method that returns it (GetUpdates): every item that decodes,
// and, for one that does not, a value holding only its id (clientIDOnly)
// so that the caller's offset loop moves past it, without its id when that
// is unreadable too; the bad items are collected in bad.
type clientList[T any, PT jsonCodec[T]] struct {
	s     *[]T
	bad   *[]*ItemDecodeError
	idKey string
}

func (x clientList[T, PT]) decodeJSON(r *jsonReader) error {
	s := (*x.s)[:0]
	if s == nil {
		s = []T{}
	}
	defer func() { *x.s = s }()
	return clientEachItem(r, x.idKey, func(r *jsonReader) error {
		var zero T
		s = append(s, zero)
		return PT(&s[len(s)-1]).decodeJSON(r)
	}, func(bad *ItemDecodeError) {
		*x.bad = append(*x.bad, bad)
		if !bad.hasID {
			s = s[:len(s)-1]
			return
		}
		s[len(s)-1] = clientIDOnly[T, PT](x.idKey, bad.ID)
	})
}

// clientIDOnly is a value of T holding only the id idKey (the rest zero,
// and left out when written back, as missing from received data).
func clientIDOnly[T any, PT jsonCodec[T]](idKey string, id int64) T {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	w.ObjStart()
	w.Field(idKey)
	w.Int64(id)
	w.ObjEnd()
	var v T
	r := jsonGetReceived(w.Bytes(), false)
	defer jsonPutReader(r)
	if PT(&v).decodeJSON(r) != nil {
		var zero T
		return zero
	}
	return v
}

// clientUpdateList calls method, an update list, with p and returns every
// item it can read, in order, and each one it cannot as a value holding
// only its id (clientList); these go to the client's undecodable hook
// (WithUndecodableHook; logged by default). With WithStrictDecoding the
// first of them fails the call instead.
func clientUpdateList[T any, PT jsonCodec[T]](ctx context.Context, c *Client, method string, p clientParams, idKey string) ([]T, error) {
	var res []T
	var bad []*ItemDecodeError
	if err := c.call(ctx, method, p, clientList[T, PT]{&res, &bad, idKey}); err != nil {
		return nil, err
	}
	if len(bad) > 0 && c.recv.strict {
		return nil, clientWrap(method, bad[0])
	}
	for _, e := range bad {
		c.recv.reportUndecodable(ctx, e)
	}
	return res, nil
}

// reportUndecodable hands an update that does not decode to the hook, or
// logs it.
func (rc *clientReceive) reportUndecodable(ctx context.Context, e *ItemDecodeError) {
	if rc != nil && rc.undecodable != nil {
		rc.undecodable(ctx, e)
		return
	}
	clientLogUndecodable(nil)(ctx, e)
}

// clientFetchItems calls method, an update list, with p and decodes its
// items one by one (clientItems).
func clientFetchItems[T any, PT jsonCodec[T]](ctx context.Context, c *Client, method string, p clientParams, idKey string) ([]clientItem[T], error) {
	var items []clientItem[T]
	if err := c.call(ctx, method, p, clientItems[T, PT]{&items, idKey}); err != nil {
		return nil, err
	}
	return items, nil
}

// WebhookClient makes the webhook handler read deliveries as c reads
// answers: tolerantly, or strictly with WithStrictDecoding, reporting what
// it tolerated to c's hook and counter (method "webhook"). Without it the
// handler reads tolerantly and only counts, in no Client.
func WebhookClient(c *Client) WebhookOption {
	return func(cfg *clientWebhookConfig) {
		if c != nil {
			cfg.recv = c.recv
		}
	}
}

// WebhookOnUndecodable is called with each delivery that is well-formed
// JSON but not an update (with its id when readable, its raw JSON and the
// error). The delivery is answered with success all the same: a failure
// makes the service deliver it again and hold back the updates behind it.
// The default logs it with slog.Default.
func WebhookOnUndecodable(f func(ctx context.Context, e *ItemDecodeError)) WebhookOption {
	return func(cfg *clientWebhookConfig) { cfg.onUndecodable = f }
}

// clientLogUndecodable is the default handler of an update that does not
// decode: one log line with its id and the error (not its content).
func clientLogUndecodable(l *slog.Logger) func(ctx context.Context, e *ItemDecodeError) {
	return func(ctx context.Context, e *ItemDecodeError) {
		if l == nil {
			l = slog.Default()
		}
		l.ErrorContext(ctx, "update not decoded, skipped", e.Field, e.ID, "bytes", len(e.Raw), "error", e.Err)
	}
}

// clientUndecodable answers a webhook delivery body that did not decode
// (err): a well-formed JSON object is reported to cfg.onUndecodable and
// answered 200 (true); anything else is left to the caller's 400.
func clientUndecodable(ctx context.Context, cfg *clientWebhookConfig, w interface{ WriteHeader(int) }, body []byte, idKey string, err error) bool {
	r := jsonGetReader(body)
	ok := r.Next() == jsonKindObject && r.Skip() == nil && r.End() == nil
	jsonPutReader(r)
	if !ok {
		return false
	}
	raw := append([]byte(nil), body...)
	id, iderr := clientItemID(raw, idKey)
	e := &ItemDecodeError{Field: idKey, ID: id, Raw: raw, Err: err, hasID: iderr == nil}
	if cfg.onUndecodable != nil {
		cfg.onUndecodable(ctx, e)
	} else {
		cfg.recv.reportUndecodable(ctx, e)
	}
	w.WriteHeader(200)
	return true
}
